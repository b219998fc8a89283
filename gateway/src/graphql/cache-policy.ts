/**
 * The cache policy of an operation, from the SDL's `@cacheControl` hints and the gateway's rules
 * (public root fields, the stock bound), and the `Cache-Control` value it gives an answer. Apollo's
 * requests meet it through graphql/cache-plugins.ts, the planned path directly.
 */
import {
  BREAK,
  type ConstDirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  visit,
} from 'graphql';

/**
 * Root fields whose answers are the same for everyone: catalogue, configuration, reference data.
 * An operation that touches only these is PUBLIC (HTTP `Cache-Control: max-age=N, public` and a
 * shared response-cache entry); any other root field makes the whole answer private/no-store.
 * `@cacheControl` hints in the SDL still apply on top (the stricter hint wins).
 */
export const PUBLIC_ROOT_FIELDS = new Set([
  'categories',
  'category',
  'products',
  'searchProducts',
  'productSearch',
  'searchSuggestions',
  'product',
  'hotProducts',
  'newProducts',
  'config',
  'settings',
  'areas',
  'dictionary',
  'notices',
  'cards',
  'fileUrl',
]);

/**
 * Fields whose value moves with every order: an answer selecting one of them (anywhere, e.g.
 * `product { stock }`) is cached at most `stockMaxAge` seconds, whatever its other hints say.
 */
export const VOLATILE_FIELDS = new Set(['stock']);

/** Default bound (seconds) for answers that select a VOLATILE_FIELDS field. */
export const DEFAULT_STOCK_MAX_AGE = 5;

/** Root field names of an operation, looking through fragments. */
function rootFields(
  selectionSet: SelectionSetNode,
  document: DocumentNode,
  into = new Set<string>(),
): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) into.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFields(selection.selectionSet, document, into);
    else {
      const fragment = document.definitions.find(
        (d): d is FragmentDefinitionNode =>
          d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment) rootFields(fragment.selectionSet, document, into);
    }
  }
  return into;
}

/** Whether the document selects a VOLATILE_FIELDS field anywhere (fragments included). */
function selectsVolatile(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (VOLATILE_FIELDS.has(node.name.value)) {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

type Scope = 'PUBLIC' | 'PRIVATE';

/**
 * Schema objects are read by shape, not with graphql-js' `is…Type` helpers: Apollo may hold them
 * from another graphql-js instance (CJS vs ESM), where `instanceof` checks fail.
 */
type TypeShape = { ofType?: TypeShape; getFields?: () => Record<string, GraphQLField<unknown, unknown>> };
const namedType = (type: TypeShape): TypeShape => (type.ofType ? namedType(type.ofType) : type);
const isComposite = (type: unknown): type is GraphQLCompositeType =>
  typeof type === 'object' &&
  type !== null &&
  ('getFields' in type || 'getTypes' in type) &&
  !('getValues' in type) &&
  !('ofType' in type);
/** A cache hint as Apollo reads it from `@cacheControl` (and as Apollo's CachePolicy restricts). */
export interface Hint {
  maxAge?: number;
  scope?: Scope;
  inheritMaxAge?: boolean;
}

export function restrict(into: Hint, hint: Hint): void {
  if (hint.maxAge !== undefined && (into.maxAge === undefined || hint.maxAge < into.maxAge))
    into.maxAge = hint.maxAge;
  if (hint.scope !== undefined && into.scope !== 'PRIVATE') into.scope = hint.scope;
}

type Directives = readonly ConstDirectiveNode[] | undefined;

/** `@cacheControl(maxAge, scope, inheritMaxAge)` of one SDL node, read the way Apollo reads it. */
function hintOf(directives: Directives): Hint | undefined {
  const directive = directives?.find((d) => d.name.value === 'cacheControl');
  if (!directive?.arguments) return undefined;
  const arg = (name: string) => directive.arguments?.find((a) => a.name.value === name)?.value;
  const scopeValue = arg('scope');
  const scopeName = scopeValue?.kind === Kind.ENUM ? scopeValue.value : undefined;
  const scope = scopeName === 'PUBLIC' || scopeName === 'PRIVATE' ? scopeName : undefined;
  const inherit = arg('inheritMaxAge');
  if (inherit?.kind === Kind.BOOLEAN && inherit.value) return { inheritMaxAge: true, scope };
  const maxAge = arg('maxAge');
  return { maxAge: maxAge?.kind === Kind.INT ? Number.parseInt(maxAge.value, 10) : undefined, scope };
}

function typeHint(type: GraphQLCompositeType): Hint {
  for (const node of [type.astNode, ...(type.extensionASTNodes ?? [])]) {
    const hint = hintOf(node?.directives);
    if (hint) return hint;
  }
  return {};
}

/**
 * The policy Apollo's cache-control plugin would reach for this operation, computed once per
 * document from the SDL instead of once per resolved field: every selected field contributes the
 * hint of its return type or its own `@cacheControl` (the field's wins unless it inherits), root
 * fields and composite fields without a hint get `defaultMaxAge`, and the strictest hint wins.
 * It walks every selection, including branches a given answer leaves null or fragments of types
 * it does not return, so it is never looser than the per-field plugin (at most stricter).
 */
export function staticCachePolicy(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  defaultMaxAge: number,
): Hint {
  const policy: Hint = {};
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const walk = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType,
    root: boolean,
    seen: Set<string>,
  ) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        const type = schema.getType(fragment.typeCondition.name.value);
        if (isComposite(type))
          walk(fragment.selectionSet, type, root, new Set([...seen, fragment.name.value]));
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (isComposite(type)) walk(selection.selectionSet, type, root, seen);
        continue;
      }
      const name = selection.name.value;
      // Introspection and __typename: resolved by graphql-js itself, no hint (as in Apollo's plugin).
      if (name.startsWith('__')) continue;
      const field = 'getFields' in parent ? parent.getFields()[name] : undefined;
      if (!field) continue;
      const target = namedType(field.type as TypeShape);
      const composite = isComposite(target);
      const fieldPolicy: Hint = {};
      let inherit = false;
      if (composite) {
        const hint = typeHint(target);
        restrictReplace(fieldPolicy, hint);
        inherit = Boolean(hint.inheritMaxAge);
      }
      const own = hintOf(field.astNode?.directives) ?? {};
      if (own.inheritMaxAge && fieldPolicy.maxAge === undefined) {
        inherit = true;
        if (own.scope) fieldPolicy.scope = own.scope;
      } else restrictReplace(fieldPolicy, own);
      if (fieldPolicy.maxAge === undefined && ((composite && !inherit) || root))
        restrict(fieldPolicy, { maxAge: defaultMaxAge });
      restrict(policy, fieldPolicy);
      if (composite && selection.selectionSet) walk(selection.selectionSet, target, false, seen);
    }
  };
  const rootType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (rootType) walk(operation.selectionSet, rootType, true, new Set());
  return policy;
}

