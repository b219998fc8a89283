/**
 * The back office's operations, read from the schema itself so that one added later is found
 * without touching the tests that use this: every Query/Mutation field declared in
 * schema/admin*.graphql, every `admin…` query, every mutation described as "Back office: …", and
 * the back office's named mutations wherever they are declared.
 */
import { buildASTSchema, concatAST, type GraphQLField, type GraphQLSchema, Kind, parse } from 'graphql';
import { schemaFiles, typeDefs } from '../../gateway/src/graphql/schema.ts';

/** The gateway's schema as it serves it (schema/*.graphql). */
export const shopSchema = (): GraphQLSchema => buildASTSchema(concatAST(typeDefs.map((sdl) => parse(sdl))));

/** The back office's mutations (contract names), wherever their SDL is declared. */
export const NAMED_ADMIN_MUTATIONS = [
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

export type Root = 'Query' | 'Mutation';
export interface AdminOperation {
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

export function adminOperations(schema: GraphQLSchema): AdminOperation[] {
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
