import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { contrast } from './contrast';
import { system } from './system';

/** Every name the app imports from @chakra-ui/react, in src/ and widgets/. */
function chakraImports(): string[] {
  const names = new Set<string>();
  const files = ['src', 'widgets'].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(folder, file)),
  );
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const [, list] of source.matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g,
    )) {
      for (const entry of (list ?? '').split(',')) {
        const name = entry
          .replace(/\btype\b/, '')
          .split(' as ')[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** The recipe key Chakra styles a component by: IconButton and CloseButton are buttons. */
const recipeKey = (component: string) =>
  ({ IconButton: 'button', CloseButton: 'button' })[component] ??
  component.charAt(0).toLowerCase() + component.slice(1);

describe('the app theme', () => {
  it("styles every Chakra component the app uses, as Chakra's full theme would", () => {
    const unstyled = chakraImports()
      .map(recipeKey)
      .filter((key) => defaultSystem.hasRecipe(key) && !system.hasRecipe(key));
    expect(unstyled).toEqual([]);
  });

  it('keeps out the recipes of components the app does not use', () => {
    expect(system.hasRecipe('datePicker')).toBe(false);
    expect(system.hasRecipe('colorPicker')).toBe(false);
  });
});

/** A colour token's value in the light or the dark theme, references to palette colours resolved. */
function colourIn(mode: 'light' | 'dark', name: string): string {
  const token = system.tokens.getByName(`colors.${name}`);
  const conditions = (token?.extensions.conditions ?? {}) as Record<string, string>;
  const value = mode === 'dark' ? conditions._dark : (conditions._light ?? conditions.base);
  const reference = /^\{colors\.(.+)\}$/.exec(value ?? '');
  return reference?.[1] ? String(system.tokens.getByName(`colors.${reference[1]}`)?.value) : String(value);
}

describe("the heatmap's scale", () => {
  it.each(['light', 'dark'] as const)(
    'runs from close to the page to far from it in the %s theme, so more always stands out',
    (mode) => {
      const page = colourIn(mode, 'bg');
      const low = contrast(colourIn(mode, 'heat.low'), page);
      const high = contrast(colourIn(mode, 'heat.high'), page);
      expect(low).toBeLessThan(1.5);
      // WCAG's minimum for graphics against what surrounds them.
      expect(high).toBeGreaterThanOrEqual(3);
    },
  );
});
