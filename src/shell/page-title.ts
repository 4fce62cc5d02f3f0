import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { settingsAtom } from '../settings/settings-atoms';

/** The title of the page shown, in the person's language: the tab's, and the breadcrumbs' last word. */
export const pageTitleAtom = atom<string | undefined>(undefined);

/** The browser tab shows the configured logo text followed by the page's title (spec §2). */
export function usePageTitle(title: string | undefined): void {
  const { logo } = useAtomValue(settingsAtom);
  const setPageTitle = useSetAtom(pageTitleAtom);
  useEffect(() => {
    document.title = title ? `${logo} | ${title}` : logo;
    setPageTitle(title);
    // Once this page is gone, its title is no other page's: a page shown next without one of its own
    // must not have the trail end in this one's name.
    return () => setPageTitle((shown) => (shown === title ? undefined : shown));
  }, [logo, title, setPageTitle]);
}
