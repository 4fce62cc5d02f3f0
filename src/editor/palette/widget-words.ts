import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueWidget } from './widget-catalogue';

/** The namespace of the widgets' names and descriptions as the editor shows them (./locales). */
export const WIDGET_WORDS_NAMESPACE = 'editor-palette';

export interface WidgetWords {
  /** What a person calls the widget, in their language: "Consumption chart". */
  title: string;
  /** One sentence on what it shows, in their language. */
  description: string;
}

/**
 * A widget's name and description in the person's language, for the palette,
 * the inspector and the canvas's card labels. Its technical name stays what
 * the JSON says; a widget the words do not know yet (one just added to the
 * registry) falls back to that name and its schema's English description.
 */
export function useWidgetWords(): (name: string) => WidgetWords {
  const { t } = useTranslation(WIDGET_WORDS_NAMESPACE);
  return useCallback(
    (name: string) => ({
      title: t(`widgets.${name}.title`, { defaultValue: name }),
      description: t(`widgets.${name}.description`, {
        defaultValue: catalogueWidget(name)?.description ?? '',
      }),
    }),
    [t],
  );
}
