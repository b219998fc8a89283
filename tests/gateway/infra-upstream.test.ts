/**
 * SessionUpstream over a fake UpstreamTransport (the interface the undici client implements):
 * session attachment, refresh single flight inside one request, refresh outages, and calls that
 * need a session.
 */

import type { Envelope } from '@shop/common/rest/envelope.ts';
import { describe, expect, it } from 'vitest';
import { RequestSession } from '../../gateway/src/session/handle.ts';
import { RefreshFlights } from '../../gateway/src/session/refresh.ts';
import { sealSession } from '../../gateway/src/session/seal.ts';
import { SessionUpstream } from '../../gateway/src/session/upstream.ts';
import { UpstreamTransportError } from '../../gateway/src/upstream/errors.ts';
import type { Notice, UpstreamTransport } from '../../gateway/src/upstream/types.ts';

const key = new Uint8Array(32).fill(7);
const ok = (data: unknown, alterMsg: string | null = null): Envelope<unknown> => ({
  success: true,
  data,
  message: alterMsg ? 'common.saved' : 'ok',
  alterMsg,
  type: 1,
});

type Sent = Parameters<UpstreamTransport['send']>[0];

function fakeTransport(
  handler: (call: Sent) => Promise<{ status: number; envelope: Envelope<unknown> | null }>,
) {
  const sent: Sent[] = [];
  const transport: UpstreamTransport = {
    send: async (call) => {
      sent.push(call);
      return handler(call);
    },
  };
  return { transport, sent };
}

async function sessionWith(accessToken: string, refreshToken = 'rt-1') {
  const sealed = await sealSession({ accessToken, refreshToken, defaultPassword: false }, key, 60_000);
  return RequestSession.fromRequest({ cookie: `shop_session=${sealed}` }, false, { key, ttlMs: 60_000 });
}

function upstreamFor(
  transport: UpstreamTransport,
  session: RequestSession,
  flights = new RefreshFlights(1000),
) {
  const notices: Notice[] = [];
  return {
    upstream: new SessionUpstream({ transport, session, flights, acceptLanguage: 'en-GB', notices }),
    notices,
  };
}

describe('SessionUpstream', () => {
  it('attaches the access token and the caller language, and collects notices', async () => {
    const { transport, sent } = fakeTransport(async () => ({
      status: 200,
      envelope: ok({ id: 1 }, 'Saved'),
    }));
    const session = await sessionWith('at-1');
    const { upstream, notices } = upstreamFor(transport, session);
    expect(await upstream.call({ method: 'PUT', path: '/shop/address/1', body: {} })).toEqual({ id: 1 });
    expect(sent[0]).toMatchObject({ accessToken: 'at-1', locale: 'en-GB' });
    expect(notices).toEqual([{ message: 'common.saved', alterMsg: 'Saved', type: 1 }]);
    expect(upstream.callCount).toBe(1);
  });

  it('refuses a call that needs a session without one, with no upstream call', async () => {
    const { transport, sent } = fakeTransport(async () => ({ status: 200, envelope: ok(null) }));
    const session = await RequestSession.fromRequest({}, false, { key, ttlMs: 60_000 });
    const { upstream } = upstreamFor(transport, session);
    await expect(upstream.call({ method: 'GET', path: '/shop/cart', auth: true })).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(sent).toHaveLength(0);
  });

  it('parallel 401s inside one request share one refresh and are replayed', async () => {
    let refreshes = 0;
    const { transport, sent } = fakeTransport(async (call) => {
      if (call.path === '/refresh-token') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 20));
        return {
          status: 200,
          envelope: ok({ accessToken: 'at-2', refreshToken: 'rt-2', defaultPassword: false }),
        };
      }
      return call.accessToken === 'at-2'
        ? { status: 200, envelope: ok(call.path) }
        : { status: 401, envelope: null };
    });
    const session = await sessionWith('at-1');
    const { upstream } = upstreamFor(transport, session);
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const results = await Promise.all(paths.map((path) => upstream.call({ method: 'GET', path })));
    expect(results).toEqual(paths);
    expect(refreshes).toBe(1);
    expect(sent.filter((c) => c.path === '/refresh-token')[0]).toMatchObject({
      method: 'POST',
      body: { refreshToken: 'rt-1' },
      accessToken: undefined,
    });
    expect(session.current?.accessToken).toBe('at-2');
    expect((await session.outcome()).setCookies[0]).toMatch(/^shop_session=.+HttpOnly/);
  });

  it('keeps the session when the refresh cannot reach the service (UPSTREAM_UNAVAILABLE)', async () => {
    const { transport } = fakeTransport(async (call) => {
      if (call.path === '/refresh-token') throw new UpstreamTransportError('unreachable', 'ECONNREFUSED');
      return { status: 401, envelope: null };
    });
    const session = await sessionWith('at-1');
    const { upstream } = upstreamFor(transport, session);
    await expect(upstream.call({ method: 'GET', path: '/shop/cart' })).rejects.toMatchObject({
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect(session.isAuthenticated).toBe(true);
    expect((await session.outcome()).setCookies).toEqual([]);
  });

  it('ends the session when the refresh is refused', async () => {
    const { transport } = fakeTransport(async (call) =>
      call.path === '/refresh-token'
        ? {
            status: 401,
            envelope: { success: false, data: null, message: 'x', alterMsg: 'expired', type: 2 },
          }
        : { status: 401, envelope: null },
    );
    const session = await sessionWith('at-1');
    const { upstream } = upstreamFor(transport, session);
    await expect(upstream.call({ method: 'GET', path: '/shop/cart' })).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(session.isAuthenticated).toBe(false);
    expect((await session.outcome()).setCookies[0]).toMatch(/^shop_session=;.*Max-Age=0/);
  });

  it('shares a finished refresh with late requests of the same session (one call for all)', async () => {
    let refreshes = 0;
    const flights = new RefreshFlights(5000);
    const { transport } = fakeTransport(async (call) => {
      if (call.path === '/refresh-token') {
        refreshes += 1;
        return {
          status: 200,
          envelope: ok({ accessToken: 'at-2', refreshToken: 'rt-2', defaultPassword: false }),
        };
      }
      return call.accessToken === 'at-2' ? { status: 200, envelope: ok(1) } : { status: 401, envelope: null };
    });
    for (let i = 0; i < 3; i++) {
      const { upstream } = upstreamFor(transport, await sessionWith('at-1'), flights);
      expect(await upstream.call({ method: 'GET', path: '/x' })).toBe(1);
    }
    expect(refreshes).toBe(1);
  });
});
