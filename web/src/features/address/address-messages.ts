import { addCatalogue } from '../../i18n/messages-collect.ts';

/**
 * Texts of the address form and chooser, both locales. They travel with the screens that show
 * addresses (checkout, my addresses), not the start-up catalogue: each module using them imports
 * this one, which adds them on load.
 */
export const addressMessages = {
  'zh-CN': {
    'address.recipient': '收货人',
    'address.phone': '手机号码',
    'address.province': '省份',
    'address.city': '所在城市',
    'address.detail': '详细地址',
    'address.isDefault': '设为默认地址',
    'address.default': '默认',
    'address.add': '新增收货地址',
    'address.edit': '编辑收货地址',
    'address.save': '保存',
    'address.choose': '请选择',
    'address.areasFailed': '城市列表加载失败',
  },
  'en-GB': {
    'address.recipient': 'Recipient',
    'address.phone': 'Phone number',
    'address.province': 'Province',
    'address.city': 'City',
    'address.detail': 'Detailed address',
    'address.isDefault': 'Set as the default address',
    'address.default': 'Default',
    'address.add': 'Add an address',
    'address.edit': 'Edit the address',
    'address.save': 'Save',
    'address.choose': 'Please choose',
    'address.areasFailed': 'The city list could not be loaded',
  },
};

export default addCatalogue(addressMessages);
