import { validatorMessages } from '@shop/common/validators.messages.ts';
import { defineMessages } from '../../i18n/index.ts';

export const referenceMessages = defineMessages({
  'reference.dictNotFound': { 'zh-CN': '字典不存在：{key}', 'en-GB': 'No such dictionary: {key}' },
  'reference.allTypes': { 'zh-CN': '全部类型', 'en-GB': 'All types' },
  'reference.cardImageNotFound': { 'zh-CN': '图片不存在', 'en-GB': 'No such image' },
});

/**
 * The texts of the shared helper checks (common/validators.ts), registered so that a zod
 * refinement may use them as its message: `.refine(isMobile, 'validator.mobile')`.
 */
export const validatorMessageKeys = defineMessages(validatorMessages);
