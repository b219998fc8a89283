/**
 * The language switcher sent without JavaScript: `POST /language` with `locale` and the page it was
 * on (`redirect`). It writes the `shop_locale` cookie as the scripted switcher does, so the pages
 * that follow are in that language, and sends the shopper back to the page without its `?lang=`
 * (which would override the choice). Checked as the pages' forms are: urlencoded, small, from this
 * site (the CSRF rule).
 */
import { isShopLocale, LANGUAGE_FORM_PATH, LOCALE_COOKIE } from '@shop/common/locale.ts';
import { sameSitePath } from '@shop/common/redirect-target.ts';
import { format } from '@tusbar/cache-control';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { refusePage } from './page-refusals.ts';

export const LANGUAGE_PATH = LANGUAGE_FORM_PATH;

/** A year, as the scripted switcher keeps the choice. */
const KEPT_SECONDS = 60 * 60 * 24 * 365;

export interface LanguageFormOptions {
  publicOrigin: string;
  isSameOriginForm: (req: Request, publicOrigin: string) => boolean;
}

/** The page to go back to: a path of this site, without the address's own language. */
function backTo(value: unknown): string {
  const path = sameSitePath(value);
  if (!path) return '/home';
  const url = new URL(path, 'http://same-site.invalid');
  url.searchParams.delete('lang');
  return url.pathname + url.search;
}

export function languageForm(options: LanguageFormOptions): RequestHandler[] {
  const readBody = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });
  return [
    (req: Request, res: Response, next: NextFunction) => {
      if (!req.is('application/x-www-form-urlencoded')) return refusePage(req, res, 415, 'formType');
      if (!options.isSameOriginForm(req, options.publicOrigin)) {
        res.set('connection', 'close');
        return refusePage(req, res, 403, 'crossSite');
      }
      next();
    },
    readBody,
    (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const target = backTo(body.redirect);
      res.set('cache-control', format({ noStore: true }));
      if (isShopLocale(body.locale)) {
        const secure = req.secure || options.publicOrigin.startsWith('https:') ? '; Secure' : '';
        res.append(
          'set-cookie',
          `${LOCALE_COOKIE}=${body.locale}; Max-Age=${KEPT_SECONDS}; Path=/; SameSite=Lax${secure}`,
        );
      }
      res.redirect(303, target);
    },
  ];
}
