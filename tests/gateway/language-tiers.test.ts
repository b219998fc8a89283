// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A browser whose first language the shop does not speak, with English second: the texts the
 * service writes (a validation refusal) and those the gateway writes itself (the sign-in an
 * anonymous cart needs) come in the same language, the one `en-GB` gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }`;
const CREATE_ADDRESS = `mutation($input: CreateAddressInput!) { createAddress(input: $input) {
  address { id } userErrors { field message } } }`;
const ADD = `mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { id } } }`;

const FRENCH_THEN_ENGLISH = { 'accept-language': 'fr-FR, en;q=0.8' };
const ENGLISH = { 'accept-language': 'en-GB' };
const ASCII = /^[\x20-\x7e]+$/;

describe('one language for the texts of both tiers', () => {
  let h: GatewayHarness;
  let demo: ReturnType<GatewayHarness['jar']>;
  beforeAll(async () => {
    h = await startGatewayHarness();
    demo = h.jar();
    const login = await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar: demo });
    expect(login.errors).toBeUndefined();
  });
  afterAll(() => h.close());

  it('a service validation message follows the first supported language, English', async () => {
    const input = { recipient: ' ', phone: '123', city: '北京市 北京市', detail: '长安街 1 号' };
    const messages = async (headers?: Record<string, string>) => {
      const res = await h.gql<any>(CREATE_ADDRESS, { input }, { jar: demo, headers });
      expect(res.errors).toBeUndefined();
      return res.data.createAddress.userErrors.map((e: any) => e.message) as string[];
    };
    const [french, english, chinese] = [
      await messages(FRENCH_THEN_ENGLISH),
      await messages(ENGLISH),
      await messages(),
    ];
    expect(french.length).toBeGreaterThan(0);
    expect(french).toEqual(english);
    for (const message of french) expect(message).toMatch(ASCII);
    expect(chinese).not.toEqual(english);
  });

  it("the gateway's own error text follows the same rule", async () => {
    const alterMsg = async (headers?: Record<string, string>) => {
      const res = await h.gql<any>(ADD, { input: { productId: '1', quantity: 1 } }, { headers });
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      return String(res.errors?.[0].extensions?.alterMsg);
    };
    const [french, english, chinese] = [
      await alterMsg(FRENCH_THEN_ENGLISH),
      await alterMsg(ENGLISH),
      await alterMsg(),
    ];
    expect(french).toBe(english);
    expect(french).toMatch(ASCII);
    expect(chinese).not.toBe(english);
  });
});
