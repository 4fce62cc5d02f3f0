import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { WidgetModule } from '../src/engine/widget-types';

/**
 * The one place where widget names meet code: every widgets/<name>/index.tsx,
 * found by file name and loaded on first use as a chunk of its own.
 */
const loaders = import.meta.glob<WidgetModule>('./*/index.tsx');

type LoadWidget = () => Promise<WidgetModule>;
type LazyWidget = LazyExoticComponent<ComponentType<{ data: unknown }>>;

const loadersByName = new Map<string, LoadWidget>(
  Object.entries(loaders).map(([path, load]) => [path.split('/')[1] as string, load]),
);
const lazyByName = new Map<string, LazyWidget>();

export const registeredWidgetNames: readonly string[] = [...loadersByName.keys()].sort();

/** The component for a widget name, or undefined when no widget of that name exists. */
export function widgetComponent(name: string): LazyWidget | undefined {
  const load = loadersByName.get(name);
  if (!load) return undefined;
  let component = lazyByName.get(name);
  if (!component) {
    component = lazy(load as () => Promise<{ default: ComponentType<{ data: unknown }> }>);
    lazyByName.set(name, component);
  }
  return component;
}
