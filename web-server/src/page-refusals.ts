/**
 * The page server's own short answers on page addresses, in plain text and the page's language
 * (a form sent without scripts is refused before anything runs).
 */

import { chooseLocale, type ShopLocale } from '@shop/common/locale.ts';
import { format } from '@tusbar/cache-control';
import type { Request, Response } from 'express';

const TEXTS = {
  notAllowed: {
    'zh-CN': '此页面没有可提交的表单。',
    'en-GB': 'This page has no form to send.',
  },
  formType: {
    'zh-CN': '页面表单须以 application/x-www-form-urlencoded 提交。',
    'en-GB': 'A page takes forms as application/x-www-form-urlencoded.',
  },
  fileTooLarge: {
    'zh-CN': '上传的文件过大',
    'en-GB': 'The uploaded file is too large',
  },
  busy: {
    'zh-CN': '系统繁忙，请稍后再试',
    'en-GB': 'The shop is busy, please try again in a moment',
  },
  crossSite: {
    'zh-CN': '此表单不是从本站页面提交的。',
    'en-GB': 'This form was not sent from this site.',
  },
  malformedText: {
    'zh-CN': '表单中含有无效的文字编码。',
    'en-GB': 'The form contains text that is not valid Unicode.',
  },
  unavailable: {
    'zh-CN': '此页面暂时无法处理表单，请稍后再试。',
    'en-GB': 'This page cannot take forms right now: please try again.',
  },
} satisfies Record<string, Record<ShopLocale, string>>;

export type PageRefusal = keyof typeof TEXTS;

/** A plain-text refusal, never stored by a cache. */
export function refusePage(req: Request, res: Response, status: number, text: PageRefusal): void {
  const lang = typeof req.query.lang === 'string' ? req.query.lang : null;
  const locale = chooseLocale(req.headers.cookie, req.get('accept-language'), lang);
  res
    .status(status)
    .set('cache-control', format({ noStore: true }))
    .set('content-language', locale)
    .type('text/plain')
    .send(TEXTS[text][locale]);
}

/** A page is read, never written: 405 with what it allows. */
export function refuseMethod(req: Request, res: Response): void {
  res.set('allow', 'GET, HEAD');
  refusePage(req, res, 405, 'notAllowed');
}
