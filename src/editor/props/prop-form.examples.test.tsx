import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../tests/api/answers';
import { useApi } from '../../../tests/api/test-server';
import { childPointer } from '../../engine/validation/issue';
import { fieldId } from './field-ids';
import { isRecord } from './json-schema';
import { everyPropsSchema, ID_PREFIX, renderPropForm } from './render-prop-form.test-helper';

/** Every value in an example, containers and leaves, by pointer. */
function valuesOf(value: unknown, pointer = ''): [string, unknown][] {
  const children = Array.isArray(value)
    ? value.map((item, index) => valuesOf(item, childPointer(pointer, index)))
    : isRecord(value)
      ? Object.entries(value).map(([key, item]) => valuesOf(item, childPointer(pointer, key)))
      : [];
  return [...(pointer === '' ? [] : [[pointer, value] as [string, unknown]]), ...children.flat()];
}

/** A value as its control shows it: a select's chosen value, a switch's state, else the text typed. */
function expectShown(control: HTMLElement, value: unknown, pointer: string): void {
  if (control instanceof HTMLSelectElement) expect(JSON.parse(control.value), pointer).toEqual(value);
  else if (control instanceof HTMLInputElement && control.type === 'checkbox')
    expect(control.checked, pointer).toBe(value);
  else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
    // A number that may be empty shows null as an empty box.
    expect(control.value, pointer).toBe(value === null ? '' : String(value));
  else expect.fail(`${pointer} has no control but a ${control.tagName}`);
}

const examples = everyPropsSchema().flatMap(([name, schema]) =>
  (schema.examples ?? []).map((example, index) => ({ name, schema, example, index })),
);

describe('the props form of every widget', () => {
  it('covers every widget', () => {
    expect(everyPropsSchema().length).toBeGreaterThan(30);
  });

  it.each(examples)(
    '$name example $index shows each value in its own field',
    async ({ schema, example }) => {
      // Widgets that bind data points ask the organisation's list for the pickers' suggestions, and the intents.
      useApi(
        answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }),
        answer('dataPointIntents', { intents: [] }),
      );
      const { container } = await renderPropForm(schema, { value: example as Record<string, unknown> });
      await screen.findAllByRole('group');
      for (const [pointer, value] of valuesOf(example)) {
        const control = container.ownerDocument.getElementById(fieldId(ID_PREFIX, pointer));
        expect(control, `a field for ${pointer}`).not.toBeNull();
        // Lists and groups are fieldsets (a list shown as a box of JSON would fail here); every other value has a control of its own.
        if (Array.isArray(value) || isRecord(value)) {
          expect(control?.querySelector('fieldset'), `${pointer} is a group`).not.toBeNull();
        } else {
          expectShown(control as HTMLElement, value, pointer);
        }
        // A map's entry shows its name beside its value.
        const name = document.getElementById(`${fieldId(ID_PREFIX, pointer)}--name`);
        if (name)
          expect((name as HTMLInputElement).value, `the name of ${pointer}`).toBe(pointer.split('/').pop());
      }
    },
    30_000,
  );
});
