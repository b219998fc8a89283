/**
 * Bench section 5: search on a generated catalogue of 10,000 and 100,000 products, on SQLite and
 * (when TEST_DATABASE_URL / BENCH_DATABASE_URL is set) PostgreSQL. Prints, per database and size,
 * how long inserting the products with their index took and a full index rebuild, then p50/p95
 * per query kind, called in-process (the service's own functions, no HTTP) so the figures are the
 * database plus the search code. Goal: p95 ≤ 20 ms at 100,000.
 */
import fs from 'node:fs';
import type { AppContext } from '../service/src/context.ts';
import { productRow } from '../service/src/modules/catalogue/product-row.ts';
import { searchFacets, searchSuggestions } from '../service/src/modules/catalogue/search-facets.ts';
import { vocabularyWords } from '../service/src/modules/catalogue/search-text.ts';
import { rememberWords } from '../service/src/modules/catalogue/search-typos.ts';
import { productPage } from '../service/src/modules/catalogue/service.ts';
import { startTestService } from '../tests/service/harness.ts';
import { fixed, percentile, table } from './lib.ts';

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const BATCH = 500;

const BRANDS = [
  ['星耀', 'Xingyao'],
  ['青柠', 'Qingning'],
  ['静界', 'Jingjie'],
  ['云帆', 'Yunfan'],
  ['北辰', 'Beichen'],
  ['海川', 'Haichuan'],
  ['乐途', 'Letu'],
  ['朗声', 'Langsheng'],
] as const;
const KINDS = [
  ['智能手机', 'Smartphone'],
  ['老人手机', 'Senior Phone'],
  ['蓝牙耳机', 'Bluetooth Earbuds'],
  ['头戴耳机', 'Over-ear Headphones'],
  ['蓝牙音箱', 'Bluetooth Speaker'],
  ['笔记本电脑', 'Laptop'],
  ['机械键盘', 'Mechanical Keyboard'],
  ['无线鼠标', 'Wireless Mouse'],
  ['显示器', 'Monitor'],
  ['电饭煲', 'Rice Cooker'],
  ['空气炸锅', 'Air Fryer'],
  ['吹风机', 'Hair Dryer'],
  ['电动牙刷', 'Electric Toothbrush'],
  ['运动T恤', 'Sports T-shirt'],
  ['跑步鞋', 'Running Shoes'],
  ['双肩包', 'Backpack'],
  ['保温杯', 'Vacuum Flask'],
  ['龙井茶', 'Longjing Tea'],
  ['挂耳咖啡', 'Drip Coffee'],
  ['坚果礼盒', 'Nut Gift Box'],
] as const;
const TRAITS = [
  ['轻薄', 'Slim'],
  ['旗舰', 'Flagship'],
  ['便携', 'Portable'],
  ['防水', 'Waterproof'],
  ['降噪', 'Noise-cancelling'],
  ['大容量', 'Large'],
  ['静音', 'Quiet'],
  ['经典', 'Classic'],
] as const;

/** Product i of the generated catalogue: a brand, a trait, a kind and a model number. */
function generated(i: number) {
  const [brandZh, brandEn] = BRANDS[i % BRANDS.length];
  const [kindZh, kindEn] = KINDS[Math.floor(i / BRANDS.length) % KINDS.length];
  const [traitZh, traitEn] = TRAITS[Math.floor(i / 7) % TRAITS.length];
  const model = `${String.fromCharCode(65 + (i % 26))}${i % 1000}`;
  return {
    name: `${brandZh} ${traitZh}${kindZh} ${model}`,
    name_en: `${brandEn} ${traitEn} ${kindEn} ${model}`,
    description: `${traitZh}设计，品质保障，第 ${i % 50} 代。`,
    description_en: `${traitEn} design with a quality guarantee, generation ${i % 50}.`,
  };
}

async function addProducts(ctx: AppContext, from: number, to: number): Promise<void> {
  const now = ctx.now().toISOString();
  const categories = await ctx.db
    .selectFrom('categories')
    .select('id')
    .where('parent_id', 'is not', null)
    .execute();
  await ctx.db.transaction().execute(async (trx) => {
    for (let start = from; start < to; start += BATCH) {
      const rows = [];
      const words: string[] = [];
      for (let i = start; i < Math.min(to, start + BATCH); i += 1) {
        const row = productRow({
          ...generated(i),
          category_id: categories[i % categories.length].id,
          price: 1_000 + ((i * 7919) % 900_000),
          stock: 100,
          sales: (i * 104_729) % 50_000,
          listed_at: now,
        });
        words.push(...vocabularyWords(row));
        rows.push(row);
      }
      await trx.insertInto('products').values(rows).execute();
      await rememberWords(trx, words);
    }
  });
}

/**
 * Writes the whole index again from the products (SQLite), or rebuilds the GIN index and gathers
 * the statistics autovacuum would (PostgreSQL: a table filled a moment ago looks empty to the
 * planner, which then reads every row instead of the index).
 */
