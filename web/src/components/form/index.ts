export { Field, useFieldContext } from './Field.tsx';
export { Select, type SelectOption, TextArea, TextInput } from './inputs.tsx';
export { type ShopFormOptions, useShopForm } from './useShopForm.ts';
