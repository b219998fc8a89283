/**
 * The session edge (gateway/src/session/edge.ts) that GraphQL operations and the upload proxy
 * share: renewal and replay after a 401, how an exchange ends the session, and what the answer
 * carries and records about it.
 */
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { describe, expect, it } from 'vitest';
import { sendWithRenewal, settleSession } from '../../gateway/src/session/edge.ts';
import { EndedSessions } from '../../gateway/src/session/ended.ts';
import { RequestSession } from '../../gateway/src/session/handle.ts';
import { RefreshFailed, RefreshFlights } from '../../gateway/src/session/refresh.ts';
import { sealSession } from '../../gateway/src/session/seal.ts';
import type { UpstreamAnswer, UpstreamCall } from '../../gateway/src/upstream/types.ts';

const key = new Uint8Array(32).fill(9);
const options = { key, ttlMs: 60_000 };

async function sessionWith(accessToken: string, refreshToken = 'rt-1') {
  const sealed = await sealSession({ accessToken, refreshToken, defaultPassword: false }, key, 60_000);
  return RequestSession.fromRequest({ cookie: `shop_session=${sealed}` }, false, options);
}

const renewedTo = (accessToken: string) => async (): Promise<UpstreamAnswer> => ({
  status: 200,
  envelope: {
    success: true,
    data: { accessToken, refreshToken: `${accessToken}-rt`, defaultPassword: false },
    message: 'ok',
    alterMsg: null,
    type: 1,
  },
});
const refused = async (): Promise<UpstreamAnswer> => ({ status: 401, envelope: null });

/** The service as the edge sees it: a status per access token, and every token it was sent. */
function service(statusOf: (token: string | undefined) => number) {
  const tokens: Array<string | undefined> = [];
  const send = async (token: string | undefined) => {
    tokens.push(token);
    return { status: statusOf(token) };
  };
  return { send, tokens };
}

describe('sendWithRenewal', () => {
  it('answers without renewing when the access token is accepted', async () => {
    const session = await sessionWith('at-1');
    const { send, tokens } = service(() => 200);
    const refreshes: UpstreamCall[] = [];
    const sent = await sendWithRenewal(session, new RefreshFlights(1000), send, async (call) => {
      refreshes.push(call);
      return renewedTo('at-2')();
    });
    expect(sent).toEqual({ ended: false, answer: { status: 200 } });
    expect(tokens).toEqual(['at-1']);
    expect(refreshes).toEqual([]);
  });

  it('renews an expired access token once and replays with the new one', async () => {
    const session = await sessionWith('at-1');
    const { send, tokens } = service((token) => (token === 'at-2' ? 200 : 401));
    const refreshes: UpstreamCall[] = [];
    const sent = await sendWithRenewal(session, new RefreshFlights(1000), send, async (call) => {
      refreshes.push(call);
      return renewedTo('at-2')();
    });
    expect(sent).toEqual({ ended: false, answer: { status: 200 } });
    expect(tokens).toEqual(['at-1', 'at-2']);
    expect(refreshes).toEqual([
      expect.objectContaining({ path: '/refresh-token', body: { refreshToken: 'rt-1' } }),
    ]);
    expect(session.current?.accessToken).toBe('at-2');
  });

  it('ends the session without a replay when the renewal is refused', async () => {
    const session = await sessionWith('at-1');
    const { send, tokens } = service(() => 401);
    const sent = await sendWithRenewal(session, new RefreshFlights(1000), send, refused);
    expect(sent).toEqual({ ended: true, answer: { status: 401 }, replayed: false });
    expect(tokens).toEqual(['at-1']);
    expect(session.ended).toBe(true);
  });

  it('ends the session when the service refuses even the renewed token', async () => {
    const session = await sessionWith('at-1');
    const { send, tokens } = service(() => 401);
    const sent = await sendWithRenewal(session, new RefreshFlights(1000), send, renewedTo('at-2'));
    expect(sent).toEqual({ ended: true, answer: { status: 401 }, replayed: true });
    expect(tokens).toEqual(['at-1', 'at-2']);
    expect(session.ended).toBe(true);
  });

  it('keeps the session when the service fails the renewal', async () => {
    const session = await sessionWith('at-1');
    const { send } = service(() => 401);
    const failing = async (): Promise<UpstreamAnswer> => ({ status: 503, envelope: null });
    await expect(sendWithRenewal(session, new RefreshFlights(1000), send, failing)).rejects.toBeInstanceOf(
      RefreshFailed,
    );
    expect(session.ended).toBe(false);
    expect(session.current?.accessToken).toBe('at-1');
  });

  it('sends without a token and never renews for a request without a session', async () => {
    const session = await RequestSession.fromRequest({}, false, options);
    const { send, tokens } = service(() => 401);
    const sent = await sendWithRenewal(session, new RefreshFlights(1000), send, renewedTo('at-2'));
    expect(sent).toEqual({ ended: false, answer: { status: 401 } });
    expect(tokens).toEqual([undefined]);
  });
});

describe('settleSession', () => {
  const ended = () => new EndedSessions(new InMemoryLRUCache<string>(), 30);

  it('marks a session that ended under the key it came with, and clears the cookie uncached', async () => {
    const session = await sessionWith('at-1');
    const openedKey = session.openedCacheKey;
    expect(openedKey).not.toBeNull();
    const marks = ended();
    session.clear();
    const write = await settleSession(session, marks);
    expect(write.noStore).toBe(true);
    expect(write.setCookies).toEqual([expect.stringMatching(/^shop_session=;.*Max-Age=0/)]);
    expect(await marks.ended(openedKey as string)).toBe(true);
  });

  it('records nothing for a renewed session, whose new cookie is not to be stored either', async () => {
    const session = await sessionWith('at-1');
    const openedKey = session.openedCacheKey as string;
    const marks = ended();
    session.renew({ accessToken: 'at-2', refreshToken: 'rt-2', defaultPassword: false });
    const write = await settleSession(session, marks);
    expect(write.noStore).toBe(true);
    expect(write.setCookies).toEqual([expect.stringMatching(/^shop_session=.+HttpOnly/)]);
    expect(await marks.ended(openedKey)).toBe(false);
  });

  it('writes nothing for a session left as it came', async () => {
    const session = await sessionWith('at-1');
    const write = await settleSession(session, ended());
    expect(write).toEqual({ setCookies: [], bearerToken: undefined, noStore: false });
  });
});
