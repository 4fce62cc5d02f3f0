import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownWidgetNames } from '../src/engine/validation/compiled-validators';
import { catalogue } from './catalogue';
import { registeredWidgetNames, widgetComponent } from './registry';

const widgetsDir = join(process.cwd(), 'widgets');

describe('widget registry', () => {
  it('has a component for every widget schema, and a schema for every component', () => {
    expect(registeredWidgetNames).toEqual(knownWidgetNames);
    expect(catalogue.map((entry) => entry.name)).toEqual(knownWidgetNames);
  });

  it.each(knownWidgetNames)('%s has a test beside its component and at least one example', (name) => {
    const files = readdirSync(join(widgetsDir, name));
    expect(files.some((file) => /\.test\.tsx?$/.test(file))).toBe(true);
    expect(catalogue.find((entry) => entry.name === name)?.examples.length).toBeGreaterThan(0);
  });

  it('has a category from the known list for every widget', () => {
    for (const entry of catalogue) {
      expect(['figures', 'charts', 'data', 'content', 'maps', 'states', 'account'], entry.name).toContain(
        entry.category,
      );
    }
  });

  it('gives one lazy component per name, and none for an unknown name', () => {
    expect(widgetComponent('stat')).toBe(widgetComponent('stat'));
    expect(widgetComponent('sparkline')).toBeUndefined();
    expect(existsSync(join(widgetsDir, 'sparkline'))).toBe(false);
  });
});
