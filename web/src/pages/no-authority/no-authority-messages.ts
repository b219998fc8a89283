import { addCatalogue } from '../../i18n/messages-collect.ts';

/** The no-authority screen's texts travel with its chunk ('无访问权限' itself is auth.forbidden). */
export const noAuthorityMessages = {
  'zh-CN': {
    'noAuthority.message': '您的账号没有访问该页面的权限',
    'noAuthority.home': '返回首页',
  },
  'en-GB': {
    'noAuthority.message': 'Your account may not open this page',
    'noAuthority.home': 'Back to the home page',
  },
};

export default addCatalogue(noAuthorityMessages);
