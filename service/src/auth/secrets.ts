import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * Returns the named secret: the configured one, or one generated once and kept in the
 * database so that every instance of the service shares it.
 */
export async function ensureSecret(db: Kysely<Database>, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
