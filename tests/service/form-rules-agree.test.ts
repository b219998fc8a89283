/**
 * The service's verdicts on the shared table of form inputs (tests/shared/form-rule-cases.ts):
 * each case over HTTP to the real service, refused fields read from the 400's `data.fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardChoices,
  type FormName,
  formSender,
  type RuleCase,
  reviewInput,
  ruleCaseRows,
  ruleKeys,
} from '../shared/form-rule-cases.ts';
import { startTestService, type TestService } from './harness.ts';
import { adminSession } from './orders-fixture.ts';
import { createSession, type TestSession } from './session-fixture.ts';

type Route = {
  method: 'post' | 'put';
  path: string;
  body?: (values: Record<string, string>) => object;
};

const routes: Record<FormName, Route> = {
  login: { method: 'post', path: '/service/shop/shop-user/login' },
  register: { method: 'post', path: '/service/shop/shop-user/register' },
  passwordChange: { method: 'post', path: '/service/shop/shop-user/update-password' },
  profile: { method: 'put', path: '/service/shop/shop-user' },
  realName: { method: 'post', path: '/service/shop/user/real-name' },
  address: { method: 'post', path: '/service/shop/address' },
  // no such order or refund: the input is checked first, a good one then finds nothing
  refund: { method: 'post', path: '/service/shop/order/999999/refund' },
  review: { method: 'post', path: '/service/admin/refund/999999/review', body: reviewInput },
  product: { method: 'post', path: '/service/admin/product' },
  category: { method: 'post', path: '/service/admin/category' },
  homeCard: {
    method: 'post',
    path: '/service/admin/home-card',
    body: (values) => ({ ...values, ...cardChoices }),
  },
  ship: { method: 'post', path: '/service/admin/order/999999/ship' },
};

let service: TestService;
let shopper: TestSession;
let admin: TestSession;

beforeAll(async () => {
  // wrong old passwords and logins are the accepted cases here: no account may be locked by them
  service = await startTestService({ LOGIN_MAX_FAILURES: '1000' });
  shopper = await createSession(service);
  admin = await adminSession(service);
});
afterAll(() => service.close());

/** The fields the service refuses by a form rule, sorted; none when the rules accept the input. */
async function serviceVerdict(ruleCase: RuleCase): Promise<string[]> {
  const route = routes[ruleCase.form];
  let call = service.http[route.method](route.path);
  const sender = formSender[ruleCase.form];
  if (sender !== 'anonymous') call = call.set((sender === 'admin' ? admin : shopper).headers);
  const res = await call.send(route.body ? route.body(ruleCase.values) : ruleCase.values);
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
