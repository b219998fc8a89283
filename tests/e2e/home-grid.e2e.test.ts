/**
 * The home page's cards in Chromium: a card switched off in the back office leaves no hole in the
 * grid. Every row of featured cards reaches from the list's left edge to its right edge, at 1280
 * and 390 px, with the five seeded cards and with one of them switched off (the layout is the
 * browser's, so only a browser can tell).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, type Shop, startShop } from './harness.ts';
import { gql } from './shopper.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

interface Row {
  /** How far the row's first card starts right of the list's left edge, in px. */
  left: number;
  /** How far its last card ends short of the list's right edge, in px. */
  right: number;
  cards: number;
}

/** The featured cards (the first list of the page's main part), row by row. */
const rows = (page: Page) =>
  page.evaluate((): Row[] => {
    const list = document.querySelector('main ul');
    if (!list) return [];
    const box = list.getBoundingClientRect();
    const byTop = new Map<number, DOMRect[]>();
    for (const item of list.children) {
      const rect = item.getBoundingClientRect();
      const top = Math.round(rect.top);
      byTop.set(top, [...(byTop.get(top) ?? []), rect]);
    }
    return [...byTop.values()].map((cards) => ({
      left: Math.round(Math.min(...cards.map((card) => card.left)) - box.left),
      right: Math.round(box.right - Math.max(...cards.map((card) => card.right))),
      cards: cards.length,
    }));
  });

async function homeRows(viewport: { width: number; height: number }, cards: number): Promise<Row[]> {
  const context = await shop.browser.newContext({ viewport, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    // a reload until the switched-off card has left the page (the edit purges the caches)
    for (;;) {
      await page.goto(`${shop.origin}/home`);
      const found = await rows(page);
      if (found.reduce((sum, row) => sum + row.cards, 0) === cards) return found;
    }
  } finally {
    await context.close();
  }
}

const filled = (row: Row) => ({ left: row.left, right: row.right });

describe('home cards grid', () => {
  it('fills every row from edge to edge, also once a card is switched off', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE_VIEWPORT]) {
      for (const row of await homeRows(viewport, 5)) expect(filled(row)).toEqual({ left: 0, right: 0 });
    }

    const context = await shop.browser.newContext();
    const admin = await context.newPage();
    await admin.goto(`${shop.origin}/home`);
    await gql(admin, 'mutation($input: LoginInput!) { login(input: $input) { defaultPassword } }', {
      input: { account: 'admin', password: 'admin123' },
    });
    const { adminHomeCards } = await gql<{
      adminHomeCards: {
        cards: Array<{
          id: string;
          version: number;
          kind: string;
          titleZh: string;
          titleEn: string;
          subtitleZh: string;
          subtitleEn: string;
          link: string;
        }>;
      };
    }>(admin, '{ adminHomeCards { cards { id version kind titleZh titleEn subtitleZh subtitleEn link } } }');
    const last = adminHomeCards.cards.filter((card) => card.kind !== 'service').at(-1);
    if (!last) throw new Error('no featured card seeded');
    await gql(
      admin,
      'mutation($input: UpdateHomeCardInput!) { updateHomeCard(input: $input) { userErrors { code } } }',
      {
        input: { ...last, enabled: false },
      },
    );
    await context.close();

    for (const viewport of [{ width: 1280, height: 900 }, PHONE_VIEWPORT]) {
      const found = await homeRows(viewport, 4);
      expect(found.length).toBeGreaterThan(1);
      for (const row of found) expect(filled(row)).toEqual({ left: 0, right: 0 });
    }
  }, 120_000);
});
