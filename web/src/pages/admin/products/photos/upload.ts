/**
 * Sends one picture through the gateway's upload proxy (POST /service/file/uploads, the session
 * cookie), reporting the bytes sent as they go: XMLHttpRequest is the one browser API with upload
 * progress events. Resolves the stored name; rejects with the service's text (in the shopper's
 * language) or '' when there is none.
 */

/** What the back office may add as a photo, by type and name (the service checks the bytes). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const PHOTO_NAMES = /\.(jpe?g|png|gif|webp)$/i;

export const isPhotoFile = (file: Pick<File, 'name' | 'type'>) =>
  PHOTO_TYPES.includes(file.type) && PHOTO_NAMES.test(file.name);

export class UploadRefused extends Error {
  constructor(readonly text: string) {
    super(text || 'upload failed');
    this.name = 'UploadRefused';
  }
}

export function uploadPhoto(
  file: File,
  locale: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/service/file/uploads');
    // The service answers in the Accept-Language it gets: the shop's language, not the browser's.
    request.setRequestHeader('Accept-Language', locale);
    request.withCredentials = true;
    request.timeout = 50_000;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      const envelope = request.response as {
        success?: boolean;
        data?: { fullfilename?: string };
        alterMsg?: string;
      } | null;
      const name = envelope?.success ? envelope.data?.fullfilename : undefined;
      if (name) resolve(name);
      else reject(new UploadRefused(envelope?.alterMsg ?? ''));
    };
    request.onerror = request.ontimeout = () => reject(new UploadRefused(''));
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}
