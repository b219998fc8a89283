/**
 * The route map (common/rest/routes.ts) says which routes need the session; the gateway refuses
 * a call of such a route without one and never sends a token to a public one. Here the real
 * service answers each route of the map without a token: a route marked `auth` must answer 401
 * (so it is registered, and guarded), a public one must not ask for a session.
 */
import { pathOf, type Route, routes } from '@shop/common/rest/routes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.close();
});

const all: Array<[string, Route]> = Object.entries(routes).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, Route>).map(([name, route]): [string, Route] => [
    `${domain}.${name}`,
    route,
  ]),
);

/** Every `:param` as `1`: enough to reach the handler (or its guard). */
const address = (route: Route) => {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return `/service${pathOf(route.path, Object.fromEntries(names.map((name) => [name, '1'])))}`;
};

const send = (route: Route) => service.http[route.method](address(route)).send({});

describe('the route map and the service agree on the session', () => {
  it('has routes of both kinds', () => {
    expect(all.filter(([, route]) => route.auth === true).length).toBeGreaterThan(50);
    expect(all.filter(([, route]) => route.auth === false).length).toBeGreaterThan(10);
  });

  it.each(all.filter(([, route]) => route.auth === true))(
    '%s answers 401 without a session',
    async (_name, route) => {
      const res = await send(route);
      expect(res.status).toBe(401);
    },
  );

  it.each(all.filter(([, route]) => route.auth !== true))(
    '%s answers without a session',
    async (_name, route) => {
      const res = await send(route);
      expect(res.status).not.toBe(401);
      expect(res.status).not.toBe(403);
      expect(res.status).toBeLessThan(500);
    },
  );
});
