import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ParseOptions, ValidationRule } from 'graphql';
import type { GatewayConfig } from '../config.ts';
import { ListCost } from './list-cost.ts';

/**
 * Depth, alias and directive limits (graphql-armor validation rules), the cost limit counting
 * page sizes (graphql/list-cost.ts, once the variables are known), all refused with 400
 * GRAPHQL_VALIDATION_FAILED, and the token limit (graphql-js `parse({ maxTokens })`, refused with
 * 400 GRAPHQL_PARSE_FAILED), all before any resolver runs (and before any upstream call). The
 * token limit is not graphql-armor's: its parser plugin throws outside Apollo's parse step, which
 * turned every syntax error into a 500. Introspection is exempt from depth and cost (the playground).
 * In production field suggestions ("Did you mean …?") are masked.
 */
export function protection(config: Pick<GatewayConfig, 'limits' | 'production'>): {
  plugins: ApolloServerPlugin[];
  validationRules: ValidationRule[];
  parseOptions: ParseOptions;
} {
  const { limits } = config;
  const armor = new ApolloArmor({
    maxDepth: {
      n: limits.maxDepth,
      ignoreIntrospection: true,
      flattenFragments: true,
      exposeLimits: true,
      errorMessage: 'Query is too deep.',
    },
    maxAliases: { n: limits.maxAliases, exposeLimits: true, errorMessage: 'Too many aliases.' },
    // Replaced by graphql/list-cost.ts, which counts page sizes (graphql-armor's cannot see variables).
    costLimit: { enabled: false },
    maxTokens: { enabled: false },
    maxDirectives: { n: limits.maxDirectives, exposeLimits: true, errorMessage: 'Too many directives.' },
    blockFieldSuggestion: { enabled: config.production },
  });
  const { plugins, validationRules } = armor.protect();
  return {
    plugins: [...(plugins as ApolloServerPlugin[]), new ListCost(limits.maxCost).plugin()],
    validationRules: validationRules as ValidationRule[],
    parseOptions: { maxTokens: limits.maxTokens },
  };
}
