import { CombinedGraphQLErrors } from '@apollo/client';
import type { ErrorCode } from '../../__generated__/schema-enums.ts';

/** The gateway's `extensions.code` of a failed operation (the app branches on codes, never on text). */
export function errorCode(error: unknown): ErrorCode | undefined {
  return errorExtension(error, 'code') as ErrorCode | undefined;
}

/**
 * The shop service's stable message key behind a failure (`extensions.messageKey`), e.g.
 * `catalogue.offShelf`: a refusal arrives as BAD_USER_INPUT, and the key says which one.
 */
export function errorMessageKey(error: unknown): string | undefined {
  return errorExtension(error, 'messageKey');
}

function errorExtension(error: unknown, name: 'code' | 'messageKey'): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const graphQLError of error.errors) {
    const value = (graphQLError.extensions as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The translated text the gateway attached to a failure (`extensions.alterMsg`), if any. */
export function errorText(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const graphQLError of error.errors) {
    const text = (graphQLError.extensions as { alterMsg?: unknown } | undefined)?.alterMsg;
    if (typeof text === 'string' && text) return text;
  }
  return undefined;
}
