import type { AppContext } from '../../context.ts';

export async function seedCatalogue(_ctx: AppContext): Promise<void> {}
