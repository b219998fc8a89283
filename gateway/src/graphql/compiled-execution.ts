/**
 * Execution through graphql-jit, plugged into Apollo Server's executor hook (the `gateway` option:
 * Apollo keeps its whole request pipeline — persisted queries, parsing, validation with
 * graphql-armor's rules, the plugins' hooks, error formatting and masking — and hands only the
 * execution of a resolved operation to `executor`).
 *
 * Each document is compiled once, on its first execution, into a function that resolves exactly
 * its selections (no per-field collection, argument or type checks at run time); the compiled
 * function is kept beside the parsed document Apollo's document store holds, so a safelisted
 * operation compiles once per gateway. A document graphql-jit cannot compile runs on graphql-js.
 *
 * graphql-jit's default resolver reads plain properties (graphql-js would also call a function
 * found there or wait for a promise); the gateway's types resolve every computed field with a
 * resolver of its own, and `tests/gateway/compiled-execution.test.ts` checks that both executors
 * answer the web app's operations alike.
 */
import { createRequire } from 'node:module';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import type { DocumentNode, ExecutionResult, GraphQLSchema } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

/**
 * graphql-js as the schema (built by @graphql-tools), Apollo and graphql-jit load it: its CommonJS
 * build, whatever loaded this file (a bundler may hand our own imports its ES build, and
 * graphql-js refuses types of one build in functions of the other).
 */
const { execute, getOperationAST, GraphQLError, printSchema } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

/**
 * graphql-jit's errors remade as graphql-js makes them: same message, locations, path, extensions,
 * original error and stack, but writable (plugins rewrite messages, e.g. masking field
 * suggestions) and with an `extensions` object on every error (Apollo's error formatting reads
 * `extensions.code`; graphql-jit leaves it out when the thrown error had none).
 */
function likeGraphQLJs(error: GraphQLErrorLike): GraphQLErrorLike {
  const copy = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  (copy as { locations?: unknown }).locations = error.locations;
  return copy;
}
type GraphQLErrorLike = InstanceType<typeof GraphQLError>;

function withErrorsLikeGraphQLJs(result: ExecutionResult): ExecutionResult {
  if (result.errors === undefined) return result;
  return { ...result, errors: result.errors.map(likeGraphQLJs) };
}

/** A document's compiled operation, or null when graphql-jit could not compile it. */
type Compiled = Pick<CompiledQuery, 'query'> | null;

/** Compiles (once per document and operation name) and runs operations on `schema`. */
export function compiledExecutor(schema: GraphQLSchema) {
  const compiled = new WeakMap<DocumentNode, Map<string | undefined, Compiled>>();
  const compiledFor = (document: DocumentNode, operationName: string | undefined): Compiled => {
    let byName = compiled.get(document);
    if (!byName) {
      byName = new Map();
      compiled.set(document, byName);
    }
    let entry = byName.get(operationName);
    if (entry === undefined) {
      // graphql-jit takes an empty name for "the only operation"; graphql-js (and Apollo) refuse a
      // name the document does not hold, empty included, in their own words. Such names come from
      // clients, so they are not remembered.
      if (getOperationAST(document, operationName) === null) return null;
      const result = compileQuery(schema, document, operationName, {
        // Errors are created where they happen, as graphql-js does; their stacks are never sent.
        disablingCapturingStackErrors: true,
      });
      entry = isCompiledQuery(result) ? result : null;
      byName.set(operationName, entry);
    }
    return entry;
  };
  return (args: {
    document: DocumentNode;
    operationName?: string | null;
    variables?: Record<string, unknown>;
    contextValue: unknown;
  }): Promise<ExecutionResult> | ExecutionResult => {
    const operationName = args.operationName ?? undefined;
    const graphqlJs = () =>
      execute({
        schema,
        document: args.document,
        operationName,
        variableValues: args.variables,
        contextValue: args.contextValue,
      });
    const entry = compiledFor(args.document, operationName);
    if (!entry) return graphqlJs();
    const result = entry.query(undefined, args.contextValue, args.variables ?? {}) as
      | Promise<ExecutionResult>
      | ExecutionResult;
    if (result instanceof Promise) return result.then(withErrorsLikeGraphQLJs);
    // Refused before any resolver ran (the variables): graphql-js refuses it too, in its own words
    // (Apollo reads those to answer BAD_USER_INPUT), still without running a resolver.
    if (result.data === undefined && result.errors) return graphqlJs();
    return withErrorsLikeGraphQLJs(result);
  };
}

/**
 * A context may carry the result of an execution that already happened: the planned path
 * (graphql/planned-operations.ts) hands an answer with errors to Apollo to be formatted, and its
 * resolvers must not run twice.
 */
export interface ExecutedElsewhere {
  executedResult?: ExecutionResult;
  /** What the execution threw instead (Apollo answers it as it answers any executor failure). */
  executedError?: unknown;
}

/**
 * What Apollo's `gateway` option expects: the schema, loaded once (it never changes while the
 * gateway runs), and an executor running `run` (compiledExecutor) unless the context carries
 * its result already.
 */
export function compiledGateway(
  schema: GraphQLSchema,
  run: ReturnType<typeof compiledExecutor> = compiledExecutor(schema),
): GatewayInterface {
  const executor: GatewayExecutor = async (requestContext) => {
    const elsewhere = requestContext.context as ExecutedElsewhere;
    if (elsewhere.executedError !== undefined) throw elsewhere.executedError;
    return (
      elsewhere.executedResult ??
      run({
        document: requestContext.document,
        operationName: requestContext.request.operationName,
        variables: requestContext.request.variables,
        contextValue: requestContext.context,
      })
    );
  };
  return {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}
