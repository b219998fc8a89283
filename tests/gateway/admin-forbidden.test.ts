/**
 * Every back-office operation of the schema (admin-operations.ts: one added later is covered
 * without touching this file) refuses a shopper (FORBIDDEN) and an anonymous visitor
 * (UNAUTHENTICATED).
 */
import {
  type GraphQLArgument,
  type GraphQLInputType,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminOperation,
  adminOperations,
  NAMED_ADMIN_MUTATIONS,
  shopSchema,
} from './admin-operations.ts';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

/** A plausible value of an input type: required fields only, one element per list. */
function sample(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return sample(type.ofType, name);
  if (isListType(type)) return [sample(type.ofType, name)];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) || f.name === 'id');
    return Object.fromEntries(fields.map((f) => [f.name, sample(f.type, f.name)]));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'DateTime':
        return '2026-01-01T00:00:00.000Z';
      default:
        if (/price|amount/i.test(name)) return '1.00';
        if (/^(from|to)$|date/i.test(name)) return '2026-01-01';
        return '1';
    }
  }
  throw new Error(`no sample for ${String(type)}`);
}

/** The operation calling `field` with samples of its required arguments, selecting __typename. */
function operationFor({ root, field }: AdminOperation) {
  const args = field.args.filter((arg: GraphQLArgument) => isNonNullType(arg.type));
  const variables = Object.fromEntries(args.map((arg) => [arg.name, sample(arg.type, arg.name)]));
  const definitions = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  const query = `${root === 'Query' ? 'query' : 'mutation'} Probe${definitions ? `(${definitions})` : ''} {
    ${field.name}${call ? `(${call})` : ''}${selection} }`;
  return { query, variables };
}

describe('back-office operations for shoppers and visitors', () => {
  const schema = shopSchema();
  const operations = adminOperations(schema);
  let h: GatewayHarness;
  let shopper: CookieJar;

  beforeAll(async () => {
    h = await startGatewayHarness();
    shopper = h.jar();
    const res = await h.gql(
      'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }',
      { input: { account: 'demo', password: 'demo123' } },
      { jar: shopper },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
  });
  afterAll(() => h?.close());

  it('finds the back office in the schema: the order screens and every named mutation present', () => {
    const names = operations.map((op) => op.field.name);
    expect(names).toEqual(
      expect.arrayContaining(['adminOrders', 'adminRefunds', 'shipOrder', 'reviewRefund']),
    );
    const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(names).toEqual(expect.arrayContaining(NAMED_ADMIN_MUTATIONS.filter((n) => mutations.includes(n))));
    // Shopper operations stay out: the probe must not call them with made-up input.
    expect(names).not.toContain('createOrder');
    expect(names).not.toContain('viewer');
  });

  it.each(operations.map((op) => [`${op.root}.${op.field.name}`, op] as const))(
    '%s: FORBIDDEN for a shopper, UNAUTHENTICATED for a visitor',
    async (_name, op) => {
      const { query, variables } = operationFor(op);
      const asShopper = await h.gql(query, variables, { jar: shopper });
      expect(
        asShopper.errors?.map((e) => e.extensions?.code),
        JSON.stringify(asShopper.body),
      ).toEqual(['FORBIDDEN']);
      expect(asShopper.errors?.[0].extensions).toMatchObject({ alterMsg: '无访问权限' });
      expect(asShopper.data?.[op.field.name] ?? null).toBeNull();

      const asVisitor = await h.gql(query, variables);
      expect(
        asVisitor.errors?.map((e) => e.extensions?.code),
        JSON.stringify(asVisitor.body),
      ).toEqual(['UNAUTHENTICATED']);
    },
  );
});
