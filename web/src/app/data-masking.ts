/**
 * Data masking, typed: the generated operation types hold a fragment reference where a query
 * spreads a fragment (codegen `inlineFragmentTypes: 'mask'`), and Apollo Client's hooks return
 * them as such, so a component sees only the fields it asked for: its own fragment, read with
 * `useFragment`, or its own query's fields.
 */
import type { GraphQLCodegenDataMasking } from '@apollo/client/masking';

declare module '@apollo/client' {
  export interface TypeOverrides extends GraphQLCodegenDataMasking.TypeOverrides {}
}
