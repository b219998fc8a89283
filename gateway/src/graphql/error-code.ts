/**
 * Clients branch on `extensions.code`, so every code an error of this program carries is a value of the
 * schema's `ErrorCode` (schema/base.graphql): graphql-js leaves extensions open, and this narrows `code` for
 * every `new GraphQLError(…, { extensions: { code } })` and every formatted error (Apollo's `formatError`,
 * the web client's reading of answers), so a code the schema does not declare fails `npm run typecheck`.
 */
import type { ErrorCode } from '../__generated__/resolvers.ts';

declare module 'graphql' {
  interface GraphQLErrorExtensions {
    code?: `${ErrorCode}`;
  }
  interface GraphQLFormattedErrorExtensions {
    code?: `${ErrorCode}`;
  }
}
