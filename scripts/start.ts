/**
 * `npm start`: runs the shop service (:4001). Extended as the gateway and web app land.
 */
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, ['--import', 'tsx', 'service/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
