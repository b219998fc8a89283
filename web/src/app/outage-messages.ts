import { addCatalogue } from '../i18n/messages-collect.ts';

/** The outage page's texts: only the server renders it (503), so they stay out of the browser's bundle. */
export const outageMessages = {
  'zh-CN': {
    'outage.title': '服务暂时不可用',
    'outage.message': '商城暂时无法响应，请稍后重试。',
    'outage.retry': '重试',
  },
  'en-GB': {
    'outage.title': 'Temporarily unavailable',
    'outage.message': 'The shop cannot answer right now. Please try again in a moment.',
    'outage.retry': 'Try again',
  },
};

export default addCatalogue(outageMessages);
