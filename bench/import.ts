/**
 * Bench section 9: importing 10,000 products from an .xlsx (the back office's bulk import), on a
 * temporary SQLite database and, when BENCH_DATABASE_URL / TEST_DATABASE_URL is set, PostgreSQL.
 * The sheet is uploaded through the files module, then checked (dry run) and imported (one
 * transaction) through the service's routes; prints the time of each, rows per second, and the
 * memory: the most heap and buffers held above the level before the call (sampled every 2 ms)
 * and the process's peak resident set (resourceUsage().maxRSS, which never goes down).
 */
import { goodRow, peakMemoryGrowth, productSheet, upload } from '../tests/service/excel-fixture.ts';
import { startTestService } from '../tests/service/harness.ts';
import { adminSession } from '../tests/service/orders-fixture.ts';
import { fixed, table } from './lib.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const MB = 1024 * 1024;

async function timed(work: () => Promise<{ body: { success: boolean } }>) {
  let ms = 0;
  const growth = await peakMemoryGrowth(async () => {
    const started = process.hrtime.bigint();
    const res = await work();
    ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (!res.body.success) throw new Error(`import refused: ${JSON.stringify(res.body).slice(0, 300)}`);
  });
  return { ms, growth };
}

async function benchOne(database: 'sqlite' | 'postgres'): Promise<Array<Array<string | number>>> {
  const previous = process.env.TEST_DB;
  process.env.TEST_DB = database;
  const service = await startTestService({ LOG_LEVEL: 'silent', UPLOAD_MAX_BYTES: '20mb' });
  try {
    const admin = await adminSession(service);
    const category = await service.ctx.db
      .selectFrom('categories')
      .select('card_name')
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sheet = await productSheet(
      Array.from({ length: ROWS }, (_, n) => goodRow(n + 1, category.card_name)),
    );
    const fullfilename = await upload(service, admin, sheet, 'bench.xlsx');
    const run = (dryRun: boolean) => () =>
      service.http.post('/service/admin/product/import').set(admin.headers).send({ fullfilename, dryRun });
    const dry = await timed(run(true));
    const real = await timed(run(false));
    const maxRss = process.resourceUsage().maxRSS / 1024;
    return [
      [
        database,
        'dry run',
        ROWS,
        fixed(sheet.length / 1024, 0),
        fixed(dry.ms, 0),
        fixed(ROWS / (dry.ms / 1000), 0),
        fixed(dry.growth / MB),
        fixed(maxRss, 0),
      ],
      [
        database,
        'import',
        ROWS,
        fixed(sheet.length / 1024, 0),
        fixed(real.ms, 0),
        fixed(ROWS / (real.ms / 1000), 0),
        fixed(real.growth / MB),
        fixed(maxRss, 0),
      ],
    ];
  } finally {
    await service.close();
    process.env.TEST_DB = previous;
  }
}

export async function benchImport(): Promise<void> {
  console.log(`\n## 9 import — ${ROWS} products from an .xlsx: dry run, then one transaction`);
  const rows = await benchOne('sqlite');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    rows.push(...(await benchOne('postgres')));
  }
  table(['database', 'step', 'rows', 'file KB', 'ms', 'rows/s', 'peak heap+buffers MB', 'maxRSS MB'], rows);
  if (!postgresUrl) console.log('(PostgreSQL left out: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
