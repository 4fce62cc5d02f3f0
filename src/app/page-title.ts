import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { settingsAtom } from '../settings/settings-atoms';

/** The browser tab shows the configured logo text followed by the page's title (spec §2). */
export function usePageTitle(title: string | undefined): void {
  const { logo } = useAtomValue(settingsAtom);
  useEffect(() => {
    document.title = title ? `${logo} | ${title}` : logo;
  }, [logo, title]);
}
