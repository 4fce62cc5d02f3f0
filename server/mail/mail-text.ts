/**
 * Text people typed (a name, an organisation's name) made fit to quote in a
 * plain-text mail: control characters and line breaks become spaces, so it
 * cannot add lines of its own (a fake link, a fake signature), runs of space
 * collapse, and it is cut to `max` characters with an ellipsis.
 */
export function quotedInMail(text: string, max: number): string {
  const oneLine = text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
