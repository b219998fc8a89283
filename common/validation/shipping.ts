/** The ship form's rules: which courier carries the parcel, and its waybill number. */
import { z } from 'zod';
import { requiredText } from './fields.ts';

/** A waybill number as couriers print them: 6 to 32 letters or digits (after trimming). */
export const WAYBILL_PATTERN = /^[A-Za-z0-9]{6,32}$/;
export const WAYBILL_MAX = 32;
/** The longest courier code of the shop's courier list (dictionary `courier`). */
export const COURIER_CODE_MAX = 20;

/**
 * The courier (a code of the shop's courier list: whether it is one is the service's check, it
 * keeps the list) and the waybill number.
 */
export const shipFields = {
  courier: requiredText(COURIER_CODE_MAX),
  waybillNo: requiredText(WAYBILL_MAX, [[(value) => WAYBILL_PATTERN.test(value), 'shipping.invalidWaybill']]),
};

export const shipSchema = z.object(shipFields);
