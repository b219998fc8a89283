/**
 * The error contract for errors of the request itself (not of one field): client mistakes answer 4xx and are
 * logged at info level (the operation log line), never at error level. Apollo answers some of its own
 * refusals without a code (a persisted-query hash that does not match, an unsupported persisted-query
 * version) and others with 200 (a persisted query the gateway does not know): both are mended below.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import type { ErrorCode } from '../upstream/errors.ts';
import { everyRequest } from './every-request.ts';

/** HTTP status of a request error (no `data` in the answer) per code; unlisted codes keep Apollo's status. */
export const REQUEST_ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  BAD_USER_INPUT: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  PERSISTED_QUERY_NOT_SUPPORTED: 400,
  OPERATION_NOT_SAFELISTED: 400,
  PAYLOAD_TOO_LARGE: 413,
};

/**
 * A request error Apollo raised with a 4xx status but no code is a client mistake: BAD_REQUEST, its message
 * kept. Anything else without a code takes the unexpected-error path (masked, logged at error level).
 */
export function classifyRequestError(
  formatted: GraphQLFormattedError,
  original: unknown,
): GraphQLFormattedError | null {
  const code = formatted.extensions?.code;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return null;
  const status = (original as { extensions?: { http?: { status?: number } } })?.extensions?.http?.status;
  if (status === undefined || status < 400 || status >= 500) return null;
  return { message: formatted.message, extensions: { code: 'BAD_REQUEST' satisfies ErrorCode } };
}

/** Sets the HTTP status of an answer that is only request errors (no `data`) from its first error's code. */
export function requestErrorStatusPlugin(): ApolloServerPlugin {
  return everyRequest({
    async willSendResponse({ response }) {
      if (response.body.kind !== 'single') return;
      const { data, errors } = response.body.singleResult;
      if (data !== undefined || !errors?.length) return;
      const status = REQUEST_ERROR_STATUS[errors[0].extensions?.code as ErrorCode];
      if (status !== undefined) response.http.status = status;
    },
  });
}
