import { Box, Fieldset, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldProps } from './field-props';
import { useFieldId, useIssuesAt } from './form-context';
import { usePropHelp } from './help-text';
import { RequiredMark } from './required-mark';

interface GroupFrameProps {
  /** The group's own props: where, its label (the legend), whether required, its schema. */
  field: FieldProps;
  children: ReactNode;
}

/**
 * A group of fields under a legend (a nested object, a list, a list's item):
 * a fieldset, so a screen reader names the group with each field in it.
 */
export function GroupFrame({ field, children }: GroupFrameProps) {
  const id = useFieldId(field.pointer);
  const issues = useIssuesAt(field.pointer);
  const help = usePropHelp();
  const { description } = field.schema;
  return (
    // Chakra's fieldset keeps `id` to itself: the group's id (for an issue to scroll to it) is on a box around it.
    <Box id={id} minWidth="0">
      <Fieldset.Root invalid={issues.length > 0} borderWidth="1px" borderRadius="md" padding="3" gap="3">
        <Fieldset.Legend fontWeight="semibold">
          {field.label}
          {field.required && !field.inList ? <RequiredMark /> : null}
        </Fieldset.Legend>
        {description ? <Fieldset.HelperText>{help(description)}</Fieldset.HelperText> : null}
        {issues.length > 0 ? (
          <Fieldset.ErrorText>
            <Stack as="span" gap="0">
              {issues.map((issue) => (
                <span key={issue}>{issue}</span>
              ))}
            </Stack>
          </Fieldset.ErrorText>
        ) : null}
        <Fieldset.Content gap="3">{children}</Fieldset.Content>
      </Fieldset.Root>
    </Box>
  );
}
