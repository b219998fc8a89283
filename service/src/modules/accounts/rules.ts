/**
 * Format rules of the accounts module. The helper checks of docs/product.md (mobile, password, citizen
 * ID) come from the shared validators so the web app applies exactly the same rules.
 */
import { isCitizenId, maskIdNumber } from '@shop/common/validators.ts';

export { isCitizenId };
export const maskCitizenId = (value: string) => maskIdNumber(value);
