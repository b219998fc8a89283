import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ParseOptions, ValidationRule } from 'graphql';
import type { GatewayConfig } from '../config.ts';
import { ListCost } from './list-cost.ts';

/**
 * Depth, alias and directive limits (graphql-armor validation rules) and the cost limit counting page sizes
 * (list-cost.ts), refused with 400 GRAPHQL_VALIDATION_FAILED, and the token limit (graphql-js parse's
 * `maxTokens`, 400 GRAPHQL_PARSE_FAILED): all before any resolver runs or upstream call. The token limit is
 * not graphql-armor's: its parser plugin throws outside Apollo's parse step, making every syntax error a 500.
 * Introspection is exempt from depth and cost (the playground); production masks field suggestions.
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
    // graphql/list-cost.ts counts page sizes instead (graphql-armor's cost limit cannot see variables).
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
