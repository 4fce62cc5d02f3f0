import { Button, HStack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

interface SaveActionsProps {
  /** Back to the page; left out where there is no page to go back to. */
  onDone?: () => void;
  onSave(): void;
  /** Nothing to save, or the page has issues. */
  disabled: boolean;
  /** The page has issues: the button says why it cannot save. */
  blocked: boolean;
}

/** Done and Save… at the end of the editor's bar. */
export function SaveActions({ onDone, onSave, disabled, blocked }: SaveActionsProps) {
  return (
    <HStack gap="2">
      {onDone ? <DoneButton onDone={onDone} /> : null}
      <SaveButton onSave={onSave} disabled={disabled} blocked={blocked} />
    </HStack>
  );
}

/** Memoised: saving or not, Done stays as it is. */
const DoneButton = memo(function DoneButton({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('editor');
  return (
    <Button size="sm" variant="ghost" onClick={onDone}>
      {t('toolbar.done')}
    </Button>
  );
});

function SaveButton({ onSave, disabled, blocked }: Omit<SaveActionsProps, 'onDone'>) {
  const { t } = useTranslation('editor');
  return (
    <Button
      size="sm"
      onClick={onSave}
      disabled={disabled}
      title={blocked ? t('save.blocked') : undefined}
      data-testid="save-button"
      // Enabled and disabled at once, without the recipe's fade: typing that takes the page back to what is saved
      // and on again would start a fade, and a compositor layer for it, on every keystroke.
      transition="none"
    >
      {t('toolbar.save')}
    </Button>
  );
}
