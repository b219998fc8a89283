/**
 * THE one place where REST answers become GraphQL results (docs/architecture.md).
 *
 * | REST answer                         | GraphQL                                                   |
 * |-------------------------------------|-----------------------------------------------------------|
 * | 200 success:true                    | data (alterMsg → a notice in `extensions.notices`)        |
 * | 200 success:false (business refusal)| BAD_USER_INPUT, extensions.refused = true                 |
 * | 400 malformed input                 | BAD_USER_INPUT with the field details of `data`           |
 * | 401                                 | (refresh once, replay) → UNAUTHENTICATED                  |
 * | 403                                 | FORBIDDEN, alterMsg '无访问权限'                           |
 * | 404                                 | NOT_FOUND                                                 |
 * | 413                                 | PAYLOAD_TOO_LARGE                                         |
 * | 414, 431 (an address too long)      | BAD_USER_INPUT (an input, such as a keyword, too long)    |
 * | 429                                 | RATE_LIMITED                                              |
 * | 503 with an envelope (deliberate)   | UPSTREAM_UNAVAILABLE, extensions.retryAfter (seconds)     |
 * | other 5xx                           | UPSTREAM_ERROR                                            |
 * | timeout / refused connection        | UPSTREAM_UNAVAILABLE                                      |
 * | anything else                       | INTERNAL_SERVER_ERROR                                     |
 *
 * Every error carries `extensions.code`, `alterMsg` (text to show, in the caller's language),
 * `type` (1 success, 2 error, 3 warning), `messageKey` (the envelope's `message`) and `status`.
 * Clients branch on `code`, never on text.
 */
import { chooseLocale } from '@shop/common/locale.ts';
import type { Envelope } from '@shop/common/rest/envelope.ts';
import { GraphQLError } from 'graphql';
import type { ErrorCode as SchemaErrorCode } from '../__generated__/resolvers.ts';
import type { Notice } from './types.ts';

/** The schema's ErrorCode values (enum ErrorCode in schema/base.graphql). */
export type ErrorCode = `${SchemaErrorCode}`;

/** A text of the gateway's own, in both languages. */
export type Text = { 'zh-CN': string; 'en-GB': string };

/** Texts the gateway itself must provide when the service gave none. */
export const texts = {
  unauthenticated: { 'zh-CN': '请先登录', 'en-GB': 'Please log in' },
  forbidden: { 'zh-CN': '无访问权限', 'en-GB': 'No access permission' },
  notFound: { 'zh-CN': '请求的资源不存在', 'en-GB': 'The requested resource does not exist' },
  rateLimited: { 'zh-CN': '操作过于频繁，请稍后再试', 'en-GB': 'Too many attempts, please try again later' },
  upstreamError: { 'zh-CN': '系统繁忙，请稍后再试', 'en-GB': 'Something went wrong, please try again later' },
  unavailable: {
    'zh-CN': '服务暂时不可用，请稍后再试',
    'en-GB': 'The service is temporarily unavailable, please try again later',
  },
  timeout: { 'zh-CN': '请求超时，请稍后再试', 'en-GB': 'The request timed out, please try again later' },
  badInput: { 'zh-CN': '请求参数不正确', 'en-GB': 'The request is not valid' },
  tooLarge: { 'zh-CN': '内容过大', 'en-GB': 'The content is too large' },
  tooLong: { 'zh-CN': '输入内容过长', 'en-GB': 'The input is too long' },
} satisfies Record<string, Text>;

// The service reads the same header with the same rule, so its texts and these agree.
const say = (text: Text, acceptLanguage: string | undefined) => text[chooseLocale(undefined, acceptLanguage)];

export interface GatewayErrorExtensions {
  code: ErrorCode;
  alterMsg: string | null;
  type: 1 | 2 | 3;
  messageKey: string | null;
  status?: number;
  [key: string]: unknown;
}

export function gatewayError(message: string, extensions: GatewayErrorExtensions): GraphQLError {
  return new GraphQLError(message, { extensions });
}

