/** The largest upload the service takes when the shop config has not arrived (UPLOAD_MAX_BYTES). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export type AvatarProblem = { id: 'uc.imageOnly' } | { id: 'uc.imageTooLarge'; values: { max: string } };

const mebibytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Checks a chosen avatar before anything is sent (docs/product.md "Constants": images jpeg/jpg/png/gif; the
 * service's size limit): the message to show, or null when the file may be uploaded.
 */
export function checkAvatarFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes: number,
): AvatarProblem | null {
  if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.test(file.name)) return { id: 'uc.imageOnly' };
  if (file.size > maxBytes) return { id: 'uc.imageTooLarge', values: { max: mebibytes(maxBytes) } };
  return null;
}

interface UploadEnvelope {
  success?: boolean;
  data?: { fullfilename?: string; url?: string };
  alterMsg?: string;
}

/**
 * Uploads an image through the gateway's file proxy (REST /service/file/uploads, 50 s), with
 * the session cookie. Resolves the stored file's URL, or rejects with the service's text.
 */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/service/file/uploads', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(50_000),
  });
  const envelope = (await response.json().catch(() => null)) as UploadEnvelope | null;
  if (envelope?.success && envelope.data?.url) return envelope.data.url;
  throw new Error(envelope?.alterMsg || '');
}
