import { Box, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { childPointer } from '../../engine/validation/issue';
import type { FieldProps } from './field-props';
import { ChildField } from './form-context';
import { GroupFrame } from './group-frame';
import type { JsonSchema } from './json-schema';

/** A fixed list of positions, each its own kind (a line chart's point: [time, value]), side by side. */
export function TupleField(props: FieldProps) {
  const { schema, value, onChange, pointer } = props;
  const { t } = useTranslation('editor-props');
  const positions = (schema.items ?? []) as JsonSchema[];
  const values = Array.isArray(value) ? value : [];
  const change = (index: number) => (next: unknown) => {
    // Positions not there yet are filled with null, never left as holes JSON cannot hold.
    const updated = positions.map((_, at) => (at === index ? next : (values[at] ?? null)));
    onChange([...updated, ...values.slice(positions.length)]);
  };
  return (
    <GroupFrame field={props}>
      <HStack align="start" gap="2">
        {positions.map((position, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tuple's positions are its identity
          <Box key={index} flex="1" minWidth="0">
            <ChildField
              schema={position}
              value={values[index]}
              onChange={change(index)}
              pointer={childPointer(pointer, index)}
              label={t('tuple.position', { index: index + 1 })}
              required
              inList
            />
          </Box>
        ))}
      </HStack>
    </GroupFrame>
  );
}
