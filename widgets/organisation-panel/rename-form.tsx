import { Button, HStack, Input } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenameOrganisation } from '../../src/data/organisation-face';
import { notify } from '../../src/ui/toaster';

interface RenameFormProps {
  organisationId: number;
  name: string;
  /** Called when the form closes, renamed or not; the new name reaches every view through the organisation's query. */
  onDone: () => void;
}

/** The organisation's name, edited in place; the top bar shows the new one at once. */
export function RenameForm({ organisationId, name, onDone }: RenameFormProps) {
  const { t } = useTranslation('organisation-panel');
  const [draft, setDraft] = useState(name);
  const rename = useRenameOrganisation();
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate(
      { org_id: organisationId, name: draft },
      {
        onSuccess: (renamed) => {
          notify.success(t('renameForm.renamed', { name: renamed.name }));
          onDone();
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  return (
    <form onSubmit={save} aria-label={t('renameForm.form')}>
      <HStack gap="2" wrap="wrap">
        <Input
          aria-label={t('renameForm.name')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={120}
          required
          size="sm"
          maxW="sm"
        />
        <Button
          type="submit"
          size="sm"
          colorPalette="brand"
          loading={rename.isPending}
          disabled={!draft.trim()}
        >
          {t('renameForm.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone()}>
          {t('renameForm.cancel')}
        </Button>
      </HStack>
    </form>
  );
}
