import type { ComponentType } from 'react';
import type { Widget } from '../generated/page-types';

/** Every widget name the schemas define, as a union of string literals. */
export type WidgetName = Widget['name'];

/** The props of the widget called N, as its schema in schemas/widgets/ describes them. */
export type WidgetData<N extends WidgetName> = Extract<Widget, { name: N }>['data'];

export interface WidgetProps<N extends WidgetName> {
  data: WidgetData<N>;
}

export type WidgetComponent<N extends WidgetName> = ComponentType<WidgetProps<N>>;

/** What each widgets/<name>/index.tsx exports by default. */
export interface WidgetModule {
  default: ComponentType<{ data: never }>;
}
