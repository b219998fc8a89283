import { addCatalogue } from './messages-collect.ts';
export default addCatalogue({
  'zh-CN': {
    'locale.switch': '切换语言',
    'locale.apply': '切换',
    'locale.zh-CN': '简体中文',
    'locale.en-GB': 'English (UK)',
    'storage.encryptionError': '数据加密异常',
  },
  'en-GB': {
    'locale.switch': 'Language',
    'locale.apply': 'Switch',
    'locale.zh-CN': '简体中文',
    'locale.en-GB': 'English (UK)',
    'storage.encryptionError': 'data encryption exception',
  },
});
