/** The shared phone rule: what people paste becomes the 11 digits, in every form that asks for a phone. */
import { loginSchema, profileSchema, registerSchema } from '@shop/common/validation/accounts.ts';
import { addressSchema } from '@shop/common/validation/addresses.ts';
import { isMobile, normalizeMobile } from '@shop/common/validators.ts';
import { describe, expect, it } from 'vitest';

describe('normalizeMobile', () => {
  it.each([
    ['+86 139 1111 0002', '13911110002'],
    ['139-1111-0002', '13911110002'],
    ['0086 13911110002', '13911110002'],
    ['8613911110002', '13911110002'],
    ['+86-139-1111-0002', '13911110002'],
    ['139\u00a01111\u00a00002', '13911110002'],
    ['+86\u3000139－1111－0002', '13911110002'],
    ['139‐1111‑0002', '13911110002'],
    ['13911110002', '13911110002'],
  ])('%j → %j', (pasted, stored) => {
    expect(normalizeMobile(pasted)).toBe(stored);
    expect(isMobile(normalizeMobile(pasted))).toBe(true);
  });

  it.each([
    ['+86 139 1111 000', '+861391111000'],
    ['+1 139 1111 0002', '+113911110002'],
    ['86 0139 1111 0002', '86013911110002'],
    ['139.1111.0002', '139.1111.0002'],
    ['(139) 1111 0002', '(139)11110002'],
    ['86', '86'],
  ])('leaves %j not a mobile number (%j)', (pasted, left) => {
    expect(normalizeMobile(pasted)).toBe(left);
    expect(isMobile(normalizeMobile(pasted))).toBe(false);
  });

  it('passes what is not text through untouched', () => {
    expect(normalizeMobile(13911110002)).toBe(13911110002);
    expect(normalizeMobile(null)).toBe(null);
  });
});

describe('the phone fields of the shared forms', () => {
  const pasted = '+86 139 1111 0002';
  const issueOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('register, profile and address answer the 11 digits for a pasted number', () => {
    expect(registerSchema.parse({ username: 'someone', password: 'secret123', phone: pasted }).phone).toBe(
      '13911110002',
    );
    expect(profileSchema.parse({ name: '小明', phone: ' 139-1111-0002 ' }).phone).toBe('13911110002');
    expect(
      addressSchema.parse({ recipient: '张三', phone: '0086 13911110002', city: '北京市', detail: '1 号' })
        .phone,
    ).toBe('13911110002');
  });

  it('sign-in takes a pasted number as the 11 digits and a user name as given', () => {
    expect(loginSchema.parse({ account: pasted, password: 'x' }).account).toBe('13911110002');
    expect(loginSchema.parse({ account: ' Someone_1 ', password: 'x' }).account).toBe('Someone_1');
    expect(loginSchema.parse({ account: '+86 139', password: 'x' }).account).toBe('+86 139');
  });

  it('keeps the forms’ messages for what is still wrong', () => {
    expect(
      issueOf(
        registerSchema.safeParse({ username: 'someone', password: 'secret123', phone: '+86 139 1111 000' }),
      ),
    ).toEqual([['phone', 'account.invalidPhone']]);
    expect(issueOf(profileSchema.safeParse({ name: '小明', phone: '139-1111-000' }))).toEqual([
      ['phone', 'account.invalidPhone'],
    ]);
    expect(
      issueOf(
        addressSchema.safeParse({
          recipient: '张三',
          phone: '+1 139 1111 0002',
          city: '北京市',
          detail: '1 号',
        }),
      ),
    ).toEqual([['phone', 'address.invalidPhone']]);
    expect(
      issueOf(registerSchema.safeParse({ username: 'someone', password: 'secret123', phone: '   ' })),
    ).toEqual([['phone', 'validation.enterContent']]);
  });
});
