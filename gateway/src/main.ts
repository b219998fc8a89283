/**
 * The gateway process (`tsx gateway/src/main.ts`, on :4000 under npm start). On SIGTERM/SIGINT /readyz turns
 * 503, the server stops accepting and drains, Apollo stops, the undici pool closes (common/shutdown.ts).
 */
import { createLimitedServer } from '@shop/common/http-limits.ts';
import { createLogger } from '@shop/common/logging.ts';
import { orExit } from '@shop/common/settings/read.ts';
import { stopOnSignals } from '@shop/common/shutdown.ts';
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

stopOnSignals(httpServer, log, { drain: gateway.drain, close: gateway.close, forceAfterMs: 15_000 });
