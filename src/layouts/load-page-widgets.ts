import type { WidgetRegistry } from '../engine/render/widget-registry';
import { loadDataValidators } from '../engine/validation/compiled-validators';
import { widgetNamesIn } from '../engine/widget-names';
import { preloadWidgetWords } from '../i18n/i18n';

/**
 * Loads what a page document's widgets need before the page is shown: their
 * code (through the registry the renderer is handed), their words and their
 * data validators, so the page renders in one piece and each widget asks for
 * its data at once.
 */
export async function loadPageWidgets(registry: WidgetRegistry, document: unknown): Promise<void> {
  const names = widgetNamesIn(document);
  await Promise.all([registry.preload(names), loadDataValidators(names), preloadWidgetWords(names)]);
}
