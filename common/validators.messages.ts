/**
 * Texts for the helper checks of `validators.ts` (the spec does not show them), keyed like the
 * service's message catalogue so the service can register them with `defineMessages` and the
 * web app can hand them to react-intl. Pure data. The two generic rules say what the forms and
 * the quantity box say, from the same texts.
 */
import { quantityTexts, validationTexts } from './validation/messages.ts';

export const validatorMessages = {
  'validator.blank': validationTexts['validation.enterContent'],
  'validator.zeroOrEmpty': quantityTexts['validation.enterQuantity'],
  'validator.link': {
    'zh-CN': '请输入以 http、https、mailto 或 tel 开头的链接',
    'en-GB': 'Please enter a link starting with http, https, mailto or tel',
  },
  'validator.amount': {
    'zh-CN': '请输入正确的金额，最多两位小数',
    'en-GB': 'Please enter a valid amount with at most two decimals',
  },
  'validator.nonNegativeAmount': {
    'zh-CN': '请输入不小于 0 的金额，最多两位小数',
    'en-GB': 'Please enter an amount of at least 0 with at most two decimals',
  },
  'validator.decimal6': {
    'zh-CN': '请输入数字，最多六位小数',
    'en-GB': 'Please enter a number with at most six decimals',
  },
  'validator.decimal4': {
    'zh-CN': '请输入数字，最多四位小数',
    'en-GB': 'Please enter a number with at most four decimals',
  },
  'validator.positiveInteger': { 'zh-CN': '请输入正整数', 'en-GB': 'Please enter a positive whole number' },
  'validator.nonNegativeInteger': {
    'zh-CN': '请输入非负整数',
    'en-GB': 'Please enter a whole number of at least 0',
  },
  'validator.email': { 'zh-CN': '请输入正确的邮箱地址', 'en-GB': 'Please enter a valid e-mail address' },
  'validator.mobile': { 'zh-CN': '请输入正确的手机号码', 'en-GB': 'Please enter a valid mobile number' },
  'validator.mobileOrTenDigits': {
    'zh-CN': '请输入正确的手机号码或 10 位号码',
    'en-GB': 'Please enter a valid mobile number or a 10-digit number',
  },
  'validator.digitsCommasHyphens': {
    'zh-CN': '只能输入数字、逗号和短横线',
    'en-GB': 'Only digits, commas and hyphens are allowed',
  },
  'validator.postcode': { 'zh-CN': '请输入 6 位邮政编码', 'en-GB': 'Please enter a 6-digit postcode' },
  'validator.password': {
    'zh-CN': '密码为 6-20 位字母、数字或 ! . _ - 字符',
    'en-GB': 'The password must be 6-20 letters, digits or ! . _ -',
  },
  'validator.letterAndDigit': {
    'zh-CN': '密码必须同时包含字母和数字',
    'en-GB': 'The password must contain both letters and digits',
  },
  'validator.licencePlate': { 'zh-CN': '请输入正确的车牌号', 'en-GB': 'Please enter a valid licence plate' },
  'validator.citizenId': {
    'zh-CN': '请输入正确的身份证号码',
    'en-GB': 'Please enter a valid citizen ID number',
  },
  'validator.realName': {
    'zh-CN': '请输入 2-20 个汉字或字母的真实姓名',
    'en-GB': 'Please enter your real name: 2-20 Chinese characters or letters',
  },
  'validator.chineseName': {
    'zh-CN': '请输入 1-3 个汉字',
    'en-GB': 'Please enter 1-3 Chinese characters',
  },
} as const satisfies Record<string, { 'zh-CN': string; 'en-GB': string }>;

export type ValidatorMessageKey = keyof typeof validatorMessages;
