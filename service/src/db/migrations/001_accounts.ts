import { type Kysely, sql } from 'kysely';
import { createTable, flag, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();

  await createTable(db, dialect, 'users')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_real', 'integer', flag(0))
    .addColumn('real_name', 'text')
    .addColumn('id_number_masked', 'text')
    .addColumn('default_password', 'integer', flag(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  // User names are unique regardless of case ('Admin' cannot pose as 'admin'); login matches lower().
  await db.schema
    .createIndex('users_username_lower')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await createTable(db, dialect, 'refresh_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('replaced_by_hash', 'text')
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('expires_at', 'text', notNull)
    .addColumn('family_expires_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await createTable(db, dialect, 'login_failures')
    .addColumn('throttle_key', 'text', notNull)
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('login_failures_key_at')
    .on('login_failures')
    .columns(['throttle_key', 'at'])
    .execute();

  await createTable(db, dialect, 'menus')
    .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('router_name', 'text', notNull)
    .addColumn('router_path', 'text', notNull)
    .addColumn('redirect', 'text')
    .addColumn('is_enabled', 'integer', flag(1))
    .addColumn('is_hidden', 'integer', flag(0))
    .addColumn('is_always_show', 'integer', flag(0))
    .addColumn('highlight_menu', 'text')
    .addColumn('type', 'integer', notNull)
    .addColumn('audience', 'text', notNull)
    .addColumn('permission', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Seeding upserts menu rows by route name, so several instances can start at once.
  await db.schema.createIndex('menus_router_name').on('menus').unique().column('router_name').execute();
}
