/**
 * Texts of the shared form rules (common/validation), in both languages. The service registers
 * them in its catalogue (`defineMessages`), so its answers and the `UserErrorCode` values keep
 * these keys; the web app hands them to react-intl with the forms. `{field}` is the field's
 * label in the tier that shows the text. Pure data: no imports.
 */
type Texts = Record<string, { 'zh-CN': string; 'en-GB': string }>;

export { quantityTexts } from './quantity-texts.ts';

import { catalogueStructureRuleTexts } from './catalogue-structure-texts.ts';
import { productRuleTexts } from './product-texts.ts';
import { shippingRuleTexts } from './shipping-texts.ts';

/** The generic rules of every form. */
export const validationTexts = {
  'validation.required': { 'zh-CN': '{field} 不能为空', 'en-GB': '{field} cannot be empty' },
  'validation.enterContent': { 'zh-CN': '请输入内容', 'en-GB': 'Please enter content' },
  'validation.invalid': { 'zh-CN': '{field} 格式不正确', 'en-GB': '{field} is not valid' },
  'validation.tooLong': {
    'zh-CN': '{field} 不能超过 {max} 个字符',
    'en-GB': '{field} must be at most {max} characters',
  },
  'validation.controlCharacters': {
    'zh-CN': '{field} 含有不允许的控制字符',
    'en-GB': '{field} contains control characters that are not allowed',
  },
  'validation.invisibleCharacters': {
    'zh-CN': '{field} 含有不允许的不可见字符或文字方向控制字符',
    'en-GB': '{field} contains invisible or text-direction characters that are not allowed',
  },
  'validation.lineBreak': {
    'zh-CN': '{field} 不能包含换行或制表符',
    'en-GB': '{field} cannot contain line breaks or tabs',
  },
} as const satisfies Texts;

/** Registration, login, password, profile and real-name rules. */
export const accountRuleTexts = {
  'account.invalidUsername': {
    'zh-CN': '用户名为2-20位字母、数字、下划线或汉字，且不能为纯数字',
    'en-GB': 'The user name must be 2-20 letters, digits, underscores or Chinese characters, not only digits',
  },
  'account.invalidPassword': {
    'zh-CN': '密码为6-20位字母、数字或 ! . _ - 组成',
    'en-GB': 'The password must be 6-20 letters, digits or ! . _ -',
  },
  'account.passwordNeedsLetterAndDigit': {
    'zh-CN': '密码必须同时包含字母和数字',
    'en-GB': 'The password must contain both a letter and a digit',
  },
  'account.passwordMismatch': {
    'zh-CN': '请确认两次密码输入一致',
    'en-GB': 'Please make sure the password inputs are consistent between the two times',
  },
  'account.invalidPhone': {
    'zh-CN': '请输入正确的手机号码',
    'en-GB': 'Please enter a valid mobile phone number',
  },
  'account.invalidRealName': {
    'zh-CN': '真实姓名为2-20位汉字或字母',
    'en-GB': 'The real name must be 2-20 Chinese characters or letters',
  },
  'account.invalidIdNumber': {
    'zh-CN': '请输入正确的身份证号码',
    'en-GB': 'Please enter a valid citizen ID number',
  },
} as const satisfies Texts;

/** The address book's rules. */
export const addressRuleTexts = {
  'address.invalidPhone': {
    'zh-CN': '请输入正确的手机号码',
    'en-GB': 'Please enter a valid mobile phone number',
  },
} as const satisfies Texts;

/** Every text a shared rule can answer with. */
export const ruleTexts = {
  ...validationTexts,
  ...accountRuleTexts,
  ...addressRuleTexts,
  ...catalogueStructureRuleTexts,
  ...productRuleTexts,
  ...shippingRuleTexts,
} as const;
export type RuleMessageKey = keyof typeof ruleTexts;
