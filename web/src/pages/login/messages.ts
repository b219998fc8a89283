import { addCatalogue } from '../../i18n/messages-collect.ts';
export default addCatalogue({
  'zh-CN': {
    'loginPage.heading': '欢迎登录',
    'loginPage.backHome': '返回首页',
    'loginPage.expired': '登录已过期，请重新登录',
  },
  'en-GB': {
    'loginPage.heading': 'Welcome back',
    'loginPage.backHome': 'Back to the home page',
    'loginPage.expired': 'Your session has expired. Please log in again',
  },
});
