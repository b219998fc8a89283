import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DialectName } from './database.ts';
import * as accounts from './migrations/001_accounts.ts';
import * as reference from './migrations/002_reference.ts';
import * as catalogue from './migrations/003_catalogue.ts';
import * as cartAndAddresses from './migrations/004_cart_addresses.ts';
import * as orders from './migrations/005_orders_payments.ts';
import * as orderRequestHash from './migrations/006_order_request_hash.ts';
import * as search from './migrations/007_search.ts';
import * as searchRank from './migrations/008_search_rank.ts';
import * as productAdmin from './migrations/009_product_admin.ts';
import * as productPhotos from './migrations/010_product_photos.ts';
import * as stockLedger from './migrations/011_stock_ledger.ts';
import * as catalogueStructure from './migrations/012_catalogue_structure.ts';
import * as backOfficeMenus from './migrations/013_back_office_menus.ts';
import * as cartAddedPrice from './migrations/014_cart_added_price.ts';
import * as categoryHidden from './migrations/015_category_hidden.ts';
import * as orderShipment from './migrations/016_order_shipment.ts';
import * as addressCityCodes from './migrations/017_address_city_codes.ts';

/** A migration that may differ by dialect (ids, text search). */
export interface ShopMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

const migrations: Record<string, ShopMigration> = {
  '001_accounts': accounts,
  '002_reference': reference,
  '003_catalogue': catalogue,
  '004_cart_addresses': cartAndAddresses,
  '005_orders_payments': orders,
  '006_order_request_hash': orderRequestHash,
  '007_search': search,
  '008_search_rank': searchRank,
  '009_product_admin': productAdmin,
  '010_product_photos': productPhotos,
  '011_stock_ledger': stockLedger,
  '012_catalogue_structure': catalogueStructure,
  '013_back_office_menus': backOfficeMenus,
  '014_cart_added_price': cartAddedPrice,
  '015_category_hidden': categoryHidden,
  '016_order_shipment': orderShipment,
  '017_address_city_codes': addressCityCodes,
};

/**
 * A PostgreSQL advisory lock held while the migrator runs. Kysely's migrator reads the catalogue of
 * every schema before it takes its own lock, and that read fails when another schema is dropped
 * meanwhile: whoever drops a shop schema (the test suites, after each file) takes this lock too.
 * It also makes instances that start together migrate one after the other.
 */
export const MIGRATION_LOCK_ID = 7_134_201_855;

/** Runs every migration not yet run; `upTo` stops after the one of that name (a migration's own test). */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: DialectName,
  upTo?: string,
): Promise<void> {
  if (dialect !== 'postgres') return migrate(db, dialect, upTo);
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      await migrate(connection, dialect, upTo);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
}

async function migrate(db: Kysely<unknown>, dialect: DialectName, upTo?: string): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(migrations)) {
        out[name] = { up: (database) => migration.up(database, dialect) };
      }
      return out;
    },
  };
  // On PostgreSQL, pin Kysely's own tables to the current schema: without it the migrator takes
  // another schema's kysely_migration tables (e.g. a parallel test's) for its own.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
