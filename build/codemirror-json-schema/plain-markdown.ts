/**
 * Stands in for codemirror-json-schema's markdown renderer (markdown-it with shiki highlighting: about 120 KB
 * gzipped on the editor's first load, and grammars fetched after it). Our schemas' descriptions are plain
 * sentences, so hover and completion show them as escaped text.
 */
export function renderMarkdown(markdown: string): string {
  return String(markdown).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
