import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statement names by text, bounded: the shop's queries are a few hundred texts (a list of ids
 * makes one text per length). Past this the map starts again; a name is the text's hash, so a
 * text named twice gets the same name.
 */
const KEPT_NAMES = 2000;
const names = new Map<string, string>();

/** Reads and writes; DDL (migrations) stays unnamed, so a changed table never meets an old plan. */
const DML = /^\s*(?:select|insert|update|delete|with)\b/i;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= KEPT_NAMES) names.clear();
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Each connection of the pool prepares a statement text once and then only binds and executes
 * it: kysely sends every query unnamed, which PostgreSQL parses, analyses and plans on every
 * call — for the shop's short statements as much of the server's work as running them. A named
 * statement is parsed once per connection, and its plan is kept once PostgreSQL finds the
 * generic plan no worse than planning each call (plan_cache_mode's default).
 */
export function prepareOncePerConnection(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // kysely calls query(text, values) for each statement (and query(cursor) to stream rows).
  client.query = ((text: unknown, values?: unknown) =>
    typeof text === 'string' && Array.isArray(values) && DML.test(text)
      ? query({ name: nameOf(text), text, values })
      : values === undefined
        ? query(text)
        : query(text, values)) as typeof client.query;
}
