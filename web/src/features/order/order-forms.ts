/**
 * The names of the order page's forms sent without JavaScript, shared by the page (which shows a
 * refusal of them) and the route's server action (app/form-actions/orders.ts).
 */

/** The order's actions (paying). */
export const ORDER_FORM = 'order';
