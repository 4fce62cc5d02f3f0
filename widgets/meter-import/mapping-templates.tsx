import { Button, Field, Fieldset, HStack, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('meter-import');
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
      <Fieldset.Legend>{t('templates.legend')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
        <HStack align="end">
          <SelectField
            label={t('templates.use')}
            value={chosen}
            onChange={apply}
            options={options}
            placeholder={
              templates === undefined && !loadError
                ? t('templates.loading')
                : options.length === 0
                  ? t('templates.noneYet')
                  : t('templates.noneChosen')
            }
            error={loadError ? t('templates.loadFailed', { message: loadError }) : undefined}
            disabled={options.length === 0}
          />
          {chosen && canDelete ? (
            <Button variant="ghost" colorPalette="red" onClick={remove}>
              {t('templates.delete')}
            </Button>
          ) : null}
        </HStack>
        <HStack align="end">
          <Field.Root>
            <Field.Label>{t('templates.name')}</Field.Label>
            <Input
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={200}
              placeholder={t('templates.namePlaceholder')}
            />
          </Field.Root>
          <Button variant="outline" onClick={save} loading={saving}>
            {t('templates.save')}
          </Button>
        </HStack>
      </SimpleGrid>
      {notice ? (
        <Text fontSize="sm" role="status" color="fg.warning">
          {notice}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {t('templates.help')}
      </Text>
    </Fieldset.Root>
  );
}
