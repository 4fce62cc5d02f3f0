import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** Spec §2: a progress bar shows on navigation for about 300 ms. */
export const PROGRESS_MS = 300;

/** A thin bar across the top while the page changes. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [visible, setVisible] = useState(false);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed; it need not read it.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setVisible(true);
  }, [pathname]);
  // Counted from the bar's first frame, not from the navigation: the new page's render can hold back
  // that frame, and a timer started earlier would take the bar away half-seen. A further navigation
  // while it shows starts the count again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path restarts the count.
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), PROGRESS_MS);
    return () => clearTimeout(timer);
  }, [visible, pathname]);
  if (!visible) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('shell.loadingPage')}
      position="fixed"
      top="0"
      left="0"
      h="2px"
      bg="brand.solid"
      zIndex="max"
      css={{ animation: `insights-progress ${PROGRESS_MS}ms ease-out forwards` }}
    />
  );
}
