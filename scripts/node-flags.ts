/**
 * Node flags of the shop's processes as `npm start` and `npm run start:cluster` run them (the
 * render bench starts the gateway with the same).
 *
 * The gateway renders pages, and a render allocates a great many short-lived objects (React's
 * stream, Apollo's results, styled-components' rules). V8's young generation is 16 MB by default;
 * at 32 MB per semi-space fewer objects survive into the old generation and each page costs 5-10 %
 * less CPU (docs/performance.md), for about 50 MB more memory per gateway. The gateway workspace's
 * own `start` script (a tier deployed alone) passes the same flag.
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/** The flags of the process that runs `entry` (the gateway's or the service's main module). */
export const nodeFlagsFor = (entry: string): readonly string[] =>
  entry.startsWith('gateway/') || entry.startsWith('./gateway/') ? GATEWAY_NODE_FLAGS : [];
