import { routes } from '@shop/common/rest/routes.ts';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../../context.ts';
import { notFound, ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { imageLocale } from '../../i18n/image-language.ts';
import { translate } from '../../i18n/index.ts';
import { compressDrawings, sendDrawing } from '../files/drawings.ts';
import { renderCardSvg } from './card-image.ts';
import { cardImageUrl } from './data.ts';
import { referenceMessages } from './messages.ts';
import {
  findCardByImage,
  listAreas,
  listCards,
  listDictionary,
  listNotices,
  readConfigGroup,
  systemConfig,
} from './service.ts';

/** Reference data changes rarely; caches (the gateway's too) may keep it for a few minutes per language. */
const cacheable: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'public, max-age=300');
  res.vary('Accept-Language');
  next();
};

const DICT_KEY = /^[A-Za-z][A-Za-z0-9]{0,39}$/;
const CARD_IMAGE = /^([a-z0-9-]{1,60})\.svg$/;

/** Public reference data: areas, dictionaries, config, settings, notices and home cards. */
export function referenceRoutes(ctx: AppContext): Router {
  const router = Router();

  on(router, routes.reference.areas, cacheable, async (req, res) => {
    ok(req, res, await listAreas(ctx, req.locale));
  });

  on(router, routes.reference.dictionary, cacheable, async (req, res) => {
    const key = String(req.params.key);
    const options = DICT_KEY.test(key) ? await listDictionary(ctx, key, req.locale) : null;
    if (!options) throw notFound(referenceMessages['reference.dictNotFound'], { key: key.slice(0, 40) });
    // Filter lists put an empty "全部类型" option first (docs/product.md, "States").
    const withAll = req.query.withAll === 'true' || req.query.withAll === '1';
    const allOption = { value: '', label: translate(referenceMessages['reference.allTypes'], req.locale) };
    ok(req, res, withAll ? [allOption, ...options] : options);
  });

  on(router, routes.reference.config, cacheable, async (req, res) => {
    ok(req, res, await systemConfig(ctx, req.locale));
  });

  on(router, routes.reference.settings, cacheable, async (req, res) => {
    const settings = await readConfigGroup(ctx, 'settings', req.locale);
    ok(req, res, {
      showSettings: Boolean(settings.showSettings),
      fixedHeader: Boolean(settings.fixedHeader),
      sidebarLogo: Boolean(settings.sidebarLogo),
      customerService: typeof settings.customerService === 'string' ? settings.customerService : '',
    });
  });

  on(router, routes.reference.notices, cacheable, async (req, res) => {
    ok(req, res, await listNotices(ctx, req.locale));
  });

  on(router, routes.reference.cards, cacheable, async (req, res) => {
    ok(req, res, await listCards(ctx, req.locale));
  });

  on(router, routes.reference.cardImage, compressDrawings, async (req, res) => {
    const slug = CARD_IMAGE.exec(String(req.params.file))?.[1];
    const card = slug ? await findCardByImage(ctx, cardImageUrl(slug)) : undefined;
    if (!card) throw notFound(referenceMessages['reference.cardImageNotFound']);
    const english = imageLocale(req) === 'en-GB';
    const svg = renderCardSvg(card, english ? card.title_en : card.title);
    await sendDrawing(ctx, req, res, svg, 'public, max-age=3600');
  });

  return router;
}
