import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import { fileMessages } from './messages.ts';
import { checkPicture } from './picture-check.ts';
import {
  type AcceptedExtension,
  isAcceptedExtension,
  isPicture,
  MIME_BY_EXTENSION,
  STORED_NAME,
} from './types.ts';
import { isWorkbookZip } from './workbook-zip.ts';

/** A zip's first local header; every .xlsx starts with one. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What the bytes of a file really are, as one of our extensions (or null). A zip is told apart by
 * its central directory (workbook-zip.ts), not by file-type, which reads only its first MiB forward.
 */
async function sniff(buffer: Buffer): Promise<AcceptedExtension | null> {
  if (buffer.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
    return (await isWorkbookZip(buffer)) ? 'xlsx' : null;
  }
  const detected = await fileTypeFromBuffer(buffer);
  switch (detected?.ext) {
    case 'jpg':
    case 'png':
    case 'gif':
    case 'webp':
      return detected.ext;
    case 'cfb':
      // A legacy Office file is a compound file; an Excel one holds a "Workbook" (or BIFF5 "Book") stream.
      return isLegacyWorkbook(buffer) ? 'xls' : null;
    default:
      return null;
  }
}

const WORKBOOK_STREAMS = ['Workbook', 'Book'].map((name) => Buffer.from(`${name}\0`, 'utf16le'));
const isLegacyWorkbook = (buffer: Buffer) => WORKBOOK_STREAMS.some((name) => buffer.includes(name));

/** The extension a client claims, lower-cased: 'photo.JPG' → 'jpg'. */
export function claimedExtension(originalName: string): string {
  const dot = originalName.lastIndexOf('.');
  return dot < 0 ? '' : originalName.slice(dot + 1).toLowerCase();
}

/** A display name without any directory part or control characters, at most 200 characters. */
export function cleanOriginalName(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(-200) || 'file';
}

export interface StoredFile {
  fullfilename: string;
  url: string;
}

export const downloadUrl = (fullfilename: string) =>
  `/service/file/down?fullfilename=${encodeURIComponent(fullfilename)}`;

/**
 * Checks that the claimed extension is accepted, that the content really is of that type and,
 * for pictures, that their size is within the limit and that sharp reads them (picture-check.ts);
 * then stores the bytes under a random name and records them. Nothing is kept on refusal.
 */
export async function storeUpload(
  ctx: AppContext,
  upload: { buffer: Buffer; originalName: string },
  userId: number,
): Promise<StoredFile> {
  const claimed = claimedExtension(upload.originalName);
  if (!isAcceptedExtension(claimed)) throw badRequest(fileMessages['files.unsupportedType']);
  const actual = await sniff(upload.buffer);
  const matches = actual === claimed || (actual === 'jpg' && claimed === 'jpeg');
  if (!matches) throw badRequest(fileMessages['files.contentMismatch']);
  if (isPicture(actual)) await checkPicture(actual, upload.buffer);

  const fullfilename = `${randomBytes(16).toString('hex')}.${claimed}`;
  await fs.mkdir(ctx.config.uploadDir, { recursive: true });
  const target = path.join(ctx.config.uploadDir, fullfilename);
  await fs.writeFile(target, upload.buffer, { flag: 'wx', mode: 0o640 });
  try {
    await ctx.db
      .insertInto('files')
      .values({
        fullfilename,
        original_name: cleanOriginalName(upload.originalName),
        mime: MIME_BY_EXTENSION[claimed],
        size: upload.buffer.length,
        user_id: userId,
        created_at: ctx.now().toISOString(),
      })
      .execute();
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  return { fullfilename, url: downloadUrl(fullfilename) };
}

export interface DownloadableFile {
  absolutePath: string;
  mime: string;
  size: number;
  originalName: string;
}

/**
 * Resolves a download name to a stored file. Only generated names that are recorded in the
 * files table are served, and the path must stay inside the upload directory.
 */
export async function findDownload(ctx: AppContext, fullfilename: unknown): Promise<DownloadableFile> {
  if (typeof fullfilename !== 'string' || !STORED_NAME.test(fullfilename)) {
    throw badRequest(fileMessages['files.invalidName']);
  }
  const row = await ctx.db
    .selectFrom('files')
    .select(['fullfilename', 'mime', 'original_name'])
    .where('fullfilename', '=', fullfilename)
    .executeTakeFirst();
  if (!row) throw notFound(fileMessages['files.notFound']);
  const root = path.resolve(ctx.config.uploadDir);
  const absolutePath = path.resolve(root, row.fullfilename);
  if (path.dirname(absolutePath) !== root) throw notFound(fileMessages['files.notFound']);
  const stat = await fs.stat(absolutePath).catch(() => null);
  if (!stat?.isFile()) throw notFound(fileMessages['files.notFound']);
  return { absolutePath, mime: row.mime, size: stat.size, originalName: row.original_name };
}

/** Human-readable size for messages: 5242880 → '5 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} B`;
}
