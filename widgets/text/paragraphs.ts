/** Paragraphs have no identity beyond their order, so their position is their id. */
export interface Paragraph {
  id: string;
  text: string;
}

/** Paragraphs are separated by blank lines; single line breaks stay inside their paragraph. */
export function splitParagraphs(body: string): Paragraph[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((text, position) => ({ id: `p${position}`, text }));
}
