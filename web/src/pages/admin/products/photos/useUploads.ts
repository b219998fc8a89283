import { useMutation } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AddProductPhotoDocument } from '../../../../__generated__/graphql.ts';
import { acceptPayload, MutationRefused } from '../../../../app/user-errors.ts';
import { megabytes } from '../../../../lib/uploads.ts';
import { isPhotoFile, UploadRefused, uploadPhoto } from './upload.ts';

/** One picture being added: sent (with its progress), then saved to the product, or refused. */
export interface UploadEntry {
  key: number;
  /** The choice or drop it came with: files chosen together share one. */
  batch: number;
  name: string;
  state: 'waiting' | 'uploading' | 'adding' | 'failed';
  percent: number;
  /** Why it was refused, in the admin's language. */
  reason?: string;
}

export const MAX_PHOTOS = 10;

/** The service's or the gateway's own words for a refusal, when it said any. */
function reasonOf(error: unknown): string {
  if (error instanceof UploadRefused) return error.text;
  if (error instanceof MutationRefused) return error.userErrors[0]?.message ?? '';
  return '';
}

/**
 * Uploads the chosen pictures one after another and adds each to the product against the version
 * the last answer gave, so a batch never refuses itself as a stale edit. A refused picture stays
 * in the list with its reason until dismissed or until a picture chosen after it is saved (the
 * admin has moved on: a note left from an earlier choice would read as this one's); a refusal
 * of the same choice stays beside the saved pictures, so a drop of several says which failed.
 */
export function useUploads(product: { id: string; version: number; photoCount: number }, maxBytes: number) {
  const intl = useIntl();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [add] = useMutation(AddProductPhotoDocument);
  const latest = useRef(product);
  latest.current = product;
  const queue = useRef(Promise.resolve());
  const nextKey = useRef(0);
  const nextBatch = useRef(0);

  const update = useCallback((key: number, change: Partial<UploadEntry>) => {
    setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);
  const dismiss = useCallback((key: number) => setEntries((all) => all.filter((e) => e.key !== key)), []);

  const problemOf = useCallback(
    (file: File, count: number): string | null => {
      if (!isPhotoFile(file)) return intl.formatMessage({ id: 'photos.notImage' });
      if (file.size > maxBytes)
        return intl.formatMessage({ id: 'photos.tooLarge' }, { max: megabytes(maxBytes) });
      if (count >= MAX_PHOTOS) return intl.formatMessage({ id: 'photos.tooMany' }, { count: MAX_PHOTOS });
      return null;
    },
    [intl, maxBytes],
  );

  /** A picture of `batch` was saved: the refusals of earlier choices are done with. */
  const saved = useCallback((key: number, batch: number) => {
    setEntries((all) => all.filter((e) => e.key !== key && !(e.state === 'failed' && e.batch < batch)));
  }, []);

  const send = useCallback(
    async (key: number, batch: number, file: File) => {
      const problem = problemOf(file, latest.current.photoCount);
      if (problem) return update(key, { state: 'failed', reason: problem });
      try {
        update(key, { state: 'uploading' });
        const fullfilename = await uploadPhoto(file, intl.locale, (percent) => update(key, { percent }));
        update(key, { state: 'adding', percent: 100 });
        const { id, version } = latest.current;
        const result = await add({ variables: { input: { productId: id, version, fullfilename } } });
        const payload = acceptPayload(result.data?.addProductPhoto);
        if (payload.product) {
          const { version: next, photos } = payload.product;
          latest.current = { ...latest.current, version: next, photoCount: photos.length };
        }
        saved(key, batch);
      } catch (error) {
        update(key, {
          state: 'failed',
          reason: reasonOf(error) || intl.formatMessage({ id: 'photos.uploadFailed' }),
        });
      }
    },
    [add, saved, intl, problemOf, update],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const batch = nextBatch.current++;
      for (const file of files) {
        const key = nextKey.current++;
        setEntries((all) => [...all, { key, batch, name: file.name, state: 'waiting', percent: 0 }]);
        queue.current = queue.current.then(() => send(key, batch, file));
      }
    },
    [send],
  );

  return { entries, addFiles, dismiss };
}