/** Apollo's CachePolicy.replace: the hint's defined parts overwrite. */
export function restrictReplace(into: Hint, hint: Hint): void {
  if (hint.maxAge !== undefined) into.maxAge = hint.maxAge;
  if (hint.scope !== undefined) into.scope = hint.scope;
}

/**
 * The cache policy of an operation, decided once per parsed operation (Apollo's document store
 * hands out the same object for the same query text, so a popular query is walked once, not per
 * request) and applied before execution, so no resolver carries a cache-control hook:
 * - mutations are never cacheable; a query is PRIVATE/no-store as soon as it selects a root field
 *   that is neither public (PUBLIC_ROOT_FIELDS) nor annotated with @cacheControl in the SDL;
 * - otherwise the SDL's hints decide (staticCachePolicy; public root fields without a hint get
 *   `publicMaxAge`), and an answer that selects stock anywhere is bounded by stockMaxAge.
 * Shared by the Apollo plugin (graphql/cache-plugins.ts) and the planned path
 * (graphql/planned-operations.ts).
 */
export class CacheDecisions {
  private readonly decisions = new WeakMap<OperationDefinitionNode, Hint>();

  constructor(
    private readonly defaultMaxAge: number,
    private readonly stockMaxAge: number,
  ) {}

  of(operation: OperationDefinitionNode, document: DocumentNode, schema: GraphQLSchema): Hint {
    let decision = this.decisions.get(operation);
    if (!decision) {
      decision = this.decide(operation, document, schema);
      this.decisions.set(operation, decision);
    }
    return decision;
  }

  private decide(operation: OperationDefinitionNode, document: DocumentNode, schema: GraphQLSchema): Hint {
    if (operation.operation !== 'query') return { maxAge: 0, scope: 'PRIVATE' };
    const queryFields = schema.getQueryType()?.getFields() ?? {};
    for (const name of rootFields(operation.selectionSet, document)) {
      if (name.startsWith('__')) continue;
      const hinted = queryFields[name]?.astNode?.directives?.some((d) => d.name.value === 'cacheControl');
      if (!hinted && !PUBLIC_ROOT_FIELDS.has(name)) return { maxAge: 0, scope: 'PRIVATE' };
    }
    const policy = staticCachePolicy(schema, document, operation, this.defaultMaxAge);
    if (selectsVolatile(document)) restrict(policy, { maxAge: this.stockMaxAge });
    return policy;
  }
}

/** Whether a policy lets an answer be stored at all (Apollo's `policyIfCacheable`). */
export const isCacheable = (policy: Hint): boolean => policy.maxAge !== undefined && policy.maxAge > 0;

/**
 * The `Cache-Control` value of an answer under `policy`, as Apollo's plugin writes it:
 * `max-age=N, public|private` for a cacheable answer without errors, `no-store` otherwise.
 */
export function cacheControlValue(policy: Hint, withoutErrors: boolean): string {
  return withoutErrors && isCacheable(policy)
    ? `max-age=${policy.maxAge}, ${(policy.scope ?? 'PUBLIC').toLowerCase()}`
    : 'no-store';
}

/** Names, texts and error messages follow Accept-Language: shared caches must key on it. */
export const VARY = 'Accept-Language';
