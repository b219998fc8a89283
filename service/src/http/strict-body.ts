/**
 * Bodies are text only if well-formed (common/http/well-formed-text.ts): bytes that are not text in the
 * body's charset, or a JSON escape of a lone surrogate, are refused with 400 '请求中含有无效的文字编码' before
 * any route runs, so nothing of such a body is stored.
 */
import { wellFormedBytes, wellFormedValue } from '@shop/common/http/well-formed-text.ts';
import type { Request, RequestHandler } from 'express';
import { common } from '../i18n/common.ts';
import { badRequest } from './envelope.ts';

const malformed = () => badRequest(common['common.malformedText']);

/**
 * body-parser's `verify` hook: throws before the bytes are decoded (body-parser passes the error on with its
 * status, and the error handler answers it as it answers every ApiError).
 */
export function verifyText(_req: Request, _res: unknown, bytes: Buffer, charset: string | null): void {
  if (!wellFormedBytes(bytes, charset)) throw malformed();
}

/** After the parsers: a parsed body holding a lone surrogate anywhere (a name or a value). */
export const refuseMalformedText: RequestHandler = (req, _res, next) => {
  if (req.body !== undefined && !wellFormedValue(req.body)) throw malformed();
  next();
};
