import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';

/** The four languages of spec §9; English is the source every other file is checked against. */
export const LOCALE_NAMES = {
  'en-US': 'English',
  'fr-FR': 'Français',
  'ru-RU': 'Русский',
  'zh-CN': '中文',
} as const;
export type Locale = keyof typeof LOCALE_NAMES;

/** The English strings, in the first script every page loads. */
export const ENGLISH = enUS;

type Strings = () => Promise<ResourceKey>;

/**
 * The shell's other languages, each a chunk of its own fetched when someone
 * chooses it: the sign-in page carried all four, about 15 KB gzipped of words
 * nobody reading it in one language needs.
 */
const SHELL_TEXT = import.meta.glob<ResourceKey>(['./locales/*.json', '!./locales/en-US.json'], {
  import: 'default',
});

/** Each widget's language files, by widget name and locale. */
type WidgetTextFiles = Record<string, Record<string, () => Promise<unknown>>>;

/**
 * Each widget's words live beside it (widgets/<name>/locales/<locale>.json)
 * under the namespace of its folder's name, fetched with the first page that
 * shows the widget. The composition root hands over where they are
 * (addWidgetText), as it hands the renderer its widgets; that list itself is
 * fetched with the first widget namespace asked for.
 */
let widgetTextFiles: () => Promise<WidgetTextFiles> = async () => ({});

/** The shipped layouts' headings and labels by their English wording (see layout-text.ts). */
const LAYOUT_TEXT = import.meta.glob<ResourceKey>('./layout-text/*.json', { import: 'default' });

/**
 * The layout editor's words: src/editor/locales/<locale>.json is the namespace
 * `editor`, and src/editor/<area>/locales/<locale>.json the namespace
 * `editor-<area>`, fetched when the editor opens: nobody reading a dashboard
 * needs them.
 */
const EDITOR_TEXT = import.meta.glob<ResourceKey>('../editor/**/locales/*.json', { import: 'default' });

function editorTextFile(namespace: string, language: string): Strings | undefined {
  const area = namespace.slice('editor-'.length);
  const folder = namespace === 'editor' ? '../editor' : `../editor/${area}`;
  return EDITOR_TEXT[`${folder}/locales/${language}.json`];
}

/** The namespace of the layouts' shipped wording. */
export const LAYOUT_TEXT_NAMESPACE = 'layout-text';

/**
 * The help under each field of the props form: the widget schemas' English
 * descriptions, each translated (src/editor/props/help-text/<locale>.json),
 * by its English wording as layout-text is. English needs no file.
 */
const PROP_HELP = import.meta.glob<ResourceKey>('../editor/props/help-text/*.json', { import: 'default' });

/** The namespace of the props form's help (see PROP_HELP). */
export const PROP_HELP_NAMESPACE = 'prop-help';

/** Takes where each widget's language files are, fetched once, when first wanted. */
export function addWidgetText(files: () => Promise<WidgetTextFiles>): void {
  let fetched: Promise<WidgetTextFiles> | undefined;
  widgetTextFiles = () => {
    fetched ??= files();
    return fetched;
  };
}

/** Whether the pages shown are those whose widgets speak words of their own (wantWidgetWords). */
let widgetWordsWanted = false;

/**
 * The signed-in pages' widgets speak words of their own: fetches where those
 * are now, beside the first page rather than after its first widget asks, and
 * lets each page fetch its widgets' words with their code. The sign-in pages
 * never call it, and load without the list.
 */
export function wantWidgetWords(): void {
  widgetWordsWanted = true;
  void widgetTextFiles();
}

/** The words widgets share (widgets/shared/locales), which most of them read beside their own. */
const SHARED_WIDGET_NAMESPACE = 'shared';

/**
 * Fetches the words of these widgets, and those they share, in the current
 * language, beside the widgets' code. A widget whose words are not there yet
 * suspends when it first renders, and React then holds the page it reveals
 * for up to 300 ms (its Suspense throttle) before the widget may even ask for
 * its data. A file that fails is left to the widget, whose own load says so.
 */
export async function preloadWidgetWords(names: Iterable<string>): Promise<void> {
  // The sign-in pages' widgets speak the shell's words: they load neither the list nor any widget's words.
  if (!widgetWordsWanted) return;
  await i18next.loadNamespaces([...new Set(names), SHARED_WIDGET_NAMESPACE]).catch(() => undefined);
}

/** Every widget namespace handed over, for a test or the gallery to load before it reads English. */
export async function widgetNamespaces(): Promise<string[]> {
  return Object.keys(await widgetTextFiles());
}

async function stringsFor(language: string, namespace: string): Promise<Strings | undefined> {
  if (namespace === 'translation') return SHELL_TEXT[`./locales/${language}.json`];
  if (namespace === LAYOUT_TEXT_NAMESPACE) return LAYOUT_TEXT[`./layout-text/${language}.json`];
  if (namespace === PROP_HELP_NAMESPACE) return PROP_HELP[`../editor/props/help-text/${language}.json`];
  if (namespace === 'editor' || namespace.startsWith('editor-')) return editorTextFile(namespace, language);
  const files = await widgetTextFiles();
  return files[namespace]?.[language] as Strings | undefined;
}

/** Hands i18next a language's strings of a namespace when it first needs them. */
const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    stringsFor(language, namespace)
      .then((load) => (load ? load() : {}))
      .then(
        (strings) => done(null, strings),
        (error: Error) => done(error, null),
      );
  },
};

i18next
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    resources: { 'en-US': { translation: enUS } },
    // The layouts' wording comes with each language; a widget's words come with the widget.
    ns: ['translation', LAYOUT_TEXT_NAMESPACE],
    // The shell's English is bundled; the backend brings the rest.
    partialBundledLanguages: true,
    lng: 'en-US',
    fallbackLng: 'en-US',
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export { i18next };
