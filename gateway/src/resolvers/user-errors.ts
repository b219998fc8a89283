/**
 * Business refusals as data (docs/architecture.md, "GraphQL conventions"): a mutation whose REST call was
 * refused (200 with success false, or 400 with the failing fields) answers `userErrors` in its payload
 * instead of a top-level BAD_USER_INPUT; every other error (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND,
 * RATE_LIMITED, upstream failures, bugs) stays top-level. `withUserErrors` wraps every Mutation field and
 * every `…Payload` field of the merged map once, so domain files write the success path only (a refused
 * payload's other fields are null and never run, so they cannot call the service on no data).
 */
// Types only: Apollo may pass another graphql-js instance's schema objects (CJS vs ESM), so no `instanceof`.
import type { GraphQLResolveInfo } from 'graphql';
import { userErrorCodes } from '../__generated__/user-error-codes.ts';
import type { GatewayContext } from '../context.ts';
import type { GatewayErrorExtensions } from '../upstream/errors.ts';

export interface UserErrorModel {
  code: string;
  field: string[] | null;
  message: string;
}

type Resolver = (parent: unknown, args: unknown, ctx: GatewayContext, info: GraphQLResolveInfo) => unknown;
type ResolverMap = Record<string, Record<string, unknown> | unknown>;

/** Texts for the fields of a 400 whose own translated reason the service did not send (only the first). */
const invalidText = { 'zh-CN': '格式不正确', 'en-GB': 'is not valid' } as const;

/**
 * Refusals about one input field that the service answers as a business rule (it knows no GraphQL input):
 * message key → input field name, used only when the mutation's input has that field.
 */
const REFUSAL_FIELDS: Readonly<Record<string, string>> = {
  'account.usernameTaken': 'username',
  'account.phoneTaken': 'phone',
  'account.wrongOldPassword': 'oldPassword',
  'account.passwordMismatch': 'confirmPassword',
  'account.samePassword': 'newPassword',
  'account.invalidRealName': 'realName',
  'account.invalidIdNumber': 'idNumber',
  'address.invalidPhone': 'phone',
  'cart.insufficientStock': 'quantity',
  'cart.onlyLeft': 'quantity',
  'cart.quantityMax': 'quantity',
  'order.selectAddress': 'addressId',
  'order.selectPaymentMethod': 'paymentMethod',
  'order.paymentMethodUnavailable': 'paymentMethod',
};

/** The `UserErrorCode` of a service message key (`OTHER` for a key this schema version does not know). */
export const userErrorCode = (key: string | null | undefined): string =>
  (key && userErrorCodes[key]) || 'OTHER';

/** The input fields of the mutation being resolved (its one `input` argument). */
function inputFields(info: GraphQLResolveInfo): Set<string> {
  const arg = info.parentType.getFields()[info.fieldName]?.args.find((a) => a.name === 'input');
  let type: unknown = arg?.type;
  while (type && typeof type === 'object' && 'ofType' in type) type = (type as { ofType: unknown }).ofType;
  const getFields = (type as { getFields?: () => Record<string, unknown> } | undefined)?.getFields;
  return new Set(getFields ? Object.keys(getFields.call(type)) : []);
}

/** The refusal an upstream error stands for, or null when it must stay a top-level error. */
export function toUserErrors(
  error: unknown,
  info: GraphQLResolveInfo,
  ctx: GatewayContext,
): UserErrorModel[] | null {
  // What upstream/errors.ts wrote on a refusal: `refused` (200, success false) or status 400 with `fields`.
  const ext = (error as { extensions?: Partial<GatewayErrorExtensions> })?.extensions;
  if (ext?.code !== 'BAD_USER_INPUT') return null;
  if (ext.refused !== true && ext.status !== 400) return null;
  const known = inputFields(info);
  const path = (field: string | undefined) => (field && known.has(field) ? ['input', field] : null);
  const message = ext.alterMsg ?? String((error as Error).message);
  const fields = Object.entries(ext.fields ?? {}).filter(([, key]) => typeof key === 'string') as Array<
    [string, string]
  >;
  if (fields.length === 0) {
    return [
      { code: userErrorCode(ext.messageKey), field: path(REFUSAL_FIELDS[ext.messageKey ?? '']), message },
    ];
  }
  // The service translated the first failing field (alterMsg); the others carry their key only.
  return fields.map(([field, key], index) => ({
    code: userErrorCode(key),
    field: path(field),
    message: index === 0 ? message : `${field} ${invalidText[ctx.locale]}`,
  }));
}

const isRefused = (payload: unknown): boolean =>
  typeof payload === 'object' &&
  payload !== null &&
  ((payload as { userErrors?: unknown[] }).userErrors?.length ?? 0) > 0;

/** Each field's resolver, wrapped. */
const wrapFields = (fields: object, wrap: (resolve: Resolver) => Resolver) =>
  Object.fromEntries(Object.entries(fields).map(([name, resolve]) => [name, wrap(resolve as Resolver)]));

/** Wraps every mutation and every payload field of a merged resolver map (see the file comment). */
export function withUserErrors<T>(resolvers: T): T {
  const map = { ...(resolvers as ResolverMap) } as Record<string, Record<string, unknown>>;
  map.Mutation = wrapFields(map.Mutation ?? {}, (resolve) => async (parent, args, ctx, info) => {
    try {
      return { ...((await resolve(parent, args, ctx, info)) as object), userErrors: [] };
    } catch (error) {
      const userErrors = toUserErrors(error, info, ctx);
      if (userErrors) return { userErrors };
      throw error;
    }
  });
  for (const [type, fields] of Object.entries(map)) {
    if (!type.endsWith('Payload') || typeof fields !== 'object' || fields === null) continue;
    // Non-null fields (the session after a refused login) still resolve: they do not need the data.
    map[type] = wrapFields(
      fields,
      (resolve) => (parent, args, ctx, info) =>
        isRefused(parent) && !String(info.returnType).endsWith('!') ? null : resolve(parent, args, ctx, info),
    );
  }
  return map as T;
}
