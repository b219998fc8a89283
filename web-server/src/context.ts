/**
 * What the page server is handed by the process that mounts it (the gateway): a way to build a
 * request's GraphQL context and to run an operation with it in-process, and a log. Declared here by
 * shape only, so the page server depends on no part of the gateway.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { setCookieOnce } from '@shop/common/http/set-cookie.ts';
import type { ShopLocale } from '@shop/common/locale.ts';
import type { Request, Response } from 'express';
import type { FormattedExecutionResult } from 'graphql';
import type { InProcessOperation } from './bundle.ts';

/** What a request's context is built from: the page's language is given, never written into a header. */
export interface PageContextInput {
  headers: IncomingHttpHeaders;
  /** The client's address as the process trusts it (its trust-proxy rule). */
  ip: string | undefined;
  secure: boolean;
  /** Adds a Set-Cookie to the answer (a renewed session), once per cookie name. */
  appendCookie(cookie: string): void;
  /** The page's language, which the context's upstream calls and texts follow. */
  locale?: ShopLocale;
}

/** An in-process GraphQL answer as Apollo Server's `executeOperation` gives it. */
export interface ExecutedOperation {
  http: { headers: { get(name: string): string | undefined } };
  body: { kind: 'single'; singleResult: FormattedExecutionResult } | { kind: 'incremental' };
}

/** Runs one operation with a request's context, through the whole GraphQL pipeline (safelist, caches). */
export type ExecuteOperation<Context> = (
  operation: InProcessOperation,
  context: Context,
) => Promise<ExecutedOperation>;

type LogLine = (fields: object, message: string) => void;

/** The log lines the page server writes (pino's logger fits). */
export interface PageLog {
  debug: LogLine;
  warn: LogLine;
  error: LogLine;
}

/** A context input from Express' view of a request (the address and scheme it trusts). */
export const contextInputOf = (req: Request, res: Response, locale?: ShopLocale): PageContextInput => ({
  headers: req.headers,
  ip: req.ip,
  secure: req.secure,
  appendCookie: (cookie) => setCookieOnce(res, cookie),
  ...(locale ? { locale } : {}),
});

/** A file a page's form carried (multipart), handed to the process's upload. */
export interface PageFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * How the process that mounts the page server stores a file a form carried, as its own upload
 * route does (the session, the service's content check): the stored file's address, or the
 * refusal to show, in the request's language.
 */
export interface PageUpload<Context> {
  /** The largest file taken; a form body larger than it and its framing is refused before it is read. */
  maxBytes: number;
  send: (file: PageFile, context: Context) => Promise<{ url: string } | { refused: string }>;
}
