/**
 * `tsx scripts/config-tables.ts`: writes docs/configuration.md's Service, Gateway and `npm start` configuration
 * tables from their settings schemas (.ci/run regenerates them and fails when the committed ones differ).
 */
import fs from 'node:fs';
import { settingsTable, withTable } from '../common/settings/tables.ts';
import { gatewaySettings } from '../gateway/src/settings.ts';
import { serviceSettings } from '../service/src/settings.ts';
import { startSettings } from './start-settings.ts';

const file = new URL('../docs/configuration.md', import.meta.url);
let readme = fs.readFileSync(file, 'utf8');
readme = withTable(readme, 'service', settingsTable(serviceSettings));
readme = withTable(readme, 'gateway', settingsTable(gatewaySettings));
readme = withTable(readme, 'start', settingsTable(startSettings));
fs.writeFileSync(file, readme);
