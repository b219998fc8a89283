/** The stock dialog's rules: the back office's form and the service check the same things. */
import { z } from 'zod';
import { textField } from './fields.ts';
import { ruleMessage } from './message.ts';

/** Why the back office changes stock by hand (orders write sale, cancel and refund themselves). */
export const ADJUSTMENT_REASONS = ['restock', 'correction', 'damage'] as const;
export type AdjustmentReasonCode = (typeof ADJUSTMENT_REASONS)[number];

/** The most units one adjustment may add or take away (a product holds at most 999,999). */
export const STOCK_DELTA_MAX = 999_999;
/** The longest note of an adjustment. */
export const STOCK_NOTE_MAX = 200;

/** The rules' texts, registered by the service and handed to react-intl by the dialog. */
export const stockRuleTexts = {
  'stock.deltaRequired': {
    'zh-CN': '请输入调整数量（正数增加，负数减少，不能为 0）',
    'en-GB': 'Enter how many units to add (positive) or take away (negative), not 0',
  },
  'stock.deltaTooLarge': {
    'zh-CN': '一次最多调整 {max} 件',
    'en-GB': 'One adjustment can change stock by at most {max} units',
  },
  'stock.reasonRequired': { 'zh-CN': '请选择调整原因', 'en-GB': 'Choose the reason for the adjustment' },
} as const;

const deltaRequired = () => ruleMessage('stock.deltaRequired');
const tooLarge = ruleMessage('stock.deltaTooLarge', { max: STOCK_DELTA_MAX });

export const stockAdjustmentFields = {
  /** Signed: + adds units, − takes them away; a whole number, never 0. */
  delta: z
    .number({ error: deltaRequired })
    .int(deltaRequired())
    .refine((value) => value !== 0, { message: deltaRequired() })
    .refine((value) => Math.abs(value) <= STOCK_DELTA_MAX, { message: tooLarge }),
  reason: z.enum(ADJUSTMENT_REASONS, { error: () => ruleMessage('stock.reasonRequired') }),
  note: textField({ max: STOCK_NOTE_MAX, optional: true }),
};

export const stockAdjustmentSchema = z.object(stockAdjustmentFields);
