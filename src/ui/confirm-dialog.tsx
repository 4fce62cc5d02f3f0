import { Button, Dialog, Portal } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, and what will not be lost. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Red for what cannot be undone; the brand colour otherwise. */
  tone?: 'brand' | 'red';
  /** Does the work; a thrown error's message is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  /** Told of a failure after it is shown, say to reload what the failure says is out of date. */
  onFailed?: (error: unknown) => void;
  onClose: () => void;
}

/**
 * Asks before an action that changes stored data: the action runs from the
 * dialog, its button busy meanwhile, and a failure is shown in the server's
 * words with the dialog left open, so the person can try again or cancel.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'brand',
  onConfirm,
  onFailed,
  onClose,
}: ConfirmDialogProps) {
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string>();

  const confirm = async () => {
    setWorking(true);
    setProblem(undefined);
    try {
      await onConfirm();
    } catch (error) {
      setProblem((error as Error).message);
      setWorking(false);
      onFailed?.(error);
    }
  };

  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && !working && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              {children}
              <ErrorAlert message={problem} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={working} onClick={onClose}>
                {cancelLabel}
              </Button>
              <Button colorPalette={tone} loading={working} onClick={confirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
