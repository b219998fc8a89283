import { addressRuleTexts } from '@shop/common/validation/messages.ts';
import { defineMessages } from '../../i18n/index.ts';

/** Texts of the address book. */
export const addressMessages = defineMessages({
  'address.notFound': { 'zh-CN': '收货地址不存在', 'en-GB': 'The address does not exist' },
  'address.limit': {
    'zh-CN': '最多只能保存 {max} 个收货地址',
    'en-GB': 'You can save at most {max} delivery addresses',
  },
  ...addressRuleTexts,
  'field.recipient': { 'zh-CN': '收货人', 'en-GB': 'Recipient' },
  'field.phone': { 'zh-CN': '手机号码', 'en-GB': 'Phone number' },
  'field.city': { 'zh-CN': '所在城市', 'en-GB': 'City' },
  'field.detail': { 'zh-CN': '详细地址', 'en-GB': 'Detailed address' },
  'field.isDefault': { 'zh-CN': '默认地址', 'en-GB': 'Default address' },
});
