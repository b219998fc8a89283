import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import type { AnswerOf } from '@shop/common/rest/routes.ts';
import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';
import type { PageInput } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { SessionModel } from '../mappers.ts';
import type { CallArgs, ShopRoute } from '../shop-client/index.ts';

/** REST ids are integers: numeric GraphQL ids go as numbers, others as is (the service answers 400). */
export const restId = (id: string | number): number | string =>
  typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;

/** `?pageNum&pageSize` of a PageInput (defaults 1 and DEFAULT_PAGE_SIZE; the service caps the size). */
export const pageQuery = (page: PageInput | null | undefined) => ({
  pageNum: page?.pageNum ?? 1,
  pageSize: page?.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The request's session as the `Session` type resolves it. */
export const sessionOf = (ctx: GatewayContext): SessionModel => ({
  isAuthenticated: ctx.session.isAuthenticated,
  defaultPassword: ctx.session.defaultPassword,
});

/** Drops undefined and null entries (GraphQL optional inputs) before a body goes upstream. */
export const defined = <T extends Record<string, unknown>>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value != null)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

/** Names asked of a resolver's result, via fragments; a maybe-skipped field counts as asked (loads more). */
export function requestedFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): Set<string> {
  const names = new Set<string>();
  const visit = (selectionSet: SelectionSetNode | undefined) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else visit(info.fragments[selection.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return names;
}

/** A one-call mutation on `argsOf(input)`, answered as its payload's `field` (others resolve from it). */
export const payloadOf =
  <F extends string, R extends ShopRoute, I>(field: F, route: R, argsOf: (input: I) => CallArgs<R>[0]) =>
  async (_root: unknown, { input }: { input: I }, ctx: GatewayContext) =>
    ({ [field]: await ctx.shop.call(route, ...([argsOf(input)] as CallArgs<R>)) }) as {
      [K in F]: AnswerOf<R>;
    };
