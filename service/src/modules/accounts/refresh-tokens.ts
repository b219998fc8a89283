import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { unauthorized } from '../../http/envelope.ts';
import { common } from '../../i18n/common.ts';

/**
 * Rotating refresh tokens (docs/architecture.md). A token is 32 random bytes (base64url) stored only
 * as its SHA-256. One login is a family: every use rotates the token; the family's absolute
 * end never moves. A successor is derived as HMAC(secret, presented token), so a parallel
 * retry within the grace window gets the very same successor without any raw token being
 * stored. A rotated token presented after the grace window revokes the whole family.
 */

type Db = Kysely<Database> | Transaction<Database>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function successorOf(ctx: AppContext, raw: string): string {
  const key = createHmac('sha256', ctx.secrets.token).update('refresh-token-successor').digest();
  return createHmac('sha256', key).update(raw).digest('base64url');
}

export interface IssuedRefresh {
  userId: number;
  familyId: string;
  refreshToken: string;
}

function tokenExpiry(ctx: AppContext, familyExpiresAt: string): string {
  const own = iso(new Date(ctx.now().getTime() + ctx.config.refreshTokenTtlMs));
  return own < familyExpiresAt ? own : familyExpiresAt;
}

/** Starts a new family (one login) and returns its first token. */
export async function startFamily(ctx: AppContext, userId: number): Promise<IssuedRefresh> {
  const raw = randomBytes(32).toString('base64url');
  const familyId = randomUUID();
  const now = ctx.now();
  const familyExpiresAt = iso(new Date(now.getTime() + ctx.config.refreshFamilyTtlMs));
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(raw),
      expires_at: tokenExpiry(ctx, familyExpiresAt),
      family_expires_at: familyExpiresAt,
      created_at: iso(now),
    })
    .execute();
  return { userId, familyId, refreshToken: raw };
}

/**
 * Revokes families. On PostgreSQL the rows are locked first, so a rotation in flight
 * finishes before the update, whose fresh snapshot then also covers the successor it added.
 */
async function revokeWhere(
  ctx: AppContext,
  trx: Db,
  filter: { familyId?: string; userId?: number; exceptFamilyId?: string },
): Promise<number> {
  let lock = trx.selectFrom('refresh_tokens').select('id').where('revoked_at', 'is', null);
  let update = trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: iso(ctx.now()) })
    .where('revoked_at', 'is', null);
  if (filter.familyId !== undefined) {
    lock = lock.where('family_id', '=', filter.familyId);
    update = update.where('family_id', '=', filter.familyId);
  }
  if (filter.userId !== undefined) {
    lock = lock.where('user_id', '=', filter.userId);
    update = update.where('user_id', '=', filter.userId);
  }
  if (filter.exceptFamilyId !== undefined) {
    lock = lock.where('family_id', '!=', filter.exceptFamilyId);
    update = update.where('family_id', '!=', filter.exceptFamilyId);
  }
  if (ctx.dialect === 'postgres') await lock.forUpdate().execute();
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeFamily(ctx: AppContext, familyId: string, trx: Db = ctx.db): Promise<void> {
  await revokeWhere(ctx, trx, { familyId });
}

/** Ends every login of a user except `keepFamilyId` (password change). */
export async function revokeOtherFamilies(
  ctx: AppContext,
  userId: number,
  keepFamilyId: string,
  trx: Db = ctx.db,
): Promise<void> {
  await revokeWhere(ctx, trx, { userId, exceptFamilyId: keepFamilyId });
}

/** The family a presented refresh token belongs to, when it belongs to `userId`. */
export async function familyOfToken(ctx: AppContext, raw: string, userId: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(raw))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.family_id ?? null;
}

type Outcome = { kind: 'ok'; issued: IssuedRefresh } | { kind: 'reused' } | { kind: 'invalid' };

/**
 * Exchanges a refresh token for its successor. 401 for unknown, expired or revoked tokens;
 * reuse after the grace window revokes the family (committed) and answers 401 too.
 */
export async function rotate(ctx: AppContext, raw: string): Promise<IssuedRefresh> {
  const hash = sha256(raw);
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const row = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.revoked_at) return { kind: 'invalid' };
      const now = ctx.now();
      const nowIso = iso(now);
      const successor = successorOf(ctx, raw);
      if (row.rotated_at) {
        const withinGrace = now.getTime() - Date.parse(row.rotated_at) <= ctx.config.refreshGraceMs;
        if (!withinGrace) {
          await revokeWhere(ctx, trx, { familyId: row.family_id });
          return { kind: 'reused' };
        }
        if (row.family_expires_at <= nowIso || row.replaced_by_hash !== sha256(successor)) {
          return { kind: 'invalid' };
        }
        return {
          kind: 'ok',
          issued: { userId: row.user_id, familyId: row.family_id, refreshToken: successor },
        };
      }
      if (row.expires_at <= nowIso || row.family_expires_at <= nowIso) return { kind: 'invalid' };
      const successorHash = sha256(successor);
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ rotated_at: nowIso, replaced_by_hash: successorHash })
        .where('id', '=', row.id)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue; // a parallel refresh won: read its result
      await trx
        .insertInto('refresh_tokens')
        .values({
          user_id: row.user_id,
          family_id: row.family_id,
          token_hash: successorHash,
          expires_at: tokenExpiry(ctx, row.family_expires_at),
          family_expires_at: row.family_expires_at,
          created_at: nowIso,
        })
        .execute();
      return {
        kind: 'ok',
        issued: { userId: row.user_id, familyId: row.family_id, refreshToken: successor },
      };
    }
    return { kind: 'invalid' };
  });
  if (outcome.kind === 'ok') return outcome.issued;
  if (outcome.kind === 'reused') ctx.log.warn({ event: 'refresh-token-reuse' }, 'refresh token reused');
  throw unauthorized(common['common.tokenExpired']);
}
