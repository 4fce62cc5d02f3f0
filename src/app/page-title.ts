import { useEffect } from 'react';

/** The logo text the spec gives as the settings default. */
export const APP_NAME = 'Insights';

/** The browser tab shows the application name followed by the page's title. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${APP_NAME} | ${title}` : APP_NAME;
  }, [title]);
}
