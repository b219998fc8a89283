import { describe, expect, it } from 'vitest';
import {
  addressPageOf,
  addressPagePath,
  addressReturn,
} from '../../web/src/features/address/address-page.ts';

describe('the address page form’s way back', () => {
  it('returns to the confirm page it came from, with the saved address chosen', () => {
    expect(addressReturn('/order/confirm?lines=3,4', '9')).toBe('/order/confirm?lines=3%2C4&addressId=9');
    expect(addressReturn('/order/confirm?productId=7&quantity=2&addressId=1', '9')).toBe(
      '/order/confirm?productId=7&quantity=2&addressId=9',
    );
  });

  it('goes to 我的地址 for anything else: no back, another page, another site', () => {
    expect(addressReturn(null, '9')).toBe('/user/center/address');
    expect(addressReturn('/home', '9')).toBe('/user/center/address');
    expect(addressReturn('//evil.example/order/confirm', '9')).toBe('/user/center/address');
    expect(addressReturn('https://evil.example/order/confirm', '9')).toBe('/user/center/address');
  });

  it('reads the form to show from the page address, and writes its link', () => {
    const path = addressPagePath('new', '/order/confirm?lines=3');
    expect(addressPageOf(new URL(path, 'http://shop.test').searchParams)).toEqual({
      address: 'new',
      back: '/order/confirm?lines=3',
    });
    expect(addressPageOf(new URLSearchParams(''))).toBeNull();
    expect(addressPageOf(new URLSearchParams({ address: 'x'.repeat(101) }))).toBeNull();
  });
});
