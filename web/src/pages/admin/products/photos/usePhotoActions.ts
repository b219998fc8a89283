import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import {
  RemoveProductPhotoDocument,
  ReorderProductPhotosDocument,
  SetMainProductPhotoDocument,
} from '../../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../../app/user-errors.ts';
import { useConfirm } from '../../../../components/confirm.tsx';

/**
 * Reorder, promote and remove, each against the version the screen shows; the answer's product
 * (its new version and photos) replaces the cached one. A refusal is the link's toast; the
 * photos stay as they were.
 */
export function usePhotoActions(product: { id: string; version: number; photoIds: readonly string[] }) {
  const intl = useIntl();
  const confirm = useConfirm();
  const [reorder, reordering] = useMutation(ReorderProductPhotosDocument);
  const [setMain, promoting] = useMutation(SetMainProductPhotoDocument);
  const [remove, removing] = useMutation(RemoveProductPhotoDocument);
  const base = { productId: product.id, version: product.version };

  const run = useCallback(async (work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch {
      return false; // the refusal is already a toast
    }
  }, []);

  /** Moves the photo at `from` to `to` (0 is the main place). */
  const move = (from: number, to: number) =>
    run(async () => {
      if (to < 0 || to >= product.photoIds.length || from === to) return;
      const photoIds = [...product.photoIds];
      const [moved] = photoIds.splice(from, 1);
      photoIds.splice(to, 0, moved);
      acceptPayload(
        (await reorder({ variables: { input: { ...base, photoIds } } })).data?.reorderProductPhotos,
      );
    });

  const makeMain = (photoId: string) =>
    run(async () => {
      acceptPayload(
        (await setMain({ variables: { input: { ...base, photoId } } })).data?.setMainProductPhoto,
      );
    });

  const removePhoto = async (photoId: string) => {
    const ok = await confirm({
      message: intl.formatMessage({ id: 'photos.removeConfirm' }),
      confirmText: intl.formatMessage({ id: 'photos.remove' }),
      cancelText: intl.formatMessage({ id: 'photos.keep' }),
    });
    if (!ok) return false;
    return run(async () => {
      acceptPayload((await remove({ variables: { input: { ...base, photoId } } })).data?.removeProductPhoto);
    });
  };

  const busy = reordering.loading || promoting.loading || removing.loading;
  return { move, makeMain, removePhoto, busy };
}
