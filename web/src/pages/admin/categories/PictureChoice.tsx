import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Picture, type PictureImage, pictureAt } from '../../../components/Picture.tsx';
import { isPhotoFile, UploadRefused, uploadPhoto } from '../products/photos/upload.ts';

/** What an editor does with a picture: keep it (undefined), the drawing (null), or a new upload's stored name. */
export type PictureValue = string | null | undefined;

/** The address an upload's stored name is shown at (the files module's download route). */
export const uploadedAddress = (fullfilename: string) =>
  `/service/file/down?fullfilename=${encodeURIComponent(fullfilename)}`;

/** The picture an editor shows for its choice; null while the drawing is asked for and not known here. */
export function chosenPicture(current: PictureImage, hasPicture: boolean, value: PictureValue) {
  if (typeof value === 'string') return pictureAt(uploadedAddress(value));
  if (value === null && hasPicture) return null;
  return current;
}

const Box = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  margin: 0 0 12px;
  padding: 8px 12px 12px;
  legend {
    padding: 0 4px;
  }
  img {
    width: 64px;
    height: 64px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
  p {
    margin: 6px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  [role='alert'] {
    color: ${({ theme }) => theme.colors.error};
  }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  input[type='file'] {
    max-width: 100%;
  }
`;

export interface PictureChoiceTexts {
  legend: string;
  upload: string;
  uploading: string;
  drawing: string;
  notImage: string;
}

/**
 * Chooses a category's or card's picture: a file sent through the upload proxy at once (the
 * service checks its bytes and size), or the drawing again. The choice is saved with the form.
 */
export function PictureChoice({
  current,
  hasPicture,
  value,
  onChange,
  texts,
}: {
  current: PictureImage;
  hasPicture: boolean;
  value: PictureValue;
  onChange: (value: PictureValue) => void;
  texts: PictureChoiceTexts;
}) {
  const intl = useIntl();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');
  const shown = chosenPicture(current, hasPicture, value);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem('');
    if (!isPhotoFile(file)) return setProblem(texts.notImage);
    setUploading(true);
    try {
      onChange(await uploadPhoto(file, intl.locale, () => {}));
    } catch (error) {
      setProblem(error instanceof UploadRefused && error.text ? error.text : texts.notImage);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box>
      <legend>{texts.legend}</legend>
      <Line>
        {shown && <Picture image={shown} alt="" width={64} height={64} sizes="64px" />}
        <label htmlFor={inputId}>{texts.upload}</label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          disabled={uploading}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {(hasPicture || typeof value === 'string') && value !== null && (
          <Button size="sm" onClick={() => onChange(null)}>
            {texts.drawing}
          </Button>
        )}
      </Line>
      {uploading && <p role="status">{texts.uploading}</p>}
      {problem && <p role="alert">{problem}</p>}
    </Box>
  );
}
