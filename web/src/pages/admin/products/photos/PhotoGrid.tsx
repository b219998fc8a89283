import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../../components/Button.tsx';
import { Picture } from '../../../../components/Picture.tsx';
import type { MessageId } from '../../../../i18n/message-ids.ts';
import { Badge } from '../../ui.tsx';
import { Card, Grid } from './photo-ui.ts';

export interface GridPhoto {
  id: string;
  isMain: boolean;
  image: { src: string; width: number | null; height: number | null; altText: string | null };
}

interface Props {
  photos: readonly GridPhoto[];
  name: string;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onMain: (photoId: string) => void;
  onRemove: (photoId: string) => void;
}

/**
 * The product's photos as cards in gallery order. Each can be dragged onto another's place, or
 * moved with its buttons (the keyboard's way); the first is the main one.
 */
export function PhotoGrid({ photos, name, busy, onMove, onMain, onRemove }: Props) {
  const intl = useIntl();
  const [dragged, setDragged] = useState<number | null>(null);
  const text = (id: MessageId, position: number) => intl.formatMessage({ id }, { position });
  return (
    <Grid aria-label={intl.formatMessage({ id: 'photos.title' })}>
      {photos.map((photo, index) => {
        const position = index + 1;
        return (
          <Card
            key={photo.id}
            draggable={!busy}
            $dragging={dragged === index}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', photo.id);
              setDragged(index);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              event.stopPropagation();
              onMove(dragged, index);
              setDragged(null);
            }}
          >
            <Picture
              image={photo.image}
              alt={intl.formatMessage({ id: 'photos.alt' }, { name, position })}
              sizes="(max-width: 768px) 45vw, 180px"
              loading="lazy"
              draggable={false}
            />
            <span>
              {photo.isMain ? (
                <Badge>{intl.formatMessage({ id: 'photos.main' })}</Badge>
              ) : (
                intl.formatMessage({ id: 'photos.position' }, { position })
              )}
            </span>
            <div>
              <Button
                size="sm"
                variant="text"
                disabled={busy || index === 0}
                aria-label={text('photos.moveUpOf', position)}
                onClick={() => onMove(index, index - 1)}
              >
                {intl.formatMessage({ id: 'photos.moveUp' })}
              </Button>
              <Button
                size="sm"
                variant="text"
                disabled={busy || index === photos.length - 1}
                aria-label={text('photos.moveDownOf', position)}
                onClick={() => onMove(index, index + 1)}
              >
                {intl.formatMessage({ id: 'photos.moveDown' })}
              </Button>
              {!photo.isMain && (
                <Button
                  size="sm"
                  variant="text"
                  disabled={busy}
                  aria-label={text('photos.setMainOf', position)}
                  onClick={() => onMain(photo.id)}
                >
                  {intl.formatMessage({ id: 'photos.setMain' })}
                </Button>
              )}
              <Button
                size="sm"
                variant="danger"
                disabled={busy}
                aria-label={text('photos.removeOf', position)}
                onClick={() => onRemove(photo.id)}
              >
                {intl.formatMessage({ id: 'photos.remove' })}
              </Button>
            </div>
          </Card>
        );
      })}
    </Grid>
  );
}
