import { Button, HStack, Input } from '@chakra-ui/react';
import type { FormEvent } from 'react';

/** The name of a view being saved as a new one, or of the open view being renamed. */
export function SaveViewForm({
  renaming,
  name,
  busy,
  onName,
  onSubmit,
  onCancel,
}: {
  renaming: boolean;
  name: string;
  busy: boolean;
  onName: (name: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  return (
    <HStack as="form" gap="2" onSubmit={onSubmit} aria-label={renaming ? 'Rename view' : 'Save view as'}>
      <Input
        size="xs"
        maxW="64"
        autoFocus
        maxLength={200}
        aria-label="Name of the view"
        placeholder="Name of the view"
        value={name}
        onChange={(event) => onName(event.target.value)}
      />
      <Button size="xs" type="submit" loading={busy} disabled={!name.trim()}>
        {renaming ? 'Rename' : 'Save'}
      </Button>
      <Button size="xs" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}
