export { Field, useFieldContext } from './Field.tsx';
export { Select, type SelectOption, TextArea, TextInput } from './inputs.tsx';
export {
  checkField,
  type Errors,
  type FieldRule,
  type FormApi,
  type MessageRef,
  type Rules,
  useForm,
} from './useForm.ts';
