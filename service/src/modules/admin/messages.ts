import { shippingRuleTexts } from '@shop/common/validation/shipping-texts.ts';
import { defineMessages } from '../../i18n/index.ts';

/** Texts of the back office (shipping, refund review). */
export const adminMessages = defineMessages({
  ...shippingRuleTexts,
  'admin.shipped': { 'zh-CN': '发货成功', 'en-GB': 'The order has been shipped' },
  'admin.courierUnknown': {
    'zh-CN': '请从列表中选择快递公司',
    'en-GB': 'Please choose a courier from the list',
  },
  'field.courier': { 'zh-CN': '快递公司', 'en-GB': 'Courier' },
  'field.waybillNo': { 'zh-CN': '运单号', 'en-GB': 'Waybill number' },
  'admin.refundNotFound': { 'zh-CN': '退款申请不存在', 'en-GB': 'The refund application does not exist' },
  'admin.refundReviewed': {
    'zh-CN': '该退款申请已审核',
    'en-GB': 'This refund application has already been reviewed',
  },
  'admin.refundApproved': {
    'zh-CN': '退款已通过，款项已退回',
    'en-GB': 'Refund approved, the money is returned',
  },
  'admin.refundRejected': { 'zh-CN': '退款已拒绝', 'en-GB': 'Refund rejected' },
  'field.remark': { 'zh-CN': '审核备注', 'en-GB': 'Review remark' },
  'field.approve': { 'zh-CN': '审核结果', 'en-GB': 'Review decision' },
});
