import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Runs a header-only middleware (helmet with a static configuration: no per-request nonces) once
 * at start-up and replays the headers it set (and removed) on every response, instead of walking
 * its dozen sub-middlewares per request. Refuses a middleware that does anything else.
 */
export function staticHeaders(middleware: Middleware) {
  return replayHeaders(recordHeaders(middleware));
}

export interface RecordedHeaders {
  set: Array<[string, string | number | readonly string[]]>;
  removed: string[];
}

/** Express middleware that writes recorded headers on every response. */
export function replayHeaders({ set, removed }: RecordedHeaders) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a header-only middleware sets (and removes), recorded once by running it on a blank
 * response; refuses a middleware that does anything else.
 */
export function recordHeaders(middleware: Middleware): RecordedHeaders {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
  } as unknown as ServerResponse;
  let passed = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder, (error) => {
    if (error) throw error;
    passed = true;
  });
  if (!passed) throw new Error('staticHeaders: the middleware did not pass the request on synchronously');
  return { set, removed };
}
