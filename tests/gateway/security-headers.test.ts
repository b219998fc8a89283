/**
 * The static security headers: helmet runs once at start-up and its headers are replayed per
 * response; a middleware whose headers could depend on the request is refused at start-up.
 */
import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { staticHeaders } from '../../gateway/src/http/security-headers.ts';

function fakeResponse() {
  const headers = new Map<string, unknown>([['x-powered-by', 'Express']]);
  return {
    headers,
    res: {
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    } as unknown as Response,
  };
}

describe('staticHeaders', () => {
  it('replays what the middleware set and removed, on every response', () => {
    let runs = 0;
    const middleware = staticHeaders((_req, res, next) => {
      runs += 1;
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      res.removeHeader('X-Powered-By');
      next();
    });
    for (let i = 0; i < 2; i += 1) {
      const { headers, res } = fakeResponse();
      let passed = false;
      middleware({} as Request, res, (() => {
        passed = true;
      }) as NextFunction);
      expect(passed).toBe(true);
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.has('x-powered-by')).toBe(false);
    }
    expect(runs).toBe(1);
  });

  it('refuses a middleware that does not pass the request on at once', () => {
    expect(() => staticHeaders((_req, _res, next) => setTimeout(next, 1))).toThrow(/synchronously/);
    expect(() => staticHeaders((_req, _res, next) => next(new Error('no')))).toThrow('no');
  });
});
