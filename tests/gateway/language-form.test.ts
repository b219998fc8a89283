/**
 * The language switcher sent without JavaScript (web-server/src/language-form.ts): `POST /language`
 * from this site writes the `shop_locale` cookie the scripted switcher writes, so the pages that
 * follow are in that language, and goes back to the page it came from without its `?lang=` (which
 * would override the choice). Another site's form changes nothing; a place off the site is /home.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const FORM = 'application/x-www-form-urlencoded';

describe('the language form', () => {
  let h: GatewayHarness;

  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h.close());

  const send = (body: Record<string, string>, origin = h.url) =>
    h.http
      .post('/language')
      .set('origin', origin)
      .set('content-type', FORM)
      .send(new URLSearchParams(body).toString());

  const localeCookies = (header: string[] | string | undefined) =>
    ([] as string[]).concat(header ?? []).filter((cookie) => cookie.startsWith('shop_locale='));

  it('keeps the choice for a year and shows the page again without its ?lang=', async () => {
    const res = await send({ locale: 'en-GB', redirect: '/category/search-result?keyword=手机&lang=zh-CN' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/category/search-result?keyword=%E6%89%8B%E6%9C%BA');
    expect(res.headers['cache-control']).toBe('no-store');
    const [cookie] = localeCookies(res.headers['set-cookie']);
    expect(cookie).toMatch(/^shop_locale=en-GB; Max-Age=31536000; Path=\/; SameSite=Lax/);
    // the scripted switcher reads it too: not HttpOnly
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('changes nothing for a language the shop does not have, or a form from another site', async () => {
    const unknown = await send({ locale: 'fr-FR', redirect: '/cart' });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.location).toBe('/cart');
    expect(localeCookies(unknown.headers['set-cookie'])).toEqual([]);

    const elsewhere = await send({ locale: 'en-GB', redirect: '/cart' }, 'https://evil.example');
    expect(elsewhere.status).toBe(403);
    expect(localeCookies(elsewhere.headers['set-cookie'])).toEqual([]);
  });

  it('sends a place off the site to /home', async () => {
    const res = await send({ locale: 'zh-CN', redirect: '//evil.example/' });
    expect(res.headers.location).toBe('/home');
  });
});
