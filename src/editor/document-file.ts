import { MAX_LAYOUT_BYTES } from '../engine/validation/parse';
import { parseDocument } from './document/parse-document';

/** Offers the document as a .json file named after the page, as the files in layouts/ are written. */
export function exportDocument(document: unknown): void {
  const id = (document as { id?: unknown } | null)?.id;
  const name = `${typeof id === 'string' && id ? id.replaceAll('/', '-') : 'page'}.json`;
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }),
  );
  const link = Object.assign(window.document.createElement('a'), { href: url, download: name });
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type ImportResult =
  | { ok: true; document: unknown }
  | { ok: false; reason: 'tooLarge' | 'notJson'; detail: string };

/** Reads a .json file chosen to import; a file too large or not JSON is refused with the reason. */
export async function importDocument(file: File): Promise<ImportResult> {
  if (file.size > MAX_LAYOUT_BYTES) {
    return { ok: false, reason: 'tooLarge', detail: `${(file.size / 1024 / 1024).toFixed(1)} MB` };
  }
  const parsed = parseDocument(await file.text());
  if (!parsed.ok) return { ok: false, reason: 'notJson', detail: parsed.issues[0]?.message ?? '' };
  return { ok: true, document: parsed.document };
}
