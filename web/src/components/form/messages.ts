import { validatorMessages } from '../../../../common/validators.messages.ts';

/** The shared validators' texts (common/validators.messages.ts) as react-intl catalogues. */
const byLocale = (locale: 'zh-CN' | 'en-GB') =>
  Object.fromEntries(Object.entries(validatorMessages).map(([key, texts]) => [key, texts[locale]]));

export default { 'zh-CN': byLocale('zh-CN'), 'en-GB': byLocale('en-GB') };
