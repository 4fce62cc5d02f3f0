import { useEffect, useMemo, useState } from 'react';
import type { LayoutSource, readLayout } from '../load-layout';
import { type ReadLayout, readDocument } from '../validation/check-layout';

/**
 * A layout source read: a document at once, text once its reader is here.
 * Reading text brings jsonc-parser, to say where a syntax error is, which
 * only layouts typed in the playground need: the pages from layouts/ come
 * parsed, and load without it. Undefined while the reader loads.
 */
export function useReadLayout(source: LayoutSource): ReadLayout | undefined {
  const [readText, setReadText] = useState<typeof readLayout>();
  const text = 'text' in source;
  useEffect(() => {
    if (!text || readText) return;
    let current = true;
    import('../load-layout').then((module) => {
      if (current) setReadText(() => module.readLayout);
    });
    return () => {
      current = false;
    };
  }, [text, readText]);
  return useMemo(
    () => ('text' in source ? readText?.(source) : readDocument(source.document)),
    [source, readText],
  );
}
