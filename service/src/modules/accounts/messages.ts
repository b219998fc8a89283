import { accountRuleTexts } from '@shop/common/validation/messages.ts';
import { defineMessages } from '../../i18n/index.ts';

/**
 * Texts of the accounts module (registration, login, sessions, profile, real name); the form
 * rules' texts are shared with the web forms (common/validation).
 */
export const accountMessages = defineMessages({
  ...accountRuleTexts,
  'account.registered': { 'zh-CN': '注册成功!', 'en-GB': 'Registered successfully!' },
  'account.badCredentials': {
    'zh-CN': '账号或密码错误',
    'en-GB': 'The account or password is incorrect',
  },
  'account.usernameTaken': { 'zh-CN': '该用户名已被注册', 'en-GB': 'This user name is already taken' },
  'account.phoneTaken': {
    'zh-CN': '该手机号码已被注册',
    'en-GB': 'This phone number is already registered',
  },
  'account.wrongOldPassword': { 'zh-CN': '旧密码不正确', 'en-GB': 'The old password is incorrect' },
  'account.samePassword': {
    'zh-CN': '新密码不能与旧密码相同',
    'en-GB': 'The new password must differ from the old one',
  },
  'account.invalidGender': { 'zh-CN': '性别只能是男或女', 'en-GB': 'Gender must be male or female' },
  'account.invalidAvatar': { 'zh-CN': '头像地址不正确', 'en-GB': 'The avatar address is not valid' },
  'account.alreadyReal': {
    'zh-CN': '您已完成实名认证',
    'en-GB': 'Your real-name verification is already complete',
  },
  'account.busy': {
    'zh-CN': '系统繁忙，请稍后再试',
    'en-GB': 'The shop is busy, please try again in a moment',
  },
  'account.userGone': { 'zh-CN': '用户不存在', 'en-GB': 'The user does not exist' },
  'field.username': { 'zh-CN': '用户名', 'en-GB': 'User name' },
  'field.account': { 'zh-CN': '账号', 'en-GB': 'Account' },
  'field.password': { 'zh-CN': '密码', 'en-GB': 'Password' },
  'field.phone': { 'zh-CN': '手机号码', 'en-GB': 'Phone number' },
  'field.oldPassword': { 'zh-CN': '旧密码', 'en-GB': 'Old password' },
  'field.newPassword': { 'zh-CN': '新密码', 'en-GB': 'New password' },
  'field.confirmPassword': { 'zh-CN': '确认密码', 'en-GB': 'Confirm password' },
  'field.name': { 'zh-CN': '昵称', 'en-GB': 'Nickname' },
  'field.gender': { 'zh-CN': '性别', 'en-GB': 'Gender' },
  'field.avatar': { 'zh-CN': '头像', 'en-GB': 'Avatar' },
  'field.realName': { 'zh-CN': '真实姓名', 'en-GB': 'Real name' },
  'field.idNumber': { 'zh-CN': '身份证号码', 'en-GB': 'Citizen ID number' },
  'field.refreshToken': { 'zh-CN': '刷新令牌', 'en-GB': 'Refresh token' },
});
