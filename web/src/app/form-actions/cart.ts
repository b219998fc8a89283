/**
 * The cart's forms' server actions: add a product from its page; on the cart, change a line's
 * quantity (typed, or − and +), select or unselect a line, select or clear all, remove a line.
 */
import type { ActionFunctionArgs } from 'react-router-dom';
import {
  AddToCartDocument,
  RemoveCartLineDocument,
  SelectAllCartLinesDocument,
  UpdateCartLineDocument,
} from '../../__generated__/graphql.ts';
import { loginPath } from '../../auth/redirect.ts';
import type { UserErrorLike } from '../user-errors.ts';
import {
  contextOf,
  failure,
  mutatePayload,
  redirectTo,
  refuse,
  signedIn,
  text,
  typedValues,
} from './shared.ts';

type Payload = { userErrors: UserErrorLike[] };

/** A positive whole quantity from the form (− and + send the one they lead to as `stepTo`), or null. */
function quantityOf(form: FormData): number | null {
  const value = text(form, form.has('stepTo') ? 'stepTo' : 'quantity').trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= 1 ? quantity : null;
}

/** A product page: add the product to the cart, then show the cart (visitors log in first). */
export async function addToCartAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const here = new URL(args.request.url);
  if (!(await signedIn(client))) return redirectTo(loginPath(here.pathname + here.search));
  const values = typedValues(form, ['productId', 'quantity']);
  const quantity = quantityOf(form);
  if (quantity === null) return refuse({ form: 'addToCart', values, messageId: 'validation.enterQuantity' });
  try {
    await mutatePayload(
      () =>
        client.mutate({
          mutation: AddToCartDocument,
          variables: { input: { productId: text(form, 'productId'), quantity } },
          errorPolicy: 'all',
        }),
      (result: { addToCart?: Payload }) => result?.addToCart,
    );
  } catch (error) {
    return failure('addToCart', values, error);
  }
  return redirectTo('/cart');
}

/** The name of the cart's own form (select all), whose refusal the cart shows above its lines. */
const CART_FORM = 'cart';

/**
 * /cart: what the pressed button says, then the cart again. Each button sends its own field:
 * `intent=remove` (the line's 删除), `intent=selectAll` with `selected` (全选), `selected` (a
 * line's selection), `quantity` (the typed quantity) or `stepTo` (− and +, the quantity they lead to).
 */
export async function cartAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  if (!(await signedIn(client))) return redirectTo(loginPath('/cart'));
  const intent = text(form, 'intent');
  const selected = text(form, 'selected');
  if (intent === 'selectAll') {
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: SelectAllCartLinesDocument,
            variables: { input: { selected: selected === 'true' } },
            errorPolicy: 'all',
          }),
        (result: { selectAllCartLines?: Payload }) => result?.selectAllCartLines,
      );
    } catch (error) {
      return failure(CART_FORM, {}, error);
    }
    return redirectTo('/cart');
  }
  const lineId = text(form, 'lineId');
  const name = `cartLine:${lineId}`;
  const values = typedValues(form, ['lineId', 'quantity']);
  try {
    if (intent === 'remove') {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: RemoveCartLineDocument,
            variables: { input: { lineId } },
            errorPolicy: 'all',
          }),
        (result: { removeCartLine?: Payload }) => result?.removeCartLine,
      );
      return redirectTo('/cart');
    }
    if (selected === 'true' || selected === 'false') {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: UpdateCartLineDocument,
            variables: { input: { lineId, selected: selected === 'true' } },
            errorPolicy: 'all',
          }),
        (result: { updateCartLine?: Payload }) => result?.updateCartLine,
      );
      return redirectTo('/cart');
    }
  } catch (error) {
    return failure(name, values, error);
  }
  const quantity = quantityOf(form);
  if (quantity === null) return refuse({ form: name, values, messageId: 'validation.enterQuantity' });
  try {
    await mutatePayload(
      () =>
        client.mutate({
          mutation: UpdateCartLineDocument,
          variables: { input: { lineId, quantity } },
          errorPolicy: 'all',
        }),
      (result: { updateCartLine?: Payload }) => result?.updateCartLine,
    );
  } catch (error) {
    return failure(name, values, error);
  }
  return redirectTo('/cart');
}
