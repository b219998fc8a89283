/**
 * A page request replayed for a render no client waits for: the page cache answered the visitor
 * with a stale page, and this render replaces it behind that answer. The render runs through the
 * same handler as any page (same context, data, lifetime and page-cache rules); what differs is
 * only where its bytes go (nowhere: the page cache keeps its copy) and that it always renders
 * the page complete, since only a complete page is stored.
 */
import { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';

/** Requests made by `detachedExchange`: rendered complete, never streamed in parts. */
const detached = new WeakSet<Request>();

export const isRevalidation = (req: Request): boolean => detached.has(req);

/**
 * The visitor's request as a plain GET without its conditional or encoding headers (the render
 * must produce the whole page, uncompressed), and a response with Express' methods whose bytes
 * are dropped. `onEnd` is called once the render has ended its response, or destroyed it.
 */
export function detachedExchange(
  req: Request,
  res: Response,
  onEnd: () => void,
): { req: Request; res: Response } {
  const request = Object.create(req) as Request;
  const headers = { ...req.headers };
  delete headers['accept-encoding'];
  delete headers['if-none-match'];
  delete headers['if-modified-since'];
  delete headers.range;
  request.headers = headers;
  request.method = 'GET';
  detached.add(request);

  // A ServerResponse with no socket keeps what is written in memory until it is collected; Express'
  // response methods come from the visitor's response's prototype (the app's `res`).
  const response = new ServerResponse(request) as unknown as Response;
  Object.setPrototypeOf(response, Object.getPrototypeOf(res));
  Object.assign(response, { req: request, locals: {}, app: res.app });
  (request as { res?: Response }).res = response;
  const end = response.end.bind(response) as (...args: unknown[]) => Response;
  response.end = ((...args: unknown[]) => {
    const result = end(...args);
    onEnd();
    return result;
  }) as Response['end'];
  const destroy = response.destroy.bind(response);
  response.destroy = ((error?: Error) => {
    onEnd();
    return destroy(error);
  }) as Response['destroy'];
  return { req: request, res: response };
}
