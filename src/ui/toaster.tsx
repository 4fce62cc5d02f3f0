import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

/** The app's notifications; flows call notify, the shell renders <Toaster />. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });

export const notify = {
  success: (title: string, description?: string) =>
    toaster.create({ type: 'success', title, description, closable: true }),
  warning: (title: string, description?: string) =>
    toaster.create({ type: 'warning', title, description, closable: true }),
  error: (title: string, description?: string) =>
    toaster.create({ type: 'error', title, description, closable: true }),
  info: (title: string, description?: string) =>
    toaster.create({ type: 'info', title, description, closable: true }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
