import type { Envelope, MessageType } from '@shop/common/rest/envelope.ts';
import { redactSecretPaths } from '@shop/common/telemetry/secret-routes.ts';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { isConnectionFailure, isStorageFailure } from '../db/failures.ts';
import { common } from '../i18n/common.ts';
import { type Locale, translate } from '../i18n/index.ts';

type Params = Record<string, string | number>;

/**
 * A refusal with an HTTP status and a message key. 200 + success:false is a business-rule
 * refusal; 400/401/403/404/429 are the transport-level ones of docs/architecture.md.
 */
export class ApiError extends Error {
  /** Seconds for a Retry-After header (503 answers the client should simply repeat later). */
  retryAfter?: number;

  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Params = {},
    readonly data: unknown = null,
    readonly type: MessageType = 2,
  ) {
    super(key);
  }
}

/** A business-rule refusal: 200 with success:false. */
export const refuse = (key: string, params?: Params, data?: unknown, type: MessageType = 2) =>
  new ApiError(200, key, params, data, type);
export const badRequest = (key: string, params?: Params, data?: unknown) =>
  new ApiError(400, key, params, data);
export const unauthorized = (key: string = common['common.unauthenticated']) => new ApiError(401, key);
export const forbidden = () => new ApiError(403, common['common.forbidden'], {}, null, 3);
export const notFound = (key: string = common['common.notFound'], params?: Params) =>
  new ApiError(404, key, params);
export const tooManyRequests = () => new ApiError(429, common['common.tooManyRequests'], {}, null, 3);

export function envelope<T>(
  locale: Locale,
  success: boolean,
  data: T | null,
  key: string,
  params: Params = {},
  type: MessageType = success ? 1 : 2,
  withText = true,
): Envelope<T> {
  return { success, data, message: key, alterMsg: withText ? translate(key, locale, params) : null, type };
}

/** 200 success. Pass a message key where the product shows a success toast (docs/product.md, "Messages and errors") (e.g. '保存成功!'). */
export function ok<T>(req: Request, res: Response, data: T, noticeKey?: string): void {
  res.json(envelope(req.locale, true, data, noticeKey ?? 'ok', {}, 1, Boolean(noticeKey)));
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(envelope(req.locale, false, null, common['common.notFound']));
};

/** Turns every thrown error into the envelope; never leaks a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const locale = req.locale ?? 'zh-CN';
  if (error instanceof ApiError) {
    if (error.retryAfter) res.set('retry-after', String(error.retryAfter));
    res.status(error.status).json(envelope(locale, false, error.data, error.key, error.params, error.type));
    return;
  }
  const status = typeof error?.status === 'number' ? error.status : 500;
  if (error?.type === 'entity.too.large' || status === 413) {
    res.status(413).json(envelope(locale, false, null, common['common.bodyTooLarge']));
    return;
  }
  if (error?.type === 'entity.parse.failed' || (status >= 400 && status < 500)) {
    res.status(400).json(envelope(locale, false, null, common['common.malformedJson']));
    return;
  }
  if (isConnectionFailure(error) || isStorageFailure(error)) {
    // Nothing was acknowledged: the client may retry once the database or the disk is back.
    const database = isConnectionFailure(error);
    req.log?.error(
      { err: error, path: redactSecretPaths(req.path) },
      database ? 'database unavailable' : 'storage unavailable',
    );
    res.set('retry-after', database ? '2' : '30');
    res
      .status(503)
      .json(
        envelope(
          locale,
          false,
          null,
          common[database ? 'common.databaseUnavailable' : 'common.storageUnavailable'],
        ),
      );
    return;
  }
  req.log?.error({ err: error, path: redactSecretPaths(req.path) }, 'unhandled error');
  res.status(500).json(envelope(locale, false, null, common['common.error']));
};
