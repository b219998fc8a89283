import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ValidationRule } from 'graphql';
import type { GatewayConfig } from './config.ts';

/**
 * Depth, alias, cost, token and directive limits (graphql-armor). Depth, alias, cost and
 * directive limits are validation rules and the token limit runs in the parser, so an abusive
 * operation is refused with GRAPHQL_VALIDATION_FAILED / a syntax error before any resolver runs
 * (and before any upstream call). Introspection is exempt from depth and cost (the playground).
 * In production field suggestions ("Did you mean …?") are masked.
 */
export function protection(config: Pick<GatewayConfig, 'limits' | 'production'>): {
  plugins: ApolloServerPlugin[];
  validationRules: ValidationRule[];
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
    costLimit: {
      maxCost: limits.maxCost,
      ignoreIntrospection: true,
      exposeLimits: true,
      errorMessage: 'Query is too expensive.',
    },
    maxTokens: { n: limits.maxTokens, exposeLimits: true, errorMessage: 'Query is too large.' },
    maxDirectives: { n: limits.maxDirectives, exposeLimits: true, errorMessage: 'Too many directives.' },
    blockFieldSuggestion: { enabled: config.production },
  });
  const { plugins, validationRules } = armor.protect();
  return {
    plugins: plugins as ApolloServerPlugin[],
    validationRules: validationRules as ValidationRule[],
  };
}
