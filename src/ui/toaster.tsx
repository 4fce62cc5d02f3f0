import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

/** The app's notifications; flows call notify, the shell renders <Toaster />. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });

type ToastType = 'success' | 'warning' | 'error' | 'info';

/** The toast each flow shows now, by flow. */
const shownByFlow = new Map<string, string>();

/**
 * A toast, closable. A toast of a flow (signing in, registering, ...)
 * replaces the one that flow showed before: after a failed and then a
 * successful try, the person reads only how the last one went.
 */
function show(type: ToastType, title: string, description?: string, { flow }: { flow?: string } = {}) {
  const previous = flow ? shownByFlow.get(flow) : undefined;
  if (previous) toaster.dismiss(previous);
  const id = toaster.create({ type, title, description, closable: true });
  if (flow) shownByFlow.set(flow, id);
  return id;
}

/** Takes down the toast a flow shows, as when the flow has gone well and has nothing to say. */
export function endFlow(flow: string): void {
  const shown = shownByFlow.get(flow);
  if (shown) toaster.dismiss(shown);
  shownByFlow.delete(flow);
}

type Notify = (title: string, description?: string, options?: { flow?: string }) => string;

export const notify: Record<ToastType, Notify> = {
  success: (title, description, options) => show('success', title, description, options),
  warning: (title, description, options) => show('warning', title, description, options),
  error: (title, description, options) => show('error', title, description, options),
  info: (title, description, options) => show('info', title, description, options),
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
