import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { widgetRegistry } from '../../widgets/registry';
import { WidgetRegistryProvider } from '../engine/render/widget-registry';
import { system } from '../theme/system';

/** Everything a rendered page needs around it; shared by the app, Storybook and tests. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <WidgetRegistryProvider registry={widgetRegistry}>{children}</WidgetRegistryProvider>
    </ChakraProvider>
  );
}
