import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { type Shopper, startShop } from './orders-fixture.ts';

/**
 * A body whose text is not well-formed Unicode is refused whole (400 '请求中含有无效的文字编码',
 * nothing stored): bytes that are not UTF-8 (which a lenient decoder turns into U+FFFD) and JSON
 * escapes of lone surrogates (which SQLite would keep as bytes that are not UTF-8).
 */
/** The bytes as given: superagent would otherwise serialize a Buffer as JSON. */
const asIs = (body: unknown) => body as string;

describe('hardening: text that is not text', () => {
  let service: TestService, buyer: Shopper;
  beforeAll(async () => ({ service, buyer } = await startShop()));
  afterAll(() => service.close());

  const addressCount = async () =>
    (await service.ctx.db.selectFrom('addresses').select('id').where('user_id', '=', buyer.userId).execute())
      .length;
  const postAddress = (body: Buffer, type = 'application/json', locale = 'zh-CN') =>
    service.http
      .post('/service/shop/address')
      .set(buyer.headers)
      .set('Accept-Language', locale)
      .set('Content-Type', type)
      .serialize(asIs)
      .send(body);
  /** An address body with `recipient` spliced in as raw bytes (between the JSON quotes). */
  const withRecipient = (raw: Buffer) =>
    Buffer.concat([
      Buffer.from('{"recipient":"'),
      raw,
      Buffer.from('","phone":"13900000000","city":"北京市","detail":"朝阳区 1 号"}'),
    ]);

  it('refuses bytes that are not UTF-8, and stores nothing', async () => {
    const before = await addressCount();
    for (const bytes of [
      [0xff, 0xfe, 0x41],
      [0xc0, 0xaf],
      [0xe6, 0x9d],
      [0xed, 0xa0, 0x80],
    ]) {
      const res = await postAddress(withRecipient(Buffer.from(bytes)));
      expect(res.status, `${Buffer.from(bytes).toString('hex')}: ${res.text}`).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'common.malformedText',
        alterMsg: '请求中含有无效的文字编码',
      });
    }
    const en = await postAddress(withRecipient(Buffer.from([0xff])), 'application/json', 'en-GB');
    expect(en.body.alterMsg).toBe('The request contains text that is not valid Unicode');
    expect(await addressCount()).toBe(before);
  });

  it('refuses a lone surrogate escaped in a value or a name, and stores nothing', async () => {
    const before = await addressCount();
    for (const escaped of ['a\\ud800b', 'a\\udc00', '\\ud800', 'x\\ude00\\ud83d']) {
      const res = await postAddress(withRecipient(Buffer.from(escaped)));
      expect(res.status, `${escaped}: ${res.text}`).toBe(400);
      expect(res.body.message).toBe('common.malformedText');
    }
    const named = await postAddress(
      Buffer.from('{"recipient":"李四","phone":"13900000000","city":"北京市","detail":"朝阳区","\\ud800":1}'),
    );
    expect(named.status, named.text).toBe(400);
    expect(named.body.message).toBe('common.malformedText');
    expect(await addressCount()).toBe(before);
  });

  it('keeps a surrogate pair, escaped or not, as the character it is', async () => {
    for (const recipient of [Buffer.from('李\\ud842\\udfb7'), Buffer.from('李𠮷')]) {
      const res = await postAddress(withRecipient(recipient));
      expect(res.status, res.text).toBe(200);
    }
    const stored = await service.ctx.db
      .selectFrom('addresses')
      .select('recipient')
      .where('user_id', '=', buyer.userId)
      .where('recipient', '=', '李𠮷')
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('refuses a form body that is not UTF-8', async () => {
    const res = await service.http
      .post('/service/shop/shop-user/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .serialize(asIs)
      .send(Buffer.from([...Buffer.from('account=demo'), 0xff, ...Buffer.from('&password=demo123')]));
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('common.malformedText');
  });
});