/** A transport failure before any HTTP answer: the service is down, refusing or too slow. */
export class UpstreamTransportError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable',
    readonly causeCode: string | undefined,
  ) {
    super(`upstream ${reason}${causeCode ? ` (${causeCode})` : ''}`);
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Classifies what undici (or the OS) threw; anything that is not a timeout counts as unreachable. */
export function classifyTransportFailure(error: unknown): UpstreamTransportError {
  if (error instanceof UpstreamTransportError) return error;
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  const name = (error as { name?: string })?.name;
  const timeout = (code && TIMEOUT_CODES.has(code)) || name === 'TimeoutError';
  return new UpstreamTransportError(timeout ? 'timeout' : 'unreachable', code ?? name);
}

export function unavailableError(failure: UpstreamTransportError, acceptLanguage?: string): GraphQLError {
  const alterMsg = say(failure.reason === 'timeout' ? texts.timeout : texts.unavailable, acceptLanguage);
  return gatewayError(alterMsg, {
    code: 'UPSTREAM_UNAVAILABLE',
    alterMsg,
    type: 2,
    messageKey: failure.reason === 'timeout' ? 'gateway.upstreamTimeout' : 'gateway.upstreamUnreachable',
    reason: failure.reason,
  });
}

export function unauthenticatedError(acceptLanguage?: string, envelope?: Envelope<unknown> | null) {
  const alterMsg = envelope?.alterMsg ?? say(texts.unauthenticated, acceptLanguage);
  return gatewayError(alterMsg, {
    code: 'UNAUTHENTICATED',
    alterMsg,
    type: envelope?.type ?? 2,
    messageKey: envelope?.message ?? 'common.unauthenticated',
    status: 401,
  });
}

/**
 * Unwraps one REST answer: returns `data` (noting the envelope's success toast as a notice) or throws the
 * table's GraphQLError. A 401 arrives here only after the refresh flow gave up (session/upstream.ts).
 */
export function unwrapAnswer<T>(
  answer: { status: number; envelope: Envelope<unknown> | null; retryAfter?: number },
  acceptLanguage: string | undefined,
  notices: Notice[],
): T {
  const { status, envelope } = answer;
  if (status >= 200 && status < 300 && envelope) {
    if (envelope.success) {
      if (envelope.alterMsg) {
        notices.push({ message: envelope.message, alterMsg: envelope.alterMsg, type: envelope.type ?? 1 });
      }
      return envelope.data as T;
    }
    const alterMsg = envelope.alterMsg;
    return fail(alterMsg ?? envelope.message ?? 'Error', {
      code: 'BAD_USER_INPUT',
      alterMsg,
      type: envelope.type ?? 2,
      messageKey: envelope.message ?? null,
      status,
      refused: true,
      ...(envelope.data != null ? { details: envelope.data } : {}),
    });
  }
  if (status === 401) throw unauthenticatedError(acceptLanguage, envelope);
  const refusal =
    REFUSALS[status] ??
    // An enveloped 503 is deliberate (database away, login peak, storage failure): the client may retry.
    (status === 503 && envelope ? UNAVAILABLE : status >= 500 ? FAILED : UNEXPECTED);
  const alterMsg = (refusal.gatewayText ? null : envelope?.alterMsg) ?? say(refusal.text, acceptLanguage);
  // A 400 answers `data: {fields: {quantity: 'validation.tooBig', …}}`: one level, field → key.
  const fields = status === 400 ? (envelope?.data as { fields?: unknown } | null | undefined)?.fields : null;
  return fail(alterMsg, {
    code: refusal.code,
    alterMsg,
    type: refusal.type ?? (refusal.gatewayText ? 2 : (envelope?.type ?? 2)),
    messageKey: envelope?.message ?? null,
    status,
    ...(fields != null ? { fields } : {}),
    ...(refusal === UNAVAILABLE ? { reason: 'unavailable', retryAfter: answer.retryAfter ?? 1 } : {}),
  });
}

interface Refusal {
  code: ErrorCode;
  /** The gateway's text, shown when the envelope brings none of its own. */
  text: Text;
  /** Always the gateway's text: never forward what a failing service said beyond its message key. */
  gatewayText?: boolean;
  type?: 3;
}

/** What a refusing status becomes (a 401 is the refresh flow's first: session/upstream.ts). */
const REFUSALS: Record<number, Refusal> = {
  400: { code: 'BAD_USER_INPUT', text: texts.badInput },
  // A permission refusal is the warning '无访问权限' (docs/product.md, "Messages and errors").
  403: { code: 'FORBIDDEN', text: texts.forbidden, type: 3 },
  404: { code: 'NOT_FOUND', text: texts.notFound },
  413: { code: 'PAYLOAD_TOO_LARGE', text: texts.tooLarge },
  // An over-long address means an over-long argument (a query keyword): the caller can shorten it.
  414: { code: 'BAD_USER_INPUT', text: texts.tooLong },
  431: { code: 'BAD_USER_INPUT', text: texts.tooLong },
  429: { code: 'RATE_LIMITED', text: texts.rateLimited },
};
const UNAVAILABLE: Refusal = { code: 'UPSTREAM_UNAVAILABLE', text: texts.unavailable, gatewayText: true };
const FAILED: Refusal = { code: 'UPSTREAM_ERROR', text: texts.upstreamError, gatewayText: true };
const UNEXPECTED: Refusal = { code: 'INTERNAL_SERVER_ERROR', text: texts.upstreamError, gatewayText: true };

function fail(message: string, extensions: GatewayErrorExtensions): never {
  throw gatewayError(message, extensions);
}
