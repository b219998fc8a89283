import type { AppContext } from '../context.ts';
import { seedAccounts } from '../modules/accounts/seed.ts';
import { seedCatalogue } from '../modules/catalogue/seed.ts';
import { seedReference } from '../modules/reference/seed.ts';

/** Seeds what a fresh shop needs. Each part checks whether it already ran, so restarts are no-ops. */
export async function seed(ctx: AppContext): Promise<void> {
  await seedReference(ctx);
  await seedAccounts(ctx);
  await seedCatalogue(ctx);
}
