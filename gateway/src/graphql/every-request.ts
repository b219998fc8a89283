import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';

/** A plugin whose hooks keep nothing per request: one set of them, made once, serves every request. */
export const everyRequest = <Context extends BaseContext>(
  hooks: GraphQLRequestListener<Context>,
): ApolloServerPlugin<Context> => ({ requestDidStart: async () => hooks });
