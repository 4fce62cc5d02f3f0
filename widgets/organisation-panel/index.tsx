import { Button, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import { useAccountActions } from '../../src/session/account-actions';
import { sessionAtom } from '../../src/session/session-atoms';
import { OrganisationLogoDialog } from '../../src/ui/organisation-logo-dialog';
import { notify } from '../../src/ui/toaster';
import { DataState } from '../shared/data-state';
import { FormField, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** Create an organisation when the user has none; otherwise show it, with its logo. */
export default function OrganisationPanel({ data }: WidgetProps<'organisation-panel'>) {
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? 'Your organisation'}
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
  const { loadAccount } = useAccountActions();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api.addOrganisation({ name: formText(event.currentTarget, 'name') });
      // The new organisation reaches the ID token only with fresh tokens; loading the account then moves on to billing.
      await loadAccount({ redirect: true, refresh: true });
    } catch (error) {
      notify.warning((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormStack onSubmit={submit} label="Create your organisation" maxW="md">
      <Text color="fg.muted">
        You do not belong to an organisation yet. Create one; you can invite your colleagues next.
      </Text>
      <FormField label="Organisation name" name="name" required maxLength={120} />
      <Button type="submit" colorPalette="brand" loading={busy} alignSelf="start">
        Create organisation
      </Button>
    </FormStack>
  );
}

function OrganisationView({ organisationId }: { organisationId: number }) {
  const state = useApiData(() => api.getOrgImage({ org_id: organisationId }), organisationId);
  const [editing, setEditing] = useState(false);
  return (
    <DataState state={state} what="The organisation">
      {([organisation]) => (
        <HStack gap="4">
          {organisation?.image ? (
            <Image
              src={`/files/${organisation.image}`}
              alt={`${organisation.name} logo`}
              boxSize="16"
              borderRadius="md"
              fit="contain"
            />
          ) : null}
          <Stack gap="1">
            <Text fontWeight="semibold" fontSize="lg">
              {organisation?.name}
            </Text>
            <Button size="xs" variant="outline" onClick={() => setEditing(true)} alignSelf="start">
              Change logo
            </Button>
          </Stack>
          <OrganisationLogoDialog
            open={editing}
            organisationId={organisationId}
            onClose={(changed) => {
              setEditing(false);
              if (changed) state.reload();
            }}
          />
        </HStack>
      )}
    </DataState>
  );
}
