import { createLimitedServer } from '@shop/common/http-limits.ts';
import { orExit } from '@shop/common/settings/read.ts';
import { stopOnSignals } from '@shop/common/shutdown.ts';
import { createApp } from './app.ts';
import { bootService } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { startJobs } from './jobs.ts';

const config = orExit('shop service', () => loadConfig());
const service = await bootService(config);
const app = createApp(service.ctx);
const stopJobs = startJobs(service.ctx);
const server = createLimitedServer(config.httpLimits, app, config.isTrustedProxy).listen(config.port, () => {
  service.ctx.log.info(
    { port: config.port, database: service.database.dialect },
    `shop service listening on http://localhost:${config.port}/service`,
  );
});

stopOnSignals(server, service.ctx.log, { drain: stopJobs, close: service.close, forceAfterMs: 10_000 });
