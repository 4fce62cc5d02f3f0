import { Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type JsonSchema, requiredOneOf } from './json-schema';
import { labelFor } from './labels';

/** "Set at least one of Data point or Intent.": what an `anyOf` of required props asks, said before it fails. */
export const OneOfHint = memo(function OneOfHint({ schema }: { schema: JsonSchema }) {
  const { t, i18n } = useTranslation('editor-props');
  const props = requiredOneOf(schema);
  if (props.length === 0) return null;
  const labels = props.map((prop) => labelFor(prop, schema.properties?.[prop] ?? {}, t));
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(labels);
  return (
    <Text color="fg.muted" fontSize="sm">
      {t('oneOf', { props: list })}
    </Text>
  );
});
