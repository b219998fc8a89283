/**
 * The pages' forms sent without JavaScript (scripts off, or typed into before they loaded): a POST
 * to a page route with a urlencoded body, or a multipart one where the page's form carries a file
 * (the avatar), within the upload limit. Checked here before anything runs — that the page has a
 * form at all (else 405), the body's size, its type, and the CSRF rule (the gateway's: the form
 * must be on this site) — and then rendered like
 * a page (render.ts), where the route's action runs the form's mutation in-process
 * (web/src/app/form-actions/) and answers a redirect or the form again with its messages.
 */
import { wellFormedBytes } from '@shop/common/http/well-formed-text.ts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { refuseMethod, refusePage } from './page-refusals.ts';
import { NOT_SPA } from './web-app.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const FILE_FORM_TYPE = 'multipart/form-data';
/** Room for the multipart framing and the form's other fields around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Files held in memory at once (each at most the upload limit), as the upload route bounds them. */
const MAX_BUFFERED_FILES = 16;

export interface FormPostOptions {
  publicOrigin: string;
  /** The CSRF rule: whether the form was sent from a page of this site. */
  isSameOriginForm: (req: Request, publicOrigin: string) => boolean;
  /** The page renderer (render.ts), which reads the form from `req.body`. */
  renderPage: RequestHandler;
  /**
   * Whether a path's page has a form (its route has an action); undefined when no server bundle
   * says, and the render decides.
   */
  acceptsForm?: (path: string) => Promise<boolean | undefined>;
  /** Largest form body accepted (the shop's forms are a few short fields). */
  limit?: string;
  /** Whether a path's form may carry a file (multipart); without it every form is urlencoded. */
  acceptsFiles?: (path: string) => Promise<boolean>;
  /** The largest file such a form carries (the upload limit). */
  fileLimitBytes?: number;
}

/** Bytes that are not text, raw or percent-escaped (`%FF`, `%ED%A0%80`): refused rather than read as U+FFFD. */
class MalformedForm extends Error {
  readonly status = 400;
  readonly type = 'entity.text.malformed';
}

/** Whether every field of a urlencoded form decodes to well-formed text (decodeURIComponent is strict). */
function wellFormedForm(body: string): boolean {
  for (const field of body.split('&')) {
    try {
      decodeURIComponent(field.replace(/\+/g, ' '));
    } catch {
      return false;
    }
  }
  return true;
}

export function formPosts(options: FormPostOptions): RequestHandler[] {
  const readBody = express.text({
    type: FORM_TYPE,
    limit: options.limit ?? '16kb',
    verify: (_req, _res, bytes, charset) => {
      if (!wellFormedBytes(bytes, charset)) throw new MalformedForm();
    },
  });
  const readFiles = express.raw({
    type: FILE_FORM_TYPE,
    limit: (options.fileLimitBytes ?? 0) + MULTIPART_OVERHEAD,
  });
  let buffering = 0;
  const takesFiles = async (req: Request) =>
    Boolean(req.is(FILE_FORM_TYPE)) && (await options.acceptsFiles?.(req.path)) === true;
  return [
    async (req: Request, res: Response, next: NextFunction) => {
      if (NOT_SPA.test(req.path)) return next('route');
      if ((await options.acceptsForm?.(req.path)) === false) {
        // A page without a form: what it takes is reading, whatever the body or its origin.
        return refuseMethod(req, res);
      }
      if (!req.is(FORM_TYPE) && !(await takesFiles(req))) return refusePage(req, res, 415, 'formType');
      if (!options.isSameOriginForm(req, options.publicOrigin)) {
        // Another site's form: its body is not read and nothing is run.
        res.set('connection', 'close');
        return refusePage(req, res, 403, 'crossSite');
      }
      next();
    },
    (req: Request, res: Response, next: NextFunction) => {
      if (!req.is(FILE_FORM_TYPE)) return next();
      if (buffering >= MAX_BUFFERED_FILES) {
        res.set('retry-after', '1').set('connection', 'close');
        return refusePage(req, res, 503, 'busy');
      }
      // Counted until the answer is sent: that is how long the body stays in memory.
      buffering += 1;
      res.once('close', () => {
        buffering -= 1;
      });
      // The file as the upload route takes it: bytes, bounded by the upload limit (the service
      // checks what the file is); the action reads its fields.
      readFiles(req, res, (error?: unknown) => {
        if ((error as { status?: number } | undefined)?.status === 413) {
          res.set('connection', 'close');
          return refusePage(req, res, 413, 'fileTooLarge');
        }
        next(error);
      });
    },
    (req: Request, res: Response, next: NextFunction) =>
      readBody(req, res, (error?: unknown) => {
        if (error instanceof MalformedForm) return refusePage(req, res, 400, 'malformedText');
        if (error) return next(error);
        if (typeof req.body === 'string' && !wellFormedForm(req.body))
          return refusePage(req, res, 400, 'malformedText');
        next();
      }),
    (req: Request, res: Response, next: NextFunction) =>
      options.renderPage(req, res, (error?: unknown) => {
        if (error) return next(error);
        // No server render (not built, or it failed): the form cannot be handled without scripts.
        refusePage(req, res, 503, 'unavailable');
      }),
  ];
}
