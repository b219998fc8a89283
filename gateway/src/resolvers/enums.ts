import type { Resolvers } from '../__generated__/resolvers.ts';
import { restEnumValues } from '../enum-values.ts';

/** Runtime enum resolvers: the same table codegen's `enumValues` uses. */
export const enumResolvers: Resolvers = restEnumValues;