async function rebuildIndex(ctx: AppContext): Promise<void> {
  const { sql } = await import('kysely');
  if (ctx.dialect === 'sqlite') {
    await ctx.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO search_fts(search_fts) VALUES ('delete-all')`.execute(trx);
      await sql`INSERT INTO search_fts(rowid, tokens) SELECT s.rank, p.search_tokens
        FROM search_index s JOIN products p ON p.id = s.product_id`.execute(trx);
    });
  } else {
    await sql`REINDEX INDEX search_index_tokens`.execute(ctx.db);
    await sql`ANALYZE search_index, search_vocab`.execute(ctx.db);
  }
}

type Query = [kind: string, run: (ctx: AppContext) => Promise<unknown>];

const page = { pageNum: 1, pageSize: 20 };
const QUERIES: Query[] = [
  ['word "wireless"', (ctx) => productPage(ctx, { keyword: 'wireless', sort: 'default' }, page, 'en-GB')],
  ['infix "phone"', (ctx) => productPage(ctx, { keyword: 'phone', sort: 'default' }, page, 'zh-CN')],
  ['infix "ote" (rare)', (ctx) => productPage(ctx, { keyword: 'ote', sort: 'default' }, page, 'zh-CN')],
  ['typo "smartfone"', (ctx) => productPage(ctx, { keyword: 'smartfone', sort: 'default' }, page, 'en-GB')],
  ['model "k417"', (ctx) => productPage(ctx, { keyword: 'k417', sort: 'default' }, page, 'en-GB')],
  ['CJK "耳机"', (ctx) => productPage(ctx, { keyword: '耳机', sort: 'default' }, page, 'zh-CN')],
  ['CJK 1 char "茶"', (ctx) => productPage(ctx, { keyword: '茶', sort: 'default' }, page, 'zh-CN')],
  ['short "x5"', (ctx) => productPage(ctx, { keyword: 'x5', sort: 'default' }, page, 'en-GB')],
  [
    'two words "静界 耳机"',
    (ctx) => productPage(ctx, { keyword: '静界 耳机', sort: 'default' }, page, 'zh-CN'),
  ],
  ['price sort "耳机"', (ctx) => productPage(ctx, { keyword: '耳机', sort: 'priceAsc' }, page, 'zh-CN')],
  ['suggest "hea"', (ctx) => searchSuggestions(ctx, 'hea', 'en-GB')],
  ['facets "phone"', (ctx) => searchFacets(ctx, 'phone', {}, 'zh-CN')],
];

/** The PostgreSQL backends of the service's pool: every pooled connection, opened at once. */
async function backendPids(ctx: AppContext): Promise<number[]> {
  if (ctx.dialect !== 'postgres') return [];
  const { sql } = await import('kysely');
  const rows = await Promise.all(
    Array.from({ length: 12 }, () =>
      sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(ctx.db),
    ),
  );
  return Array.from(new Set(rows.map((result) => Number(result.rows[0].pid))));
}

/** CPU time the processes have used, in ms (/proc/<pid>/schedstat), or NaN where unreadable. */
function cpuOf(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      return Number.NaN;
    }
  }
  return ns / 1e6;
}

/**
 * Wall-clock p50/p95, this process's CPU time p50 and, on PostgreSQL, the mean CPU time of the
 * database's backends per query: on a loaded machine the wall clock includes waiting for a
 * core, while the CPU times (all of SQLite's work; the client's and the server's share for
 * PostgreSQL) do not.
 */
async function measure(
  ctx: AppContext,
  run: Query[1],
  pids: number[],
): Promise<{ p50: number; p95: number; cpu: number; server: number }> {
  for (let i = 0; i < 3; i += 1) await run(ctx);
  const times: number[] = [];
  const cpu: number[] = [];
  const serverBefore = cpuOf(pids);
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await run(ctx);
    const used = process.cpuUsage(usage);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const server = pids.length ? (cpuOf(pids) - serverBefore) / RUNS : Number.NaN;
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu: percentile(cpu, 50), server };
}

async function benchOne(database: 'sqlite' | 'postgres'): Promise<void> {
  const previous = process.env.TEST_DB;
  process.env.TEST_DB = database;
  const service = await startTestService().finally(() => {
    process.env.TEST_DB = previous;
  });
  try {
    const rows: Array<Array<string | number>> = [];
    const builds: Array<Array<string | number>> = [];
    let count = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await addProducts(service.ctx, count, size);
      const inserted = performance.now() - started;
      count = size;
      const rebuildStarted = performance.now();
      await rebuildIndex(service.ctx);
      builds.push([
        database,
        size,
        fixed(inserted / 1000, 1),
        fixed((performance.now() - rebuildStarted) / 1000, 2),
      ]);
      const pids = await backendPids(service.ctx);
      for (const [kind, run] of QUERIES) {
        const { p50, p95, cpu, server } = await measure(service.ctx, run, pids);
        rows.push([
          database,
          size,
          kind,
          fixed(p50),
          fixed(p95),
          p95 <= 20 ? 'yes' : 'NO',
          fixed(cpu),
          fixed(server),
        ]);
      }
    }
    table(['database', 'products', 'insert + index (s)', 'index rebuild (s)'], builds);
    table(
      [
        'database',
        'products',
        'query',
        'p50 ms',
        'p95 ms',
        'p95 ≤ 20 ms',
        'CPU p50 ms',
        'server CPU mean ms',
      ],
      rows,
    );
  } finally {
    await service.close();
  }
}

export async function benchSearch(): Promise<void> {
  console.log(`\n## 5. search — generated catalogue (${SIZES.join(', ')} products), ${RUNS} runs per query`);
  await benchOne('sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    process.env.TEST_DATABASE_URL = url;
    await benchOne('postgres');
  } else console.log('PostgreSQL skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL.');
}
