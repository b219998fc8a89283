/**
 * Every back-office operation of the schema refuses a shopper (FORBIDDEN) and an anonymous visitor
 * (UNAUTHENTICATED). The operations are read from the schema itself, so one added later is covered
 * without touching this file: every Query/Mutation field declared in schema/admin*.graphql, every
 * `admin…` query, every mutation described as "Back office: …", and the back office's named
 * mutations wherever they are declared.
 */
import {
  buildASTSchema,
  concatAST,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  Kind,
  parse,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaFiles, typeDefs } from '../../gateway/src/graphql/schema.ts';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const NAMED_ADMIN_MUTATIONS = [
  'shipOrder',
  'reviewRefund',
  'createProduct',
  'updateProduct',
  'withdrawProduct',
  'restoreProduct',
  'addProductPhoto',
  'reorderProductPhotos',
  'setMainProductPhoto',
  'removeProductPhoto',
  'adjustStock',
  'createCategory',
  'updateCategory',
  'reorderCategories',
  'updateHomeCard',
  'importProducts',
  'exportProducts',
  'exportOrders',
];

type Root = 'Query' | 'Mutation';
interface AdminOperation {
  root: Root;
  field: GraphQLField<unknown, unknown>;
}

/** The Query and Mutation fields the schema/admin*.graphql files declare. */
function declaredInAdminFiles(): Set<string> {
  const names = new Set<string>();
  schemaFiles.forEach((file, index) => {
    if (!file.startsWith('admin')) return;
    for (const definition of parse(typeDefs[index]).definitions) {
      if (
        (definition.kind === Kind.OBJECT_TYPE_EXTENSION || definition.kind === Kind.OBJECT_TYPE_DEFINITION) &&
        (definition.name.value === 'Query' || definition.name.value === 'Mutation')
      ) {
        for (const field of definition.fields ?? [])
          names.add(`${definition.name.value}.${field.name.value}`);
      }
    }
  });
  return names;
}

function adminOperations(schema: GraphQLSchema): AdminOperation[] {
  const inAdminFiles = declaredInAdminFiles();
  const operations: AdminOperation[] = [];
  for (const root of ['Query', 'Mutation'] as const) {
    const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
    for (const field of Object.values(type?.getFields() ?? {})) {
      const admin =
        inAdminFiles.has(`${root}.${field.name}`) ||
        (root === 'Query' && /^admin[A-Z]/.test(field.name)) ||
        (root === 'Mutation' &&
          (NAMED_ADMIN_MUTATIONS.includes(field.name) || /^Back office/.test(field.description ?? '')));
      if (admin) operations.push({ root, field });
    }
  }
  return operations;
}

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
  const schema = buildASTSchema(concatAST(typeDefs.map((sdl) => parse(sdl))));
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
