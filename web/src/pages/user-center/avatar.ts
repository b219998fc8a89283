import { megabytes, uploadFile } from '../../lib/uploads.ts';

/** The largest upload the service takes when the shop config has not arrived (UPLOAD_MAX_BYTES). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export type AvatarProblem = { id: 'uc.imageOnly' } | { id: 'uc.imageTooLarge'; values: { max: string } };

/**
 * Checks a chosen avatar before anything is sent (docs/product.md "Constants": images jpeg/jpg/png/gif; the
 * service's size limit): the message to show, or null when the file may be uploaded.
 */
export function checkAvatarFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): AvatarProblem | null {
  if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.test(file.name)) return { id: 'uc.imageOnly' };
  if (file.size > maxBytes) return { id: 'uc.imageTooLarge', values: { max: megabytes(maxBytes) } };
  return null;
}

/** Uploads an avatar; resolves the stored file's URL, or rejects with the service's text. */
export const uploadImage = async (file: File): Promise<string> => (await uploadFile(file)).url;
