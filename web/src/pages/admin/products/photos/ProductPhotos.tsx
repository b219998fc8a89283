import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AdminProductPhotosDocument } from '../../../../__generated__/graphql.ts';
import { useQuery } from '../../../../app/query.ts';
import { Button } from '../../../../components/Button.tsx';
import { ErrorState } from '../../../../components/ErrorState.tsx';
import { DEFAULT_UPLOAD_MAX_BYTES } from '../../../user-center/avatar.ts';
import { PhotoGrid } from './PhotoGrid.tsx';
import { DropZone, Hint, Uploads } from './photo-ui.ts';
import './photo-messages.ts'; // this chunk's texts
import { megabytes } from '../../../../lib/uploads.ts';
import { usePhotoActions } from './usePhotoActions.ts';
import { MAX_PHOTOS, type UploadEntry, useUploads } from './useUploads.ts';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';

/**
 * The product editor's photographs: drop pictures or choose them, watch each upload's progress,
 * order the photos (drag, or the move buttons), choose the main one and remove one. Mounted by the
 * editor of an existing product (`productId`); the cached product's version follows every change.
 */
export function ProductPhotos({ productId }: { productId: string }) {
  const intl = useIntl();
  const { data, error, refetch } = useQuery(AdminProductPhotosDocument, { variables: { id: productId } });
  const product = data?.adminProduct;
  const photos = product?.photos ?? [];
  const maxBytes = data?.config.uploadMaxBytes || DEFAULT_UPLOAD_MAX_BYTES;
  const uploads = useUploads(
    { id: productId, version: product?.version ?? 0, photoCount: photos.length },
    maxBytes,
  );
  const actions = usePhotoActions({
    id: productId,
    version: product?.version ?? 0,
    photoIds: photos.map((photo) => photo.id),
  });
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const headingId = `photos-${productId}`;

  if (error && !product) {
    return <ErrorState message={intl.formatMessage({ id: 'photos.loadFailed' })} onRetry={() => refetch()} />;
  }
  const ready = Boolean(product);
  return (
    <section aria-labelledby={headingId} aria-busy={!ready || undefined}>
      <h2 id={headingId}>{intl.formatMessage({ id: 'photos.title' })}</h2>
      <Hint>
        {intl.formatMessage({ id: 'photos.hint' }, { max: megabytes(maxBytes), count: MAX_PHOTOS })}
      </Hint>
      <DropZone
        $over={over}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (!event.dataTransfer.files.length) return;
          event.preventDefault();
          setOver(false);
          if (ready) uploads.addFiles(event.dataTransfer.files);
        }}
      >
        <p>{intl.formatMessage({ id: 'photos.drop' })}</p>
        <Button variant="primary" size="sm" disabled={!ready} onClick={() => input.current?.click()}>
          {intl.formatMessage({ id: 'photos.choose' })}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            if (event.target.files) uploads.addFiles([...event.target.files]);
            event.target.value = '';
          }}
        />
      </DropZone>
      <UploadList entries={uploads.entries} onDismiss={uploads.dismiss} />
      {ready && photos.length === 0 && <Hint>{intl.formatMessage({ id: 'photos.empty' })}</Hint>}
      {photos.length > 1 && <Hint>{intl.formatMessage({ id: 'photos.reorderHint' })}</Hint>}
      {/* no list while loading or empty: a screen reader would announce an empty "photos" list */}
      {photos.length > 0 && (
        <PhotoGrid
          photos={photos}
          name={product?.nameZh ?? ''}
          busy={actions.busy}
          onMove={actions.move}
          onMain={actions.makeMain}
          onRemove={actions.removePhoto}
        />
      )}
    </section>
  );
}

function UploadList({ entries, onDismiss }: { entries: UploadEntry[]; onDismiss: (key: number) => void }) {
  const intl = useIntl();
  return (
    <Uploads aria-label={intl.formatMessage({ id: 'photos.uploads' })} aria-live="polite">
      {entries.map((entry) => {
        const { name, percent } = entry;
        if (entry.state === 'failed') {
          return (
            <li key={entry.key} data-failed="">
              <span role="alert">
                {intl.formatMessage({ id: 'photos.failed' }, { name, reason: entry.reason })}
              </span>
              <Button
                size="sm"
                variant="text"
                aria-label={intl.formatMessage({ id: 'photos.dismissOf' }, { name })}
                onClick={() => onDismiss(entry.key)}
              >
                {intl.formatMessage({ id: 'photos.dismiss' })}
              </Button>
            </li>
          );
        }
        const label =
          entry.state === 'adding'
            ? intl.formatMessage({ id: 'photos.adding' }, { name })
            : intl.formatMessage({ id: 'photos.uploading' }, { name, percent });
        return (
          <li key={entry.key}>
            <span>{label}</span>
            <progress max={100} value={percent} aria-label={label} />
          </li>
        );
      })}
    </Uploads>
  );
}
