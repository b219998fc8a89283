// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A GraphQL body whose text is not well-formed Unicode is refused whole by the gateway (400,
 * BAD_REQUEST), before any operation runs: bytes that are not UTF-8 (a lenient decoder would put
 * U+FFFD in their place) and JSON escapes of lone surrogates (SQLite would keep their bytes, which
 * are not UTF-8). Nothing reaches the service and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, rawRequest, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const CREATE =
  'mutation($input: CreateAddressInput!) { createAddress(input: $input) { userErrors { code } } }';

describe('gateway: text that is not text', () => {
  let h: GatewayHarness;
  let bearer: string;
  let userId: number;
  beforeAll(async () => {
    h = await startGatewayHarness();
    const login = await h.gql<any>(LOGIN, {
      input: { account: 'demo', password: 'demo123', transport: 'BEARER' },
    });
    bearer = login.data.login.sessionToken;
    const user = await h.service.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterAll(() => h.close());

  const addressCount = async () =>
    (await h.service.ctx.db.selectFrom('addresses').select('id').where('user_id', '=', userId).execute())
      .length;

  /** A createAddress request with `recipient` spliced in as raw bytes (between the JSON quotes). */
  const post = (recipient: Buffer) =>
    rawRequest(h.url, {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: Buffer.concat([
        Buffer.from(`{"query":${JSON.stringify(CREATE)},"variables":{"input":{"recipient":"`),
        recipient,
        Buffer.from('","phone":"13900000000","city":"北京市","detail":"朝阳区 1 号"}}}'),
      ]),
    });

  it('refuses bytes that are not UTF-8 and lone surrogates, before the service, storing nothing', async () => {
    const before = await addressCount();
    h.resetServiceLog();
    const bodies = [
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from([0xc0, 0xaf]),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('a\\ud800b'),
      Buffer.from('\\udc00x'),
    ];
    for (const recipient of bodies) {
      const res = await post(recipient);
      expect(res.status, recipient.toString('hex')).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ message: 'Request text is not well-formed Unicode', extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    expect(h.serviceCalls('POST /service/shop/address')).toBe(0);
    expect(await addressCount()).toBe(before);
  });

  it('stores a surrogate pair, escaped or not, as the character it is', async () => {
    for (const recipient of [Buffer.from('李\\ud842\\udfb7'), Buffer.from('李𠮷')]) {
      const res = await post(recipient);
      expect(res.status).toBe(200);
      expect(res.json().data.createAddress.userErrors).toEqual([]);
    }
    const stored = await h.service.ctx.db
      .selectFrom('addresses')
      .select('recipient')
      .where('user_id', '=', userId)
      .where('recipient', '=', '李𠮷')
      .execute();
    expect(stored).toHaveLength(2);
  });
});
