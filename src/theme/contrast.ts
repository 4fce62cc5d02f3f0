/** WCAG's minimum contrast for normal text (level AA). */
export const AA_CONTRAST = 4.5;

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function parseHex(hex: string): [number, number, number] | undefined {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance([red, green, blue]: [number, number, number]): number {
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/** WCAG's contrast ratio between two colours (#rrggbb), 1 to 21; 1 when either is not a colour. */
export function contrast(oneHex: string, otherHex: string): number {
  const one = parseHex(oneHex);
  const other = parseHex(otherHex);
  if (!one || !other) return 1;
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Contrast ratio of white text on the colour. */
export function contrastWithWhite(hex: string): number {
  return contrast(hex, '#ffffff');
}

/**
 * The chosen primary colour, darkened just enough for white text on it to be
 * readable (WCAG AA), so any colour picked still gives legible buttons.
 */
export function readableWithWhite(hex: string): string {
  let rgb = parseHex(hex);
  if (!rgb) return hex;
  for (let step = 0; step < 60 && contrastWithWhite(toHex(rgb)) < AA_CONTRAST; step++) {
    rgb = rgb.map((value) => Math.floor(value * 0.96)) as [number, number, number];
  }
  return toHex(rgb);
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}
