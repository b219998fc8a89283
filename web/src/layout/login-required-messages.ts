import { addCatalogue } from '../i18n/messages-collect.ts';

/** The texts of the visitor's prompt on a signed-in page (LoginRequired, a chunk of its own). */
const messages = {
  'zh-CN': {
    'layout.loginRequired': '请先登录',
  },
  'en-GB': {
    'layout.loginRequired': 'Please log in',
  },
};

addCatalogue(messages);
