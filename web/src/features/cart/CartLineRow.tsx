import { type FormEvent, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CartLineRow_LineFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useFormResult } from '../../components/form/server-result.ts';
import { Money } from '../../components/Money.tsx';
import { Picture } from '../../components/Picture.tsx';
import { QuantityInput } from '../../components/QuantityInput.tsx';
import { mobileQuery } from '../../theme.ts';
import { VisuallyHidden } from '../page/Page.tsx';
import './noscript-messages.ts'; // the texts shown without JavaScript travel with this part
import './cart-messages.ts';

export const Row = styled.tr<{ $unavailable?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  opacity: ${({ $unavailable }) => ($unavailable ? 0.65 : 1)};
  td {
    padding: 12px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  /* A card on a phone: product on top, price and delete, then the stepper and the subtotal. */
  ${mobileQuery} {
    display: grid;
    grid-template-columns: 28px minmax(0, 1fr) auto;
    grid-template-areas:
      'select product product'
      'select price remove'
      'select quantity subtotal';
    align-items: center;
    gap: 6px 8px;
    padding: 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    td {
      display: block;
      min-width: 0;
      padding: 0;
      border: 0;
    }
    td:nth-child(1) {
      grid-area: select;
      align-self: start;
    }
    td:nth-child(2) {
      grid-area: product;
    }
    td:nth-child(3) {
      grid-area: price;
    }
    td:nth-child(4) {
      grid-area: quantity;
    }
    td:nth-child(5) {
      grid-area: subtotal;
      justify-self: end;
    }
    td:nth-child(6) {
      grid-area: remove;
      justify-self: end;
    }
  }
`;

const ProductCell = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  img {
    width: 64px;
    height: 64px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
    background: ${({ theme }) => theme.colors.background};
    flex-shrink: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const Tag = styled.span`
  display: inline-block;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

/** The price changed since the line was added: the notice, and the old price struck through. */
const PriceChanged = styled.div`
  margin-top: 2px;
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  s {
    margin-left: 4px;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Subtotal = styled(Money)`
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-weight: 600;
`;

/** Where the cart's forms go without JavaScript: the cart route's action. */
export const CART_ACTION = '/cart';

/** With JavaScript a form's buttons run their own handlers: the form is never sent. */
export const keepForm = (event: FormEvent) => event.preventDefault();

const UpdateButton = styled(Button)`
  margin-top: 4px;
`;

export interface CartLineRowProps {
  /** The line to show (its own fields are read from the cache by this row's fragment). */
  line: { __typename: 'CartLine'; id: string };
  onSelect: (selected: boolean) => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** One cart line: select, product, unit price, quantity (within stock), subtotal, remove. */
export function CartLineRow({ line: from, onSelect, onQuantity, onRemove }: CartLineRowProps) {
  const intl = useIntl();
  const { data: line, complete } = useFragment({
    fragment: CartLineRow_LineFragmentDoc,
    fragmentName: 'CartLineRow_line',
    from,
  });
  // the server's refusal of this line's quantity form, sent without JavaScript
  const refused = useFormResult(`cartLine:${from.id}`);
  // the line's form (its id): − and +, the selection and 删除 are its buttons, each sending its field
  const lineForm = useId();
  if (!complete) return null;
  const name = line.product?.name ?? intl.formatMessage({ id: 'cart.unknownProduct' });
  const stock = line.product?.stock ?? line.quantity;
  return (
    <Row
      $unavailable={!line.available}
      data-testid={`cart-line-${line.id}`}
      aria-disabled={!line.available || undefined}
    >
      <td>
        <Checkbox
          checked={line.selected && line.available}
          disabled={!line.available}
          onChange={onSelect}
          aria-label={intl.formatMessage({ id: 'cart.select' }, { name })}
        />
        {/* Without JavaScript the box cannot send itself: this button changes the selection. */}
        <noscript>
          <Button
            type="submit"
            form={lineForm}
            name="selected"
            value={String(!line.selected)}
            variant="text"
            size="sm"
            disabled={!line.available}
            aria-label={intl.formatMessage(
              { id: line.selected ? 'cart.unselectLineNamed' : 'cart.selectLineNamed' },
              { name },
            )}
          >
            {intl.formatMessage({ id: line.selected ? 'cart.unselectLine' : 'cart.selectLine' })}
          </Button>
        </noscript>
      </td>
      <td>
        <ProductCell>
          {line.product && (
            <Picture
              image={line.product.featuredImage}
              width={line.product.featuredImage.width ?? 64}
              height={line.product.featuredImage.height ?? 64}
              sizes="64px"
              alt=""
            />
          )}
          <div>
            {line.product ? (
              <Link to={`/goods/detail/${encodeURIComponent(line.productId)}`}>{name}</Link>
            ) : (
              name
            )}
            {!line.available && (
              <Tag title={intl.formatMessage({ id: 'cart.unavailableHint' })}>
                {intl.formatMessage({ id: 'cart.unavailable' })}
              </Tag>
            )}
          </div>
        </ProductCell>
      </td>
      <td>
        <Money value={line.unitPrice} />
        {line.priceChangedFrom && (
          <PriceChanged data-testid={`cart-line-price-changed-${line.id}`}>
            {intl.formatMessage({ id: 'cart.priceChanged' })}
            {/* A screen reader does not announce <s>: the struck price is named in words. */}
            <VisuallyHidden>{intl.formatMessage({ id: 'cart.priceWhenAdded' })} </VisuallyHidden>
            <s>
              <Money value={line.priceChangedFrom} />
            </s>
          </PriceChanged>
        )}
      </td>
      <td>
        {/* Without JavaScript: typed, then sent (Enter or the button) to the cart's action. */}
        <form method="post" action={CART_ACTION} onSubmit={keepForm}>
          <input type="hidden" name="lineId" value={line.id} />
          <QuantityInput
            value={line.quantity}
            min={1}
            max={Math.max(1, stock)}
            disabled={!line.available}
            onChange={onQuantity}
            aria-label={`${intl.formatMessage({ id: 'cart.quantity' })} ${name}`}
            name="quantity"
            stepForm={lineForm}
          />
          <noscript>
            <UpdateButton type="submit" size="sm" disabled={!line.available}>
              {intl.formatMessage({ id: 'cart.updateQuantity' })}
            </UpdateButton>
          </noscript>
          {refused && (
            <FormAlert>
              {refused.message ?? (refused.messageId ? intl.formatMessage({ id: refused.messageId }) : '')}
            </FormAlert>
          )}
        </form>
      </td>
      <td>
        <Subtotal value={line.subtotal} />
      </td>
      <td>
        <form id={lineForm} method="post" action={CART_ACTION} onSubmit={keepForm}>
          <input type="hidden" name="lineId" value={line.id} />
        </form>
        {/* Without JavaScript it removes at once: the question needs the script. */}
        <Button
          type="submit"
          form={lineForm}
          name="intent"
          value="remove"
          variant="text"
          onClick={onRemove}
          aria-label={intl.formatMessage({ id: 'cart.removeLine' }, { name })}
        >
          {intl.formatMessage({ id: 'cart.remove' })}
        </Button>
      </td>
    </Row>
  );
}
