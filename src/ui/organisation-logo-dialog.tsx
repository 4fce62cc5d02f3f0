import { Button, Dialog, Image, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organisationFaceQuery } from '../data/organisation-face';
import { api } from '../generated/api-client';
import { notify } from './toaster';

interface OrganisationLogoDialogProps {
  open: boolean;
  organisationId: number;
  /** Called when the dialog closes; a saved logo reaches every view of it through the organisation's query. */
  onClose: () => void;
}

/** The spec's 'Upload organization image' modal, with Cancel and save. */
export function OrganisationLogoDialog({ open, organisationId, onClose }: OrganisationLogoDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const saving = useLogoSave(organisationId);
  const preview = file ? URL.createObjectURL(file) : undefined;

  const save = () => {
    if (!file) return;
    saving.mutate(file, {
      onSuccess: () => {
        notify.success(t('orgImage.saved'));
        setFile(undefined);
        onClose();
      },
      onError: (error) => notify.error('error in saving', error.message),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('orgImage.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  aria-label={t('orgImage.field')}
                  onChange={(event) => setFile(event.target.files?.[0])}
                />
                {preview ? (
                  <Image src={preview} alt={t('orgImage.preview')} boxSize="24" fit="contain" />
                ) : null}
                <Text fontSize="sm" color="fg.muted">
                  {t('orgImage.help')}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onClose()}>
                {t('orgImage.cancel')}
              </Button>
              <Button colorPalette="brand" onClick={save} disabled={!file} loading={saving.isPending}>
                {t('orgImage.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Uploads a logo and makes it the organisation's. Once saved, the
 * organisation's face is asked again, and the mutation waits for it: the top
 * bar shows the new logo as the dialog closes.
 */
function useLogoSave(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { image } = await api.uploadOrgImage({}, file);
      await api.saveOrgImage({ org_id: organisationId, user_image: image });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: organisationFaceQuery(organisationId).queryKey }),
  });
}
