/**
 * The web forms' verdicts on the shared table of form inputs (tests/shared/form-rule-cases.ts):
 * each case through the resolver the form uses (zodResolver over its schema), with the values
 * of the form's own extra controls where it has them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  loginSchema,
  passwordChangeSchema,
  realNameSchema,
  registerSchema,
} from '@shop/common/validation/accounts.ts';
import { readRuleMessage } from '@shop/common/validation/message.ts';
import { refundSchema } from '@shop/common/validation/refunds.ts';
import { shipSchema } from '@shop/common/validation/shipping.ts';
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressFormSchema } from '../../web/src/features/address/AddressForm.tsx';
import { newCategorySchema } from '../../web/src/pages/admin/categories/CategoryDialog.tsx';
import { homeCardFormSchema } from '../../web/src/pages/admin/home-cards/home-card-form.ts';
import { productFormSchema } from '../../web/src/pages/admin/products/product-form.ts';
import { reviewFormSchema } from '../../web/src/pages/admin/ReviewDialog.tsx';
import { profileFormSchema } from '../../web/src/pages/user-center/ProfilePanel.tsx';
import {
  cardChoices,
  type FormName,
  type RuleCase,
  ruleCaseRows,
  ruleKeys,
} from '../shared/form-rule-cases.ts';

/** Each form's schema, and the values of its controls that the other tiers do not have. */
const forms: Record<
  FormName,
  { schema: z.ZodType<FieldValues, FieldValues>; extra?: Record<string, unknown> }
> = {
  login: { schema: loginSchema },
  register: { schema: registerSchema },
  passwordChange: { schema: passwordChangeSchema },
  profile: { schema: profileFormSchema, extra: { gender: '' } },
  realName: { schema: realNameSchema() },
  // the city is chosen under a province; the default flag is a checkbox
  address: { schema: addressFormSchema, extra: { province: '440000', isDefault: false } },
  refund: { schema: refundSchema },
  review: { schema: reviewFormSchema },
  // the flags are checkboxes
  product: { schema: productFormSchema(true), extra: { isHot: false, isNew: false, onShelf: true } },
  // where it goes is a select
  category: { schema: newCategorySchema, extra: { parentId: '' } },
  homeCard: { schema: homeCardFormSchema, extra: cardChoices },
  ship: { schema: shipSchema },
};

/** The fields the form refuses, sorted; none when it would submit. */
async function formVerdict(ruleCase: RuleCase): Promise<string[]> {
  const { schema, extra } = forms[ruleCase.form];
  const values = { ...ruleCase.values, ...extra };
  const result = await zodResolver(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = Object.entries(result.errors) as Array<[string, { message?: string }]>;
  for (const [, error] of errors) expect(ruleKeys.has(readRuleMessage(String(error.message)).key)).toBe(true);
  return errors.map(([field]) => field).sort();
}

describe('the web forms apply the shared form rules', () => {
  it.each(ruleCaseRows)('%s: %s', async (_form, _name, ruleCase) => {
    expect(await formVerdict(ruleCase)).toEqual(ruleCase.refused);
  });
});
