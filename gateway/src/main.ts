/**
 * The gateway process: `tsx gateway/src/main.ts` (npm start runs it on :4000 next to the service).
 * SIGTERM/SIGINT: /readyz turns 503, the HTTP server stops accepting and drains in-flight
 * requests, Apollo stops, the undici pool closes, then the process exits.
 */
import { createLimitedServer } from '@shop/common/http-limits.ts';
import { createLogger } from '@shop/common/logging.ts';
import { orExit } from '@shop/common/settings/read.ts';
import { flushTelemetry } from '@shop/common/telemetry/flush.ts';
import { loadGatewayConfig } from './config.ts';
import { createGateway } from './server.ts';

const config = orExit('shop gateway', () => loadGatewayConfig());
const log = createLogger(config.logLevel, 'shop-gateway');
if (config.session.secureCookies && config.trustProxy === false) {
  log.warn(
    { publicOrigin: config.publicOrigin },
    'PUBLIC_ORIGIN is https but GATEWAY_TRUST_PROXY is unset: the gateway cannot see the original scheme or client address behind the TLS proxy (session cookies are still Secure; every client shares the proxy address for login throttling and connection limits)',
  );
}
const gateway = await createGateway(config, { logger: log });
const httpServer = createLimitedServer(config.httpLimits, gateway.handler, config.isTrustedProxy);
httpServer.listen(config.port, () => {
  log.info(
    { port: config.port, serviceUrl: config.serviceUrl, playground: config.playground },
    `shop gateway listening on http://localhost:${config.port}/graphql`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: draining requests');
  gateway.drain();
  const force = setTimeout(() => {
    log.warn('drain timed out; exiting');
    process.exit(1);
  }, 15_000);
  force.unref();
  httpServer.close(async () => {
    await gateway.close();
    await flushTelemetry();
    log.info('gateway stopped');
    process.exit(0);
  });
  // Idle keep-alive connections would hold close() open.
  httpServer.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
