export default {
  'zh-CN': {
    'noAuthority.message': '您的账号没有访问该页面的权限',
    'noAuthority.home': '返回首页',
  },
  'en-GB': {
    'noAuthority.message': 'Your account may not open this page',
    'noAuthority.home': 'Back to the home page',
  },
};
