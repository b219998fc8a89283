import { restEnumValues } from '@shop/common/enum-values.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';

/** Runtime enum resolvers: the same table codegen's `enumValues` uses. */
export const enumResolvers: Resolvers = restEnumValues;
