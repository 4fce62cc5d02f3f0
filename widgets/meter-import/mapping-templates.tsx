import { Button, Field, Fieldset, HStack, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useCan } from '../../src/auth/use-can';
import type { MeterfilesResponse } from '../../src/generated/api-types';
import { type Option, SelectField } from './fields';
import type { DraftErrors, MappingDraft } from './mapping';
import { useMappingTemplates } from './use-mapping-templates';

/** Saved mappings: apply one to this file, save the current one by name, delete one. */
export function MappingTemplates(props: {
  upload: MeterfilesResponse;
  draft: MappingDraft;
  onApply: (draft: MappingDraft) => void;
  onInvalid: (errors: DraftErrors) => void;
}) {
  const { templates, loadError, chosen, name, setName, saving, notice, apply, save, remove } =
    useMappingTemplates(props);
  // Templates are the organisation's: a role may apply them without being one that may delete them.
  const canDelete = useCan('importTemplateDelete');
  const options: Option[] = (templates ?? []).map((template) => ({
    value: String(template.id),
    label: template.name,
  }));

  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
      <Fieldset.Legend>Templates</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
        <HStack align="end">
          <SelectField
            label="Use a saved template"
            value={chosen}
            onChange={apply}
            options={options}
            placeholder={
              templates === undefined && !loadError
                ? 'Loading templates…'
                : options.length === 0
                  ? 'No templates yet'
                  : 'None'
            }
            error={loadError ? `Templates could not be loaded: ${loadError}` : undefined}
            disabled={options.length === 0}
          />
          {chosen && canDelete ? (
            <Button variant="ghost" colorPalette="red" onClick={remove}>
              Delete
            </Button>
          ) : null}
        </HStack>
        <HStack align="end">
          <Field.Root>
            <Field.Label>Template name</Field.Label>
            <Input
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={200}
              placeholder="Utility half-hourly export"
            />
          </Field.Root>
          <Button variant="outline" onClick={save} loading={saving}>
            Save template
          </Button>
        </HStack>
      </SimpleGrid>
      {notice ? (
        <Text fontSize="sm" role="status" color="fg.warning">
          {notice}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        A template of the same name is replaced. Files dropped in a template's SFTP folder are imported with
        it.
      </Text>
    </Fieldset.Root>
  );
}
