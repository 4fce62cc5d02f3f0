import { Box, Button, Field, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childPointer } from '../../engine/validation/issue';
import type { FieldProps } from './field-props';
import { ChildField, useFieldId } from './form-context';
import { GroupFrame } from './group-frame';
import { isRecord, mapValueSchema } from './json-schema';
import { freeKey, newValueFor, withKeyRenamed, withProp } from './prop-values';

/**
 * An object of free names and values of one kind (a bar's value per key, a
 * table's row per column): a name and a value per entry, in the written order.
 */
export function MapField(props: FieldProps) {
  const { schema, value, onChange, pointer, label, required } = props;
  const { t } = useTranslation('editor-props');
  const entries = isRecord(value) ? value : {};
  const valueSchema = mapValueSchema(schema) ?? {};
  const setEntries = (next: Record<string, unknown>) =>
    onChange(Object.keys(next).length === 0 && !required ? undefined : next);
  return (
    <GroupFrame field={props}>
      {Object.keys(entries).length === 0 ? <Text color="fg.muted">{t('map.empty')}</Text> : null}
      {Object.entries(entries).map(([key, entry], index) => (
        // By place, not by name: the name is what is being typed, and the input must keep the focus meanwhile.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <HStack key={index} align="start" gap="2">
          <KeyInput
            pointer={childPointer(pointer, key)}
            name={key}
            isTaken={(name) => name in entries}
            onRename={(name) => setEntries(withKeyRenamed(entries, key, name))}
          />
          <Box flex="2" minWidth="0">
            <ChildField
              schema={valueSchema}
              value={entry}
              onChange={(next) => setEntries(withProp(entries, key, next ?? null))}
              pointer={childPointer(pointer, key)}
              label={key}
              required
              inList
            />
          </Box>
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            marginTop="7"
            aria-label={t('map.remove', { name: key })}
            title={t('map.remove', { name: key })}
            onClick={() => setEntries(withProp(entries, key, undefined))}
          >
            ✕
          </IconButton>
        </HStack>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        onClick={() =>
          setEntries({ ...entries, [freeKey(entries, t('map.newName'))]: newValueFor(valueSchema) })
        }
      >
        {t('map.add', { label })}
      </Button>
    </GroupFrame>
  );
}

interface KeyInputProps {
  /** The entry's pointer: the name's input is known by it, beside the value's. */
  pointer: string;
  name: string;
  isTaken(name: string): boolean;
  onRename(name: string): void;
}

/** An entry's name. An empty name or one already used stays in the input with its error, unsaved. */
function KeyInput({ pointer, name, isTaken, onRename }: KeyInputProps) {
  const { t } = useTranslation('editor-props');
  const id = `${useFieldId(pointer)}--name`;
  const [draft, setDraft] = useState<{ text: string; forName: string; error?: string }>();
  const current = draft?.forName === name ? draft : undefined;

  function change(text: string) {
    if (text === '') return setDraft({ text, forName: name, error: t('map.nameEmpty') });
    if (text !== name && isTaken(text)) return setDraft({ text, forName: name, error: t('map.nameTaken') });
    setDraft(undefined);
    onRename(text);
  }

  return (
    <Field.Root id={id} required invalid={Boolean(current?.error)} flex="1" minWidth="0">
      <Field.Label>{t('map.name')}</Field.Label>
      <Input value={current?.text ?? name} onChange={(event) => change(event.currentTarget.value)} />
      {current?.error ? <Field.ErrorText>{current.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
