import { type RuleMessageKey, ruleTexts } from '@shop/common/validation/messages.ts';
import { addCatalogue } from '../../i18n/messages-collect.ts';

/*
 * The shared form rules' texts (common/validation/messages.ts, the same the service answers
 * with), added to react-intl's catalogues when the first form's chunk loads: no form is on the
 * first page, so neither are its texts.
 */
const byLocale = (locale: 'zh-CN' | 'en-GB') =>
  Object.fromEntries(Object.entries(ruleTexts).map(([key, texts]) => [key, texts[locale]])) as Record<
    RuleMessageKey,
    string
  >;

export default addCatalogue({ 'zh-CN': byLocale('zh-CN'), 'en-GB': byLocale('en-GB') });
