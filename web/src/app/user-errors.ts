/**
 * Mutation refusals arrive as data: every payload has `userErrors` (select them with
 * `userErrors { ...UserErrorFields }`). The toast of a refusal is shown once, by the link in
 * apollo.ts (`firstUserError`); a mutation hook calls `acceptPayload` so a refusal takes the same
 * path as a failed call (its `catch`), and a form puts `fieldErrors(error)` beside its fields
 * (`useShopForm`'s `showRefusal`).
 *
 *   try {
 *     const payload = acceptPayload((await mutate({ variables })).data?.changePassword);
 *     …success…
 *   } catch (error) {
 *     form.showRefusal(error); // the toast is already shown
 *   }
 */
import type { UserErrorCode } from '../__generated__/schema-enums.ts';

export interface UserErrorLike {
  code: UserErrorCode | string;
  /** `['input', 'oldPassword']`, or null when the refusal is about the request as a whole. */
  field?: ReadonlyArray<string> | null;
  message: string;
}

/** A mutation the service refused; `userErrors` holds why. */
export class MutationRefused extends Error {
  constructor(readonly userErrors: ReadonlyArray<UserErrorLike>) {
    super(userErrors[0]?.message ?? 'refused');
    this.name = 'MutationRefused';
  }
}

/** The payload when the mutation succeeded; throws `MutationRefused` when it was refused (or empty). */
export function acceptPayload<P extends { userErrors: ReadonlyArray<UserErrorLike> }>(
  payload: P | null | undefined,
): P {
  if (!payload) throw new MutationRefused([]);
  if (payload.userErrors.length > 0) throw new MutationRefused(payload.userErrors);
  return payload;
}

/** Input field → message, for the form fields a refusal names (`field` `['input', name]`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof MutationRefused)) return {};
  const errors: Record<string, string> = {};
  for (const userError of error.userErrors) {
    const name = userError.field?.[userError.field.length - 1];
    if (name && !(name in errors)) errors[name] = userError.message;
  }
  return errors;
}

/** The first refusal in a result's payloads (one toast at a time: docs/product.md, "Messages and errors"), or null. */
export function firstUserError(data: unknown): UserErrorLike | null {
  if (typeof data !== 'object' || data === null) return null;
  for (const payload of Object.values(data)) {
    const list = (payload as { userErrors?: unknown } | null)?.userErrors;
    if (Array.isArray(list) && list.length > 0 && typeof list[0]?.message === 'string') return list[0];
  }
  return null;
}
