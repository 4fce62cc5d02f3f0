import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from './toast-store';

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

// The region's parts (its timers, dismissal and focus handling) are about a twentieth of the sign-in page's
// script, and most first visits show no toast: they load when the page is first used or has something to say.
const ToastRegion = lazy(async () => ({ default: (await import('./toast-region')).ToastRegion }));

const PRESSES = ['pointerdown', 'keydown'] as const;

/**
 * The page's notifications. The region is put in place at the first press of
 * a key or pointer, before the toast that an action may bring, so a screen
 * reader hears the toast said into a region it already knows; a toast that
 * comes first brings the region with it.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopListening = toaster.subscribe(want);
    for (const press of PRESSES) window.addEventListener(press, want, { capture: true });
    return () => {
      stopListening();
      for (const press of PRESSES) window.removeEventListener(press, want, { capture: true });
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
