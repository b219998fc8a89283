/** /404 says what it is in its status too. */
import type { RouteServer } from '../../app/route-server.ts';

export const critical: RouteServer['critical'] = async () => ({ status: 404 });
