import { routes } from '@shop/common/rest/routes.ts';
import type { CreateHomeCardInput, Resolvers } from '../__generated__/resolvers.ts';
import { payloadOf } from './helpers.ts';
import { imageOf } from './images.ts';

const english = (locale: string) => locale === 'en-GB';

/** A home card's texts and switches: a left-out subtitle or link is empty, as the form sends it. */
const homeCardText = (input: CreateHomeCardInput) => ({
  kind: input.kind,
  titleZh: input.titleZh,
  titleEn: input.titleEn,
  subtitleZh: input.subtitleZh ?? '',
  subtitleEn: input.subtitleEn ?? '',
  link: input.link ?? '',
  enabled: input.enabled,
});

/** Back office: categories and home cards (403 → FORBIDDEN without `category:edit` / `home:edit`). */
export const catalogueStructureResolvers: Resolvers = {
  Query: {
    adminCategories: (_root, _args, ctx) => ctx.shop.call(routes.catalogueStructure.categories),
    adminHomeCards: (_root, _args, ctx) => ctx.shop.call(routes.catalogueStructure.homeCards),
  },
  AdminCategory: {
    icon: (category, _args, ctx) =>
      imageOf(ctx, category.icon, english(ctx.locale) ? category.nameEn : category.nameZh),
    hasPicture: (category) => category.picture !== null,
  },
  AdminHomeCard: {
    image: (card, _args, ctx) =>
      imageOf(ctx, card.image, english(ctx.locale) ? card.titleEn : card.titleZh, card.kind),
    hasPicture: (card) => card.picture !== null,
  },
  Mutation: {
    createCategory: payloadOf('category', routes.catalogueStructure.createCategory, (input) => ({
      body: {
        cardName: input.cardName,
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        parentId: input.parentId ?? null,
      },
    })),
    updateCategory: payloadOf('category', routes.catalogueStructure.updateCategory, (input) => ({
      params: { id: input.id },
      body: {
        version: input.version,
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        // omitted keeps the picture, null brings the drawing back
        ...(input.picture === undefined ? {} : { picture: input.picture }),
      },
    })),
    reorderCategories: payloadOf('categories', routes.catalogueStructure.reorderCategories, (input) => ({
      body: { parentId: input.parentId ?? null, categoryIds: input.categoryIds },
    })),
    setCategoryHidden: payloadOf('category', routes.catalogueStructure.setCategoryHidden, (input) => ({
      params: { id: input.id },
      body: { version: input.version, hidden: input.hidden },
    })),
    deleteCategory: async (_root, { input }, ctx) => ({
      deletedId: (
        await ctx.shop.call(routes.catalogueStructure.deleteCategory, {
          params: { id: input.id },
          body: { version: input.version },
        })
      ).id,
    }),
    createHomeCard: payloadOf('card', routes.catalogueStructure.createHomeCard, (input) => ({
      body: { ...homeCardText(input), picture: input.picture ?? null },
    })),
    updateHomeCard: payloadOf('card', routes.catalogueStructure.updateHomeCard, (input) => ({
      params: { id: input.id },
      body: {
        version: input.version,
        ...homeCardText(input),
        ...(input.picture === undefined ? {} : { picture: input.picture }),
      },
    })),
    reorderHomeCards: async (_root, { input }, ctx) => ({
      cards: (
        await ctx.shop.call(routes.catalogueStructure.reorderHomeCards, { body: { cardIds: input.cardIds } })
      ).cards,
    }),
    removeHomeCard: async (_root, { input }, ctx) => ({
      removedId: (
        await ctx.shop.call(routes.catalogueStructure.removeHomeCard, {
          params: { id: input.id },
          body: { version: input.version },
        })
      ).id,
    }),
  },
};
