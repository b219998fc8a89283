import { quantityTexts, validationTexts } from '@shop/common/validation/messages.ts';
import { defineMessages } from './index.ts';

/**
 * Texts used across modules. The exact texts of docs/product.md are written exactly as given
 * there; the form rules' texts come from common/validation, shared with the web forms.
 */
export const common = defineMessages({
  'common.ok': { 'zh-CN': '操作成功！', 'en-GB': 'Operation was successful!' },
  'common.saved': { 'zh-CN': '保存成功!', 'en-GB': 'Save successfully!' },
  'common.error': {
    'zh-CN': '系统繁忙，请稍后再试',
    'en-GB': 'Something went wrong, please try again later',
  },
  'common.databaseUnavailable': {
    'zh-CN': '服务暂时不可用，请稍后再试',
    'en-GB': 'The shop is temporarily unavailable, please try again in a moment',
  },
  'common.storageUnavailable': {
    'zh-CN': '文件存储暂时不可用，请稍后再试',
    'en-GB': 'File storage is temporarily unavailable, please try again later',
  },
  'common.notFound': { 'zh-CN': '请求的资源不存在', 'en-GB': 'The requested resource does not exist' },
  'common.idMissing': { 'zh-CN': 'id缺失！', 'en-GB': 'Id is missing!' },
  'common.forbidden': { 'zh-CN': '无访问权限', 'en-GB': 'No access permission' },
  'common.unauthenticated': { 'zh-CN': '请先登录', 'en-GB': 'Please log in' },
  'common.tokenExpired': {
    'zh-CN': '登录已过期，请重新登录',
    'en-GB': 'Your session has expired, please log in again',
  },
  'common.tooManyRequests': {
    'zh-CN': '操作过于频繁，请稍后再试',
    'en-GB': 'Too many attempts, please try again later',
  },
  'common.bodyTooLarge': { 'zh-CN': '请求内容过大', 'en-GB': 'The request is too large' },
  'common.malformedJson': { 'zh-CN': '请求格式不正确', 'en-GB': 'The request is not valid JSON' },
  'common.malformedText': {
    'zh-CN': '请求中含有无效的文字编码',
    'en-GB': 'The request contains text that is not valid Unicode',
  },
  ...validationTexts,
  ...quantityTexts,
  'validation.tooSmall': { 'zh-CN': '{field} 不能小于 {min}', 'en-GB': '{field} must be at least {min}' },
  'validation.tooBig': { 'zh-CN': '{field} 不能大于 {max}', 'en-GB': '{field} must be at most {max}' },
  'validation.unknownField': { 'zh-CN': '不支持的字段：{field}', 'en-GB': 'Unsupported field: {field}' },
  'validation.invalidBody': { 'zh-CN': '请求内容格式不正确', 'en-GB': 'The request body is not valid' },
  'field.pageNum': { 'zh-CN': '页码', 'en-GB': 'Page number' },
  'field.pageSize': { 'zh-CN': '每页条数', 'en-GB': 'Page size' },
  'field.id': { 'zh-CN': 'ID', 'en-GB': 'ID' },
});
