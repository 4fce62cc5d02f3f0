import { Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from './choice-select';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';

/**
 * Yes or no. A required one is a switch; an optional one is a select with
 * "not set", since a widget may read a missing flag unlike false (a table's
 * column is sortable unless it says `false`).
 */
export function BooleanField(props: FieldProps) {
  const { schema, value, onChange, required } = props;
  const { t } = useTranslation('editor-props');
  const nameOf = (flag: unknown) => (flag ? t('choice.yes') : t('choice.no'));
  return (
    <FieldFrame field={props}>
      {required ? (
        <Switch.Root checked={value === true} onCheckedChange={(details) => onChange(details.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      ) : (
        <ChoiceSelect
          choices={[
            { value: true, label: nameOf(true) },
            { value: false, label: nameOf(false) },
          ]}
          value={value}
          required={false}
          defaultLabel={schema.default === undefined ? undefined : nameOf(schema.default)}
          onChange={onChange}
        />
      )}
    </FieldFrame>
  );
}
