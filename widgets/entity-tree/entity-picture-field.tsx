import { Field, Image } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The entity's picture: the stored one until another file is chosen, which is uploaded on saving. */
export function EntityPictureField({
  storedImage,
  photo,
  onPhoto,
}: {
  /** The stored picture's file key, when editing an entity that has one. */
  storedImage: string | null | undefined;
  photo: File | undefined;
  onPhoto: (photo: File | undefined) => void;
}) {
  const { t } = useTranslation('entity-tree');
  return (
    <Field.Root>
      <Field.Label>{t('fields.picture')}</Field.Label>
      {storedImage && !photo ? (
        <Image src={`/files/${storedImage}`} alt="" maxH="24" borderRadius="md" />
      ) : null}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label={t('fields.picture')}
        onChange={(event) => onPhoto(event.target.files?.[0])}
      />
    </Field.Root>
  );
}
