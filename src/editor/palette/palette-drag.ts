import type { NewWidget } from '../document/layout-edits';

/** The drag data type of a widget dragged from the palette; other drags (files, text) are not dropped as widgets. */
export const PALETTE_DRAG_TYPE = 'application/x-insights-widget';

export function paletteDragData(widget: NewWidget): string {
  return JSON.stringify(widget);
}

/** The widget a palette drag carries, or undefined for anything else. */
export function paletteWidget(data: string): NewWidget | undefined {
  try {
    const widget = JSON.parse(data) as Partial<NewWidget>;
    if (typeof widget.name !== 'string' || typeof widget.data !== 'object' || widget.data === null)
      return undefined;
    return { name: widget.name, data: widget.data };
  } catch {
    return undefined;
  }
}
