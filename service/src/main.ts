import { createLimitedServer } from '@shop/common/http-limits.ts';
import { orExit } from '@shop/common/settings/read.ts';
import { flushTelemetry } from '@shop/common/telemetry/flush.ts';
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

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  service.ctx.log.info({ signal }, 'shutting down');
  stopJobs();
  server.close(async () => {
    await service.close();
    await flushTelemetry();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
