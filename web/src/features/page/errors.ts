import { CombinedGraphQLErrors } from '@apollo/client';

/** The gateway's `extensions.code` of a failed operation (the app branches on codes, never on text). */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const graphQLError of error.errors) {
    const code = (graphQLError.extensions as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') return code;
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
