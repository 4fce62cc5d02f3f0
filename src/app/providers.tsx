import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { loadWidgetText, widgetRegistry } from '../../widgets/registry';
import { WidgetRegistryProvider } from '../engine/render/widget-registry';
import { addWidgetText } from '../i18n/i18n';
import { system } from '../theme/system';

// The widgets' words come with the widgets, from the same composition root.
addWidgetText(loadWidgetText);

/**
 * Everything a rendered page needs around it; shared by the app, Storybook
 * and tests. Pages that read the API need a data cache too: in the app the
 * signed-in frame brings it (SessionData); tests and Storybook bring their own.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <WidgetRegistryProvider registry={widgetRegistry}>{children}</WidgetRegistryProvider>
    </ChakraProvider>
  );
}
