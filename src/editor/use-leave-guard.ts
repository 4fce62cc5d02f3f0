import { useEffect } from 'react';

/**
 * Asks before the page is left with unsaved changes: the browser's own question on reload or close, and
 * `confirmLeave` for links inside the app (the app's declarative router has no navigation blocker, so a
 * click on a link is caught before the router sees it). The draft is kept on this device either way.
 */
export function useLeaveGuard(unsaved: boolean, confirmLeave: (href: string) => void): void {
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        link.target === '_blank' ||
        link.origin !== window.location.origin
      )
        return;
      if (link.closest('[data-editor-keeps-links]')) return;
      event.preventDefault();
      event.stopPropagation();
      confirmLeave(link.pathname + link.search + link.hash);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved, confirmLeave]);
}
