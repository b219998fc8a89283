/**
 * Files sent through the gateway's upload proxy (POST /service/file/uploads, 50 s, the session
 * cookie): avatars and spreadsheets go whole with fetch; photos, which show progress, use
 * XMLHttpRequest (pages/admin/products/photos/upload.ts).
 */

/** 5242880 → '5 MB', as the service writes its limit. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** What the service keeps of an upload: its stored name and the address it is served at. */
export interface StoredUpload {
  fullfilename: string;
  url: string;
}

interface UploadEnvelope {
  success?: boolean;
  data?: Partial<StoredUpload>;
  alterMsg?: string;
}

/**
 * Uploads one file; resolves what the service stored, or rejects with the service's text ('' when
 * it gave none). `locale` is the shop's language, so a refusal reads in it, not the browser's.
 */
export async function uploadFile(file: File, locale?: string): Promise<StoredUpload> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/service/file/uploads', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: locale ? { 'Accept-Language': locale } : undefined,
    signal: AbortSignal.timeout(50_000),
  });
  const envelope = (await response.json().catch(() => null)) as UploadEnvelope | null;
  const stored = envelope?.data;
  if (envelope?.success && stored?.fullfilename && stored.url) {
    return { fullfilename: stored.fullfilename, url: stored.url };
  }
  throw new Error(envelope?.alterMsg || '');
}
