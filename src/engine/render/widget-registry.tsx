import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** A widget's component as the renderer holds it: its props are checked against its schema before it renders. */
export type RegisteredWidget = ComponentType<{ data: unknown }>;

/**
 * Where the renderer finds the component for a widget name. The engine never
 * imports widgets/: whoever renders pages hands it a registry (the app, the
 * gallery and tests pass widgets/registry.ts; a test may pass a few stubs),
 * so the arrow points from the widgets to the engine and never back.
 */
export interface WidgetRegistry {
  /** Every registered name, sorted. */
  readonly names: readonly string[];
  /**
   * The component for a name, or undefined when none is registered. A
   * preloaded widget renders at once; any other suspends while it loads.
   */
  componentFor(name: string): RegisteredWidget | undefined;
  /** Loads the named widgets together, so a page appears in one piece; never rejects. */
  preload(names: Iterable<string>): Promise<void>;
}

const WidgetRegistryContext = createContext<WidgetRegistry | undefined>(undefined);

/** Hands the renderer below it its widgets. */
export function WidgetRegistryProvider({
  registry,
  children,
}: {
  registry: WidgetRegistry;
  children: ReactNode;
}) {
  return <WidgetRegistryContext.Provider value={registry}>{children}</WidgetRegistryContext.Provider>;
}

/** The registry handed down by the nearest WidgetRegistryProvider. */
export function useWidgetRegistry(): WidgetRegistry {
  const registry = useContext(WidgetRegistryContext);
  if (!registry) {
    throw new Error(
      'No widget registry: render pages inside <WidgetRegistryProvider> (src/app/providers.tsx)',
    );
  }
  return registry;
}
