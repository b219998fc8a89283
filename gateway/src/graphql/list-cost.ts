/**
 * The cost limit, counting list sizes: a field with a `page: PageInput` (or a `first`/`pageSize`) argument
 * multiplies the cost of its list-typed children by that page size (default DEFAULT_PAGE_SIZE), so
 * `orders(page: {pageSize: 999}) { records { afterSales { … } } }` is refused before any resolver runs, while
 * a page of 20 is not. Otherwise the cost model is graphql-armor's, whose own limit is off (protection.ts).
 * It runs in `didResolveOperation`, not as a validation rule, because the page size is often a variable and
 * validation never sees variables. Introspection (`__schema`, `__type`) is free (the playground).
 */
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { everyRequest } from './every-request.ts';

const OBJECT_COST = 2;
const SCALAR_COST = 1;
const DEPTH_FACTOR = 1.5;

/**
 * Schema objects are read by shape, not with graphql-js helpers: Apollo may hold them from another
 * graphql-js instance (CJS vs ESM), and `instanceof` checks would fail across the two.
 */
interface TypeLike {
  name?: string;
  ofType?: TypeLike;
  getFields?: () => Record<string, { type: TypeLike }>;
  getTypes?: () => TypeLike[];
  toString(): string;
}
interface SchemaLike {
  getType(name: string): unknown;
  getQueryType(): unknown;
  getMutationType(): unknown;
}

const named = (type: TypeLike): TypeLike => (type.ofType ? named(type.ofType) : type);
const isList = (type: TypeLike): boolean => String(type).startsWith('[');

function argumentValue(node: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!node) return undefined;
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.INT:
      return Number(node.value);
    case Kind.OBJECT:
      return Object.fromEntries(
        node.fields.map((field) => [field.name.value, argumentValue(field.value, variables)]),
      );
    default:
      return undefined;
  }
}

/** The page size a field asks for, or null when it is not a paged field. */
function pageSizeOf(
  args: readonly { name: { value: string }; value: ValueNode }[],
  fieldArgs: string[],
  variables: Record<string, unknown>,
): number | null {
  const arg = (name: string) => args.find((a) => a.name.value === name)?.value;
  if (fieldArgs.includes('page')) {
    const page = argumentValue(arg('page'), variables) as { pageSize?: unknown } | undefined;
    const size = Number(page?.pageSize ?? DEFAULT_PAGE_SIZE);
    return Number.isFinite(size) && size > 0 ? size : DEFAULT_PAGE_SIZE;
  }
  for (const name of ['first', 'pageSize']) {
    if (!fieldArgs.includes(name)) continue;
    const size = Number(argumentValue(arg(name), variables) ?? DEFAULT_PAGE_SIZE);
    return Number.isFinite(size) && size > 0 ? size : DEFAULT_PAGE_SIZE;
  }
  return null;
}

/** The cost of one operation's selection, list sizes included. */
export function selectionCost(
  selectionSet: SelectionSetNode,
  parent: TypeLike,
  fragments: Record<string, FragmentDefinitionNode>,
  schema: SchemaLike,
  variables: Record<string, unknown>,
  listSize = 1,
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith('__')) continue; // __typename and introspection are free
      const field = parent.getFields?.()[name] as
        | { type: TypeLike; args?: Array<{ name: string }> }
        | undefined;
      if (!field) continue;
      const perItem = isList(field.type) ? listSize : 1;
      if (!selection.selectionSet) {
        cost += SCALAR_COST * perItem;
        continue;
      }
      const pageSize = pageSizeOf(
        selection.arguments ?? [],
        (field.args ?? []).map((arg) => arg.name),
        variables,
      );
      const children = selectionCost(
        selection.selectionSet,
        named(field.type),
        fragments,
        schema,
        variables,
        pageSize ?? 1,
      );
      cost += (OBJECT_COST + DEPTH_FACTOR * children) * perItem;
    } else {
      const typeName =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.typeCondition?.name.value
          : fragments[selection.name.value]?.typeCondition.name.value;
      const set =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.selectionSet
          : fragments[selection.name.value]?.selectionSet;
      if (!set) continue;
      const type = (typeName ? (schema.getType(typeName) as TypeLike) : parent) ?? parent;
      cost += selectionCost(set, type, fragments, schema, variables, listSize);
    }
  }
  return cost;
}

/**
 * Refuses an operation whose list-aware cost exceeds `maxCost` before execution (400
 * GRAPHQL_VALIDATION_FAILED). A cost that reads no variable (no page size passed as one) is the same on every
 * request: it is kept per parsed operation (Apollo's document store hands out one object per document).
 */
export class ListCost {
  /** A number: the operation's fixed cost; null: its cost depends on the variables. */
  private readonly fixedCosts = new WeakMap<OperationDefinitionNode, number | null>();

  constructor(private readonly maxCost: number) {}

  refusal(
    operation: OperationDefinitionNode,
    document: DocumentNode,
    schema: unknown,
    variables: Record<string, unknown>,
  ): GraphQLError | null {
    const cost = this.costOf(operation, document, schema, variables);
    if (cost === undefined || cost <= this.maxCost) return null;
    return new GraphQLError(`Query is too expensive: cost ${Math.round(cost)} exceeds ${this.maxCost}.`, {
      extensions: {
        code: 'GRAPHQL_VALIDATION_FAILED',
        cost: Math.round(cost),
        maxCost: this.maxCost,
        http: { status: 400 },
      },
    });
  }

  plugin(): ApolloServerPlugin {
    const hooks: GraphQLRequestListener<BaseContext> = {
      didResolveOperation: async ({ operation, document, request, schema }) => {
        if (!operation) return;
        const refused = this.refusal(operation, document, schema, request.variables ?? {});
        if (refused) throw refused;
      },
    };
    return everyRequest(hooks);
  }

  private costOf(
    operation: OperationDefinitionNode,
    document: DocumentNode,
    schema: unknown,
    variables: Record<string, unknown>,
  ): number | undefined {
    const fixed = this.fixedCosts.get(operation);
    if (typeof fixed === 'number') return fixed;
    const fragments = Object.fromEntries(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const root = (
      operation.operation === 'mutation'
        ? (schema as SchemaLike).getMutationType()
        : (schema as SchemaLike).getQueryType()
    ) as TypeLike | undefined;
    if (!root) return undefined;
    if (fixed === null)
      return selectionCost(operation.selectionSet, root, fragments, schema as SchemaLike, variables);
    // First sight: watch whether the walk reads any variable.
    let readsVariables = false;
    const watched = new Proxy(variables, {
      get(target, name) {
        readsVariables = true;
        return Reflect.get(target, name);
      },
    });
    const cost = selectionCost(operation.selectionSet, root, fragments, schema as SchemaLike, watched);
    this.fixedCosts.set(operation, readsVariables ? null : cost);
    return cost;
  }
}
