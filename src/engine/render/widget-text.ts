import { useMemo } from 'react';
import { widgetTextFields } from '../../generated/widget-text-fields';
import { useLayoutText } from '../../i18n/layout-text';

/**
 * A widget's props with the words its schema marks ("x-text") read through
 * the shipped-layout dictionary: the same object while neither the props
 * nor the language change, so a widget's effects see stable props.
 */
export function useTranslatedWidgetData(name: string, data: unknown): unknown {
  const text = useLayoutText();
  return useMemo(() => {
    const fields = widgetTextFields[name];
    if (!fields || typeof data !== 'object' || data === null) return data;
    const written = data as Record<string, unknown>;
    const translated = { ...written };
    for (const field of fields) {
      const value = written[field];
      if (typeof value === 'string') translated[field] = text(value);
    }
    return translated;
  }, [name, data, text]);
}
