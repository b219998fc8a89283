/**
 * better-sqlite3 has no OpenTelemetry instrumentation: this wraps the database handed to kysely's
 * SqliteDialect so each statement gets a client span (statement text with its `?` placeholders,
 * never the values) inside the request's trace, and its duration is recorded under the same
 * metric name instrumentation-pg uses for PostgreSQL (`db.client.operation.duration`).
 */
import { type Attributes, metrics, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const tracer = trace.getTracer('shop-service/sqlite');
const duration = metrics.getMeter('shop-service/sqlite').createHistogram('db.client.operation.duration', {
  description: 'Duration of database client operations.',
  unit: 's',
  advice: {
    explicitBucketBoundaries: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  },
});

/** The statement's first keyword (SELECT, INSERT, PRAGMA …): its operation name. */
function operationOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(sql);
  return (match?.[1] ?? 'query').toUpperCase();
}

function traced<T>(sql: string, work: () => T): T {
  const operation = operationOf(sql);
  const attributes: Attributes = { 'db.system.name': 'sqlite', 'db.operation.name': operation };
  // Statements outside a request (migrations, jobs) are measured but not traced, as with pg.
  const span = trace.getActiveSpan()?.isRecording()
    ? tracer.startSpan(operation, {
        kind: SpanKind.CLIENT,
        attributes: { ...attributes, 'db.query.text': sql },
      })
    : undefined;
  const started = performance.now();
  try {
    return work();
  } catch (error) {
    span?.recordException(error as Error);
    span?.setStatus({ code: SpanStatusCode.ERROR });
    attributes['error.type'] = (error as { code?: string }).code ?? 'error';
    throw error;
  } finally {
    duration.record((performance.now() - started) / 1000, attributes);
    span?.end();
  }
}

/** The same database, its statements measured and (inside a traced request) traced. */
export function instrumentSqlite(database: SqliteDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => traced(sql, () => statement.all(parameters)),
        run: (parameters) => traced(sql, () => statement.run(parameters)),
        // The span covers preparing the iterator; rows are read by the caller afterwards.
        iterate: (parameters) => traced(sql, () => statement.iterate(parameters)),
      };
    },
  };
}
