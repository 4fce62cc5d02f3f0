import { Button, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useOrganisationFace } from '../../src/data/organisation-face';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { AddOrganisationRequest } from '../../src/generated/api-types';
import { useAccountActions } from '../../src/session/account-actions';
import { sessionAtom } from '../../src/session/session-atoms';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { OrganisationLogoDialog } from '../../src/ui/organisation-logo-dialog';
import { notify } from '../../src/ui/toaster';
import { FormField, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';
import { RenameForm } from './rename-form';

/** Create an organisation when the user has none; otherwise show it, with its logo. */
export default function OrganisationPanel({ data }: WidgetProps<'organisation-panel'>) {
  const { t } = useTranslation('organisation-panel');
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      {organisationId === null ? (
        <CreateOrganisation />
      ) : (
        <OrganisationView organisationId={organisationId} />
      )}
    </Stack>
  );
}

function CreateOrganisation() {
  const { t } = useTranslation('organisation-panel');
  const { loadAccount } = useAccountActions();
  // No screen reads it: the session learns of the new organisation, and the button stays busy until it has.
  const create = useMutation({
    mutationFn: async (request: AddOrganisationRequest) => {
      await api.addOrganisation(request);
      // The new organisation reaches the ID token only with fresh tokens; loading the account then moves on to billing.
      await loadAccount({ redirect: true, refresh: true });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      { name: formText(event.currentTarget, 'name') },
      { onError: (error) => notify.warning(error.message) },
    );
  };
  return (
    <FormStack onSubmit={submit} label={t('create.form')} maxW="md">
      <Text color="fg.muted">{t('create.intro')}</Text>
      <FormField label={t('create.name')} name="name" required maxLength={120} />
      <Button type="submit" colorPalette="brand" loading={create.isPending} alignSelf="start">
        {t('create.submit')}
      </Button>
    </FormStack>
  );
}

function OrganisationView({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation('organisation-panel');
  // The top bar's own query: one request for both, and a new logo or name refreshes both at once.
  const state = fromQuery(useOrganisationFace(organisationId));
  const [editing, setEditing] = useState(false);
  // A new logo is uploaded, then saved as the organisation's: offered only to a role that may do both.
  const canUpload = useCan('uploadOrgImage');
  const canSave = useCan('saveOrgImage');
  const canChangeLogo = canUpload && canSave;
  const canRename = useCan('renameOrganisation');
  const [renaming, setRenaming] = useState(false);
  return (
    <DataState state={state} what={t('what')}>
      {(organisation) => (
        <HStack gap="4">
          {organisation?.image ? (
            <Image
              src={`/files/${organisation.image}`}
              alt={t('logoAlt', { name: organisation.name })}
              boxSize="16"
              borderRadius="md"
              fit="contain"
            />
          ) : null}
          <Stack gap="1">
            {renaming && organisation ? (
              <RenameForm
                organisationId={organisationId}
                name={organisation.name}
                onDone={() => setRenaming(false)}
              />
            ) : (
              <Text fontWeight="semibold" fontSize="lg">
                {organisation?.name}
              </Text>
            )}
            <HStack gap="2">
              {canChangeLogo ? (
                <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
                  {t('changeLogo')}
                </Button>
              ) : null}
              {canRename && !renaming ? (
                <Button size="xs" variant="outline" onClick={() => setRenaming(true)}>
                  {t('rename')}
                </Button>
              ) : null}
            </HStack>
          </Stack>
          <OrganisationLogoDialog
            open={editing}
            organisationId={organisationId}
            onClose={() => setEditing(false)}
          />
        </HStack>
      )}
    </DataState>
  );
}
