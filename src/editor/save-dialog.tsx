import { Button, CloseButton, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SaveDialogProps {
  open: boolean;
  onClose(): void;
  onSave(message: string | undefined): void;
  saving: boolean;
  /** What went wrong with the last try, in the person's language. */
  error: string | undefined;
  /** Whether the save keeps a history to say what changed in; a report's layout has none. */
  withMessage: boolean;
}

/** Saving asks what changed, for the history (where there is one); the message may be left empty. */
export function SaveDialog({ open, onClose, onSave, saving, error, withMessage }: SaveDialogProps) {
  const { t } = useTranslation('editor');
  const [message, setMessage] = useState('');
  const messageInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave((withMessage && message.trim()) || undefined);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open }) => (open ? undefined : onClose())}
      initialFocusEl={() => (withMessage ? messageInput.current : null)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={submit} data-testid="save-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('save.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root hidden={!withMessage}>
                <Field.Label>{t('save.message')}</Field.Label>
                <Input
                  ref={messageInput}
                  maxLength={500}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  placeholder={t('save.placeholder')}
                />
                <Field.HelperText>{t('save.help')}</Field.HelperText>
              </Field.Root>
              {error ? (
                <Text color="fg.error" role="alert" mt="3">
                  {error}
                </Text>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('save.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('save.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
