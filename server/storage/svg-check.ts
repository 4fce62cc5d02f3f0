import { ApiError } from '../http/api-error';

/**
 * What an uploaded SVG may not hold. SVG is a document, not a picture: it
 * can carry script, event handlers, HTML, and references that make whoever
 * draws it fetch other files. A plan's SVG is drawn into a raster picture
 * on the server (images.ts), so nothing in it reaches a browser; these are
 * refused besides, so the drawing library is never asked to load anything.
 */
const REFUSED: { pattern: RegExp; what: string }[] = [
  { pattern: /<\s*script\b/i, what: 'a script' },
  { pattern: /\son[a-z]+\s*=/i, what: 'an event handler (on…=)' },
  { pattern: /<\s*foreignObject\b/i, what: 'HTML inside a foreignObject' },
  { pattern: /<\s*(iframe|embed|object|audio|video)\b/i, what: 'an embedded document or media' },
  { pattern: /<!\s*(DOCTYPE|ENTITY)\b/i, what: 'a DOCTYPE or entity declaration' },
  { pattern: /<\?xml-stylesheet\b/i, what: 'an external style sheet' },
  { pattern: /@import\b/i, what: 'a style sheet import' },
  { pattern: /javascript:/i, what: 'a javascript: address' },
];

/** href, xlink:href and url(…) may point inside the drawing (#id) or hold a raster picture inline, nothing else. */
const REFERENCE = /(?:\bhref\s*=\s*["']([^"']*)["']|url\(\s*["']?([^"')]*)["']?\s*\))/gi;
const INSIDE = /^(#|data:image\/(png|jpeg|gif|webp);base64,)/i;

/** Refuses an SVG with script, HTML or a reference to anything outside it, saying which it found. */
export function checkSvg(text: string): void {
  const found = REFUSED.find(({ pattern }) => pattern.test(text));
  if (found) throw refused(found.what);
  for (const match of text.matchAll(REFERENCE)) {
    const target = (match[1] ?? match[2] ?? '').trim();
    if (!INSIDE.test(target)) throw refused(`a reference to "${target.slice(0, 80)}"`);
  }
}

function refused(what: string): ApiError {
  return new ApiError(
    415,
    `The SVG holds ${what}. A floor plan's SVG may only draw: save it again without scripts, HTML or references to other files, or upload it as PNG or JPEG.`,
  );
}
