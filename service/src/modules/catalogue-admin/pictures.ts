import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { downloadUrl, findDownload } from '../files/service.ts';
import { catalogueAdminMessages as m } from './messages.ts';

const notAnImage = () =>
  badRequest(m['picture.notAnImage'], {}, { fields: { picture: m['picture.notAnImage'] } });

/**
 * The address to store for an uploaded picture (`fullfilename` as POST /file/uploads answered
 * it). The upload itself passed the files module's checks (extension, real content, size of the
 * image); here the name must be one it recorded, still on disk, and a picture, not a workbook.
 * Null (no picture) stays null: the drawing shows.
 */
export async function uploadedPicture(ctx: AppContext, fullfilename: string | null): Promise<string> {
  if (fullfilename === null) return '';
  const file = await findDownload(ctx, fullfilename).catch((error: unknown) => {
    if (error instanceof ApiError && error.status < 500) throw notAnImage();
    throw error;
  });
  if (!file.mime.startsWith('image/')) throw notAnImage();
  return downloadUrl(fullfilename);
}
