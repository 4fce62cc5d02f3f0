/** Chakra colour palettes for windows by index: solid cells with readable numbers in light and dark. */
const PALETTES = ['blue', 'orange', 'green', 'purple', 'red', 'teal', 'pink', 'yellow', 'cyan', 'gray'];

export function windowPalette(window: number): string {
  return PALETTES[window % PALETTES.length] as string;
}
