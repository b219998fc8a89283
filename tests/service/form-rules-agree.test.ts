/**
 * The service's verdicts on the shared table of form inputs (tests/shared/form-rule-cases.ts):
 * each case over HTTP to the real service, refused fields read from the 400's `data.fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormName, type RuleCase, ruleCaseRows, ruleKeys } from '../shared/form-rule-cases.ts';
import { startTestService, type TestService } from './harness.ts';
import { createSession, type TestSession } from './session-fixture.ts';

const routes: Record<FormName, { method: 'post' | 'put'; path: string; auth: boolean }> = {
  login: { method: 'post', path: '/service/shop/shop-user/login', auth: false },
  register: { method: 'post', path: '/service/shop/shop-user/register', auth: false },
  passwordChange: { method: 'post', path: '/service/shop/shop-user/update-password', auth: true },
  profile: { method: 'put', path: '/service/shop/shop-user', auth: true },
  realName: { method: 'post', path: '/service/shop/user/real-name', auth: true },
  address: { method: 'post', path: '/service/shop/address', auth: true },
  // no such order: the reason is checked first, a good one then finds no order
  refund: { method: 'post', path: '/service/shop/order/999999/refund', auth: true },
};

let service: TestService;
let shopper: TestSession;

beforeAll(async () => {
  // wrong old passwords and logins are the accepted cases here: no account may be locked by them
  service = await startTestService({ LOGIN_MAX_FAILURES: '1000' });
  shopper = await createSession(service);
});
afterAll(() => service.close());

/** The fields the service refuses by a form rule, sorted; none when the rules accept the input. */
async function serviceVerdict(ruleCase: RuleCase): Promise<string[]> {
  const route = routes[ruleCase.form];
  let call = service.http[route.method](route.path);
  if (route.auth) call = call.set(shopper.headers);
  const res = await call.send(ruleCase.values);
  if (res.status !== 400) return [];
  const fields = (res.body.data?.fields ?? {}) as Record<string, string>;
  expect(
    Object.values(fields).every((key) => ruleKeys.has(key)),
    JSON.stringify(res.body),
  ).toBe(true);
  return Object.keys(fields).sort();
}

describe('the service applies the shared form rules', () => {
  it.each(ruleCaseRows)('%s: %s', async (_form, _name, ruleCase) => {
    expect(await serviceVerdict(ruleCase)).toEqual(ruleCase.refused);
  });
});
