import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../__generated__/resolvers.ts';

/** ISO-8601 strings pass through unchanged (the service already answers ISO-8601 UTC). */
export const scalarResolvers: Resolvers = {
  DateTime: new GraphQLScalarType<string, string>({
    name: 'DateTime',
    description: 'An ISO-8601 date-time string in UTC.',
    serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
    parseValue: (value) => String(value),
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be an ISO-8601 string');
      return ast.value;
    },
  }),
};
