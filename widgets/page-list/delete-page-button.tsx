import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type { PageSummary } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';

interface DeletePageButtonProps {
  page: PageSummary;
  title: string;
  under: number;
}

/**
 * Deleting a page asks first, in place, saying what goes with it; only
 * admins are offered it (the server refuses anyone else).
 */
export function DeletePageButton({ page, title, under }: DeletePageButtonProps) {
  const { t } = useTranslation('page-list');
  const canDelete = useCan('dashboardDelete');
  const [asking, setAsking] = useState(false);
  const deletePage = useScreenMutation(api.dashboardDelete, ['page-list']);
  if (!canDelete) return null;
  if (!asking) {
    return (
      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setAsking(true)}>
        {t('delete.ask', { title })}
      </Button>
    );
  }
  const remove = () =>
    deletePage.mutate(
      { id: page.id },
      {
        onSuccess: () => notify.success(t('delete.done', { title })),
        onError: (error) => notify.warning(error.message),
      },
    );
  return (
    <HStack gap="2" role="group" aria-label={t('delete.confirmLabel', { title })}>
      <Text fontSize="sm">
        {under === 0 ? t('delete.questionAlone') : t('delete.question', { count: under })}
      </Text>
      <Button size="xs" colorPalette="red" loading={deletePage.isPending} onClick={remove}>
        {t('delete.confirm')}
      </Button>
      <Button size="xs" variant="outline" disabled={deletePage.isPending} onClick={() => setAsking(false)}>
        {t('delete.cancel')}
      </Button>
    </HStack>
  );
}
