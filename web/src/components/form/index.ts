export { Field, useFieldContext } from './Field.tsx';
export { FormAlert } from './FormAlert.tsx';
export { Select, type SelectOption, TextArea, TextInput } from './inputs.tsx';
export { type FormResult, useFormDone, useFormResult } from './server-result.ts';
export { type ShopFormOptions, useShopForm } from './useShopForm.ts';
