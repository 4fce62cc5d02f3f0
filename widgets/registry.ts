import { type LazyExoticComponent, lazy } from 'react';
import type { RegisteredWidget, WidgetRegistry } from '../src/engine/render/widget-registry';
import type { WidgetModule } from '../src/engine/widget-types';

/**
 * The one place where widget names meet code: every widgets/<name>/index.tsx,
 * found by file name and loaded on first use as a chunk of its own. The app
 * hands it to the renderer as `widgetRegistry` (src/app/providers.tsx).
 */
const loaders = import.meta.glob<WidgetModule>('./*/index.tsx');

type LoadWidget = () => Promise<{ default: RegisteredWidget }>;

const loadersByName = new Map<string, LoadWidget>(
  Object.entries(loaders).map(([path, load]) => [
    path.split('/')[1] as string,
    load as unknown as LoadWidget,
  ]),
);
const loadedByName = new Map<string, RegisteredWidget>();
const lazyByName = new Map<string, LazyExoticComponent<RegisteredWidget>>();

export const registeredWidgetNames: readonly string[] = [...loadersByName.keys()].sort();

/**
 * The component for a widget name, or undefined when no widget of that name
 * exists. A preloaded widget renders at once; any other suspends while its
 * chunk loads.
 */
export function widgetComponent(name: string): RegisteredWidget | undefined {
  const loaded = loadedByName.get(name);
  if (loaded) return loaded;
  const load = loadersByName.get(name);
  if (!load) return undefined;
  let component = lazyByName.get(name);
  if (!component) {
    component = lazy(load);
    lazyByName.set(name, component);
  }
  return component;
}

/**
 * Loads the chunks of the named widgets together, before a page renders, so
 * the page appears in one piece instead of widget by widget. A chunk that
 * fails to load is left to the widget's own loading and error card.
 */
export async function preloadWidgets(names: Iterable<string>): Promise<void> {
  await Promise.allSettled(
    [...new Set(names)].map(async (name) => {
      const load = loadersByName.get(name);
      if (!load || loadedByName.has(name)) return;
      loadedByName.set(name, (await load()).default);
    }),
  );
}

/** The widgets above, as the renderer takes them (see WidgetRegistryProvider). */
export const widgetRegistry: WidgetRegistry = {
  names: registeredWidgetNames,
  componentFor: widgetComponent,
  preload: preloadWidgets,
};

/**
 * Where each widget's words are (see widget-text.ts), fetched with the first
 * widget whose words a page asks for: the sign-in page's form speaks the
 * app's own words, and loads without the list.
 */
export const loadWidgetText = async () => (await import('./widget-text')).widgetText;
