import type { RestAdminCategory, RestAdminHomeCard, RestAdminHomeCards } from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** What an admin writes of a home card; `picture` undefined keeps the current one, null the drawing. */
export interface HomeCardContent {
  kind: string;
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  link: string;
  enabled: boolean;
  picture?: string | null;
}

/** The back office's categories and home cards (the service answers 403 without the permission). */
export interface CatalogueStructureClient {
  categories(): Promise<RestAdminCategory[]>;
  createCategory(input: {
    cardName: string;
    nameZh: string;
    nameEn: string;
    parentId: string | null;
  }): Promise<RestAdminCategory>;
  updateCategory(
    id: string,
    input: { version: number; nameZh: string; nameEn: string; picture?: string | null },
  ): Promise<RestAdminCategory>;
  reorderCategories(parentId: string | null, categoryIds: string[]): Promise<RestAdminCategory[]>;
  homeCards(): Promise<RestAdminHomeCards>;
  createHomeCard(input: HomeCardContent): Promise<RestAdminHomeCard>;
  updateHomeCard(id: string, input: HomeCardContent & { version: number }): Promise<RestAdminHomeCard>;
  reorderHomeCards(cardIds: string[]): Promise<RestAdminHomeCards>;
  removeHomeCard(id: string, version: number): Promise<{ id: number }>;
}

export class RestCatalogueStructureClient implements CatalogueStructureClient {
  constructor(private readonly upstream: Caller) {}

  categories() {
    return this.upstream.call<RestAdminCategory[]>({
      method: 'GET',
      path: '/admin/category/list',
      auth: true,
    });
  }

  createCategory(input: { cardName: string; nameZh: string; nameEn: string; parentId: string | null }) {
    return this.upstream.call<RestAdminCategory>({
      method: 'POST',
      path: '/admin/category',
      body: input,
      auth: true,
    });
  }

  updateCategory(
    id: string,
    input: { version: number; nameZh: string; nameEn: string; picture?: string | null },
  ) {
    return this.upstream.call<RestAdminCategory>({
      method: 'PUT',
      path: `/admin/category/${segment(id)}`,
      body: input,
      auth: true,
    });
  }

  reorderCategories(parentId: string | null, categoryIds: string[]) {
    return this.upstream.call<RestAdminCategory[]>({
      method: 'PUT',
      path: '/admin/category/order',
      body: { parentId, categoryIds },
      auth: true,
    });
  }

  homeCards() {
    return this.upstream.call<RestAdminHomeCards>({
      method: 'GET',
      path: '/admin/home-card/list',
      auth: true,
    });
  }

  createHomeCard(input: HomeCardContent) {
    return this.upstream.call<RestAdminHomeCard>({
      method: 'POST',
      path: '/admin/home-card',
      body: input,
      auth: true,
    });
  }

  updateHomeCard(id: string, input: HomeCardContent & { version: number }) {
    return this.upstream.call<RestAdminHomeCard>({
      method: 'PUT',
      path: `/admin/home-card/${segment(id)}`,
      body: input,
      auth: true,
    });
  }

  reorderHomeCards(cardIds: string[]) {
    return this.upstream.call<RestAdminHomeCards>({
      method: 'PUT',
      path: '/admin/home-card/order',
      body: { cardIds },
      auth: true,
    });
  }

  removeHomeCard(id: string, version: number) {
    return this.upstream.call<{ id: number }>({
      method: 'DELETE',
      path: `/admin/home-card/${segment(id)}`,
      body: { version },
      auth: true,
    });
  }
}
