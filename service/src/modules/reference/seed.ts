import type { AppContext } from '../../context.ts';

export async function seedReference(_ctx: AppContext): Promise<void> {}
