import { addCatalogue } from '../../i18n/messages-collect.ts';
export default addCatalogue({
  'zh-CN': {
    'notFound.title': '404',
    'notFound.message': '抱歉，您访问的页面不存在',
    'notFound.home': '返回首页',
  },
  'en-GB': {
    'notFound.title': '404',
    'notFound.message': 'Sorry, the page you are looking for does not exist',
    'notFound.home': 'Back to the home page',
  },
});
