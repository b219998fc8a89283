import type { AppContext } from '../../context.ts';

export async function seedAccounts(_ctx: AppContext): Promise<void> {}
