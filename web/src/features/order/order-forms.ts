/**
 * The names of the order page's forms sent without JavaScript, shared by the page (which shows a
 * refusal of them) and the route's server action (app/form-actions/orders.ts).
 */

/** The order's actions: pay, cancel, confirm receipt. */
export const ORDER_FORM = 'order';
/** The refund application with its reason. */
export const REFUND_FORM = 'refund';

/** The confirmation steps the order page shows for `?confirm=`. */
export const CONFIRM_STEPS = ['cancel', 'receive', 'refund'] as const;
export type ConfirmStep = (typeof CONFIRM_STEPS)[number];

export const confirmStepOf = (value: string | null): ConfirmStep | null =>
  CONFIRM_STEPS.find((step) => step === value) ?? null;
