/**
 * The pages' forms sent without JavaScript (scripts off, or typed into before they loaded): a POST
 * to a page route with a urlencoded body. Checked here before anything runs — the body's size, its
 * type, and the CSRF rule (session/csrf.ts: the form must be on this site) — and then rendered like
 * a page (ssr/index.ts), where the route's action runs the form's mutation in-process
 * (web/src/app/form-actions/) and answers a redirect or the form again with its messages.
 */
import { format } from '@tusbar/cache-control';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { NOT_SPA } from '../http/web-app.ts';
import { isSameOriginForm } from '../session/csrf.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface FormPostOptions {
  publicOrigin: string;
  /** The page renderer (ssr/index.ts), which reads the form from `req.body`. */
  renderPage: RequestHandler;
  /** Largest form body accepted (the shop's forms are a few short fields). */
  limit?: string;
}

/** A plain-text answer for a form that is not handled: nothing was run. */
function refuse(res: Response, status: number, text: string): void {
  res
    .status(status)
    .set('cache-control', format({ noStore: true }))
    .type('text/plain')
    .send(text);
}

export function formPosts(options: FormPostOptions): RequestHandler[] {
  const readBody = express.text({ type: FORM_TYPE, limit: options.limit ?? '16kb' });
  return [
    (req: Request, res: Response, next: NextFunction) => {
      if (NOT_SPA.test(req.path)) return next('route');
      if (!req.is(FORM_TYPE))
        return refuse(res, 415, 'A page takes forms as application/x-www-form-urlencoded.');
      if (!isSameOriginForm(req, options.publicOrigin)) {
        // Another site's form: its body is not read and nothing is run.
        res.set('connection', 'close');
        return refuse(res, 403, 'This form was not sent from this site.');
      }
      next();
    },
    readBody,
    (req: Request, res: Response, next: NextFunction) =>
      options.renderPage(req, res, (error?: unknown) => {
        if (error) return next(error);
        // No server render (not built, or it failed): the form cannot be handled without scripts.
        refuse(res, 503, 'This page cannot take forms right now: please try again.');
      }),
  ];
}
