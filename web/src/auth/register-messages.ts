import { addCatalogue } from '../i18n/messages-collect.ts';

/**
 * The rules the register form shows before anything is typed (the same rules the service and the
 * shared validators apply). They travel with the form's lazy chunk: the form imports this module.
 */
export const registerMessages = {
  'zh-CN': {
    'register.usernameHint': '2-20 位字母、数字、下划线或汉字，不能全是数字；登录时使用',
    'register.passwordHint': '6-20 位，须同时包含字母和数字，可用 ! . _ -',
    'register.phoneHint': '11 位手机号码，也可用来登录',
  },
  'en-GB': {
    'register.usernameHint':
      '2-20 letters, digits, underscores or Chinese characters, not only digits; you sign in with it',
    'register.passwordHint': '6-20 characters with both letters and digits; ! . _ - allowed',
    'register.phoneHint': 'An 11-digit mobile number; you can sign in with it too',
  },
};

export default addCatalogue(registerMessages);
