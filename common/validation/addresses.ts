/** The address form's rules: recipient, phone, city and detailed address required. */
import { z } from 'zod';
import { mobileField } from './accounts.ts';
import { requiredText } from './fields.ts';

export const addressFields = {
  recipient: requiredText(30),
  phone: mobileField('address.invalidPhone'),
  city: requiredText(100),
  detail: requiredText(200),
};

export const addressSchema = z.object(addressFields);
