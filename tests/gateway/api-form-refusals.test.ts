/**
 * The gateway checks no form input itself: it passes the input to the service and answers the
 * service's refused fields as `userErrors` at `['input', field]`, with a form rule's code. What
 * can go wrong here is the way back, a REST field that is not the GraphQL input's: so for each
 * form's mutation, enough refused cases of the shared table (tests/shared/form-rule-cases.ts,
 * whose verdicts the service suite checks in full) that every field a rule can refuse is refused
 * once and must come back under its own name; and each form's first accepted case, which must
 * come back with no rule's refusal (the gateway adds none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userErrorCodes } from '../../gateway/src/__generated__/user-error-codes.ts';
import {
  cardChoices,
  type FormName,
  formSender,
  type RuleCase,
  reviewInput,
  ruleCases,
  ruleKeys,
} from '../shared/form-rule-cases.ts';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const ruleCodes = new Set([...ruleKeys].map((key) => userErrorCodes[key]));

type Mutation = {
  field: string;
  type: string;
  /** The mutation's input from the case's values. */
  input?: (values: Record<string, string>) => object;
};

/** Each form's mutation, as the web app sends it. */
const mutations: Record<FormName, Mutation> = {
  login: { field: 'login', type: 'LoginInput' },
  register: { field: 'register', type: 'RegisterInput' },
  passwordChange: { field: 'changePassword', type: 'ChangePasswordInput' },
  profile: { field: 'updateProfile', type: 'UpdateProfileInput' },
  realName: { field: 'verifyRealName', type: 'VerifyRealNameInput' },
  address: { field: 'createAddress', type: 'CreateAddressInput' },
  // no such order or refund: the input is checked first, a good one then finds nothing
  refund: {
    field: 'applyRefund',
    type: 'ApplyRefundInput',
    input: (values) => ({ ...values, orderId: '999999' }),
  },
  review: {
    field: 'reviewRefund',
    type: 'ReviewRefundInput',
    input: (values) => ({ ...reviewInput(values), refundId: '999999' }),
  },
  // stock is an Int in GraphQL: the table's stock values are all whole numbers
  product: {
    field: 'createProduct',
    type: 'CreateProductInput',
    input: (values) => ({ ...values, stock: Number(values.stock) }),
  },
  category: { field: 'createCategory', type: 'CreateCategoryInput' },
  homeCard: {
    field: 'createHomeCard',
    type: 'CreateHomeCardInput',
    input: (values) => ({ ...values, ...cardChoices }),
  },
  ship: { field: 'shipOrder', type: 'ShipOrderInput', input: (values) => ({ ...values, orderId: '999999' }) },
};

let h: GatewayHarness;
let shopper: CookieJar;
let admin: CookieJar;

beforeAll(async () => {
  // wrong old passwords and logins are the accepted cases here: no account may be locked by them
  h = await startGatewayHarness({ serviceEnv: { LOGIN_MAX_FAILURES: '1000' } });
  shopper = h.jar();
  const signUp = await h.gql(
    'mutation($input: RegisterInput!) { register(input: $input) { userErrors { code } } }',
    { input: { username: 'table_shopper', password: 'abc123', phone: '13700000009' } },
    { jar: shopper },
  );
  expect(signUp.errors).toBeUndefined();
  expect(shopper.get()).toBeTruthy();
  admin = h.jar();
  await h.gql(
    'mutation($input: LoginInput!) { login(input: $input) { userErrors { code } } }',
    { input: { account: 'admin', password: 'admin123' } },
    { jar: admin },
  );
  expect(admin.get()).toBeTruthy();
});
afterAll(() => h.close());

/** The fields the gateway answers as refused by a form rule, sorted; none when the rules accept. */
async function gatewayVerdict(ruleCase: RuleCase): Promise<string[]> {
  const mutation = mutations[ruleCase.form];
  const sender = formSender[ruleCase.form];
  const res = await h.gql<Record<string, { userErrors: Array<{ code: string; field: string[] | null }> }>>(
    `mutation($input: ${mutation.type}!) { ${mutation.field}(input: $input) { userErrors { code field } } }`,
    { input: mutation.input ? mutation.input(ruleCase.values) : ruleCase.values },
    sender === 'anonymous' ? {} : { jar: sender === 'admin' ? admin : shopper },
  );
  const userErrors = res.data?.[mutation.field]?.userErrors ?? [];
  const refused = userErrors.filter((error) => ruleCodes.has(error.code));
  for (const error of refused) expect(error.field?.[0]).toBe('input');
  return refused.map((error) => error.field?.[1] ?? '').sort();
}

/**
 * Per form, its first accepted case and the fewest refused cases (largest first) that between them
 * refuse every field the table refuses.
 */
function coveringCases(): RuleCase[] {
  const chosen: RuleCase[] = [];
  for (const form of Object.keys(mutations) as FormName[]) {
    const accepted = ruleCases.find((ruleCase) => ruleCase.form === form && ruleCase.refused.length === 0);
    if (accepted) chosen.push(accepted);
    const cases = ruleCases
      .filter((ruleCase) => ruleCase.form === form && ruleCase.refused.length > 0)
      .sort((a, b) => b.refused.length - a.refused.length);
    const left = new Set(cases.flatMap((ruleCase) => ruleCase.refused));
    for (const ruleCase of cases) {
      if (!ruleCase.refused.some((field) => left.has(field))) continue;
      chosen.push(ruleCase);
      for (const field of ruleCase.refused) left.delete(field);
    }
  }
  return chosen;
}

describe('the gateway answers the refused fields of each form under their input names', () => {
  it.each(coveringCases().map((ruleCase) => [ruleCase.form, ruleCase.name, ruleCase] as const))(
    '%s: %s',
    async (_form, _name, ruleCase) => {
      expect(await gatewayVerdict(ruleCase)).toEqual(ruleCase.refused);
    },
  );
});
