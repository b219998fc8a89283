export default {
  'zh-CN': { 'loginPage.heading': '欢迎登录', 'loginPage.backHome': '返回首页' },
  'en-GB': { 'loginPage.heading': 'Welcome back', 'loginPage.backHome': 'Back to the home page' },
};
