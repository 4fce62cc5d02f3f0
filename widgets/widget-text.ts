/**
 * Each widget's words by widget name and locale (widgets/<name>/locales/<locale>.json),
 * each file loaded when a page first shows the widget in that language.
 */
export const widgetText: Record<string, Record<string, () => Promise<unknown>>> = {};
for (const [path, load] of Object.entries(
  import.meta.glob<unknown>('./*/locales/*.json', { import: 'default' }),
)) {
  const [, widget, , file] = path.split('/') as [string, string, string, string];
  widgetText[widget] ??= {};
  widgetText[widget][file.replace('.json', '')] = load;
}
