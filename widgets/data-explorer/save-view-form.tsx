import { Button, HStack, Input } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The name of a view being saved as a new one, or of the open view being renamed. */
export function SaveViewForm({
  renaming,
  name,
  busy,
  onName,
  onSubmit,
  onCancel,
}: {
  renaming: boolean;
  name: string;
  busy: boolean;
  onName: (name: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('data-explorer');
  return (
    <HStack
      as="form"
      gap="2"
      onSubmit={onSubmit}
      aria-label={renaming ? t('savedViews.renameForm') : t('savedViews.saveAsForm')}
    >
      <Input
        size="xs"
        maxW="64"
        autoFocus
        maxLength={200}
        aria-label={t('savedViews.name')}
        placeholder={t('savedViews.name')}
        value={name}
        onChange={(event) => onName(event.target.value)}
      />
      <Button size="xs" type="submit" loading={busy} disabled={!name.trim()}>
        {renaming ? t('savedViews.renameNow') : t('savedViews.save')}
      </Button>
      <Button size="xs" variant="ghost" onClick={onCancel}>
        {t('savedViews.cancel')}
      </Button>
    </HStack>
  );
}
