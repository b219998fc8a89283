/**
 * Preloaded (`--import`) into the service and the gateway `npm start` runs: should the launcher
 * die without stopping them (SIGKILL, a crash), each sends itself SIGTERM, drains as on any stop
 * and frees its port, instead of living on as an orphan.
 */
import { whenParentGone } from './parent-gone.ts';

whenParentGone(() => process.kill(process.pid, 'SIGTERM'));
