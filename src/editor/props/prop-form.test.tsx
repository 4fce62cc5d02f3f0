import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer } from '../../../tests/api/answers';
import { useApi } from '../../../tests/api/test-server';
import { propsSchema, renderPropForm } from './render-prop-form.test-helper';

// Widgets that bind data by intent list the intents for their picker (intent-picker.test.tsx): none here.
beforeEach(() => {
  useApi(answer('dataPointIntents', { intents: [] }));
});

/** The error a control points at (aria-errormessage), as a screen reader reads it out. */
function errorOf(control: HTMLElement): string {
  expect(control.getAttribute('aria-invalid'), 'the control is marked invalid').toBe('true');
  const id = control.getAttribute('aria-errormessage');
  return (id && document.getElementById(id)?.textContent) || '';
}

// Forms of many fields render slowly in happy-dom on a busy two-core machine.
describe('a props form', { timeout: 20_000 }, () => {
  it('hands back the whole new object when a text is typed', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('TextProps'), { value: { body: 'Hello' } });
    await user.type(screen.getByLabelText('Heading'), 'Welcome');
    expect(lastChange()).toEqual({ body: 'Hello', heading: 'Welcome' });
  });

  it('removes an optional prop emptied, and keeps a required one as empty text', async () => {
    const user = userEvent.setup();
    const { lastChange, fieldAt } = await renderPropForm(propsSchema('TableProps'), {
      value: { columns: [{ key: 'name', title: 'Data point' }], rows: [], emptyText: 'None' },
    });
    await user.clear(screen.getByLabelText('Text when empty'));
    expect(lastChange()).not.toHaveProperty('emptyText');
    await user.clear(fieldAt('/columns/0/title'));
    expect(lastChange()).toEqual({ columns: [{ key: 'name', title: '' }], rows: [] });
  });

  it('labels props by their names as words and marks the required ones', async () => {
    await renderPropForm(propsSchema('DataExplorerProps'), { value: {} });
    expect(screen.getByLabelText('Panel height')).toBeTruthy();
    expect(screen.getByLabelText('Default resolution')).toBeTruthy();
    const { fieldAt } = await renderPropForm(propsSchema('ImageProps'), { value: {} });
    expect(fieldAt('/src').required).toBe(true);
    expect(fieldAt('/caption').required).toBe(false);
  });

  it('chooses among an enum, offering "not set" with the default for an optional one', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('TextProps'), { value: { body: 'B' } });
    const size = screen.getByLabelText('Size');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not set', 'sm', 'md', 'lg']);
    await user.selectOptions(size, 'lg');
    expect(lastChange()).toEqual({ body: 'B', size: 'lg' });
    await user.selectOptions(size, 'Not set');
    expect(lastChange()).toEqual({ body: 'B' });
  });

  it('names periods in words and says which one applies when none is set', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('TopConsumersProps'), { value: {} });
    const period = screen.getByLabelText('Period');
    expect(within(period).getByRole('option', { selected: true }).textContent).toBe(
      'Not set (default: This month)',
    );
    await user.selectOptions(period, 'Last 7 days');
    expect(lastChange()).toEqual({ period: '7d' });
  });

  it('shows a value an enum does not allow as it is, rather than replacing it', async () => {
    await renderPropForm(propsSchema('TextProps'), { value: { body: 'B', size: 'huge' } });
    expect(within(screen.getByLabelText('Size')).getByRole('option', { selected: true }).textContent).toBe(
      '"huge" (not allowed here)',
    );
  });

  it('asks yes, no or not set for an optional flag, since a widget may read a missing one unlike false', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('DataPointTableProps'), { value: {} });
    const allowAdd = screen.getByLabelText('Allow adding');
    expect(within(allowAdd).getByRole('option', { selected: true }).textContent).toBe(
      'Not set (default: Yes)',
    );
    await user.selectOptions(allowAdd, 'No');
    expect(lastChange()).toEqual({ allowAdd: false });
  });

  it('refuses text that is not a number, keeping it on screen with its error', async () => {
    const user = userEvent.setup();
    const value = { columns: [{ key: 'name', title: 'Name' }], rows: [] };
    const { onChange, lastChange } = await renderPropForm(propsSchema('TableProps'), { value });
    const pageSize = screen.getByLabelText('Page size') as HTMLInputElement;
    await user.type(pageSize, 'abc');
    expect(pageSize.value).toBe('abc');
    expect(errorOf(pageSize)).toContain('Enter a number');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(pageSize);
    await user.type(pageSize, '2.5');
    expect(errorOf(pageSize)).toContain('whole number');
    expect(onChange.mock.calls.every(([props]) => props.pageSize === undefined || props.pageSize === 2)).toBe(
      true,
    );

    await user.clear(pageSize);
    await user.type(pageSize, '25');
    expect(lastChange()).toEqual({ ...value, pageSize: 25 });
    expect(pageSize.getAttribute('aria-invalid')).toBeNull();
  });

  it('reads a decimal comma, and keeps "1." as typed while the props hold 1', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('ProgressProps'), {
      value: { label: 'L', value: 1 },
    });
    const max = screen.getByLabelText('Maximum') as HTMLInputElement;
    await user.type(max, '2,5');
    expect(lastChange()).toEqual({ label: 'L', value: 1, max: 2.5 });
    await user.clear(max);
    await user.type(max, '1.');
    expect(max.value).toBe('1.');
    expect(lastChange()).toEqual({ label: 'L', value: 1, max: 1 });
  });

  it('shows a change made elsewhere (an undo), dropping what was being typed', async () => {
    const user = userEvent.setup();
    const { changeElsewhere } = await renderPropForm(propsSchema('ProgressProps'), {
      value: { label: 'L', value: 1 },
    });
    const value = screen.getByLabelText(/^Value/) as HTMLInputElement;
    await user.clear(value);
    await user.type(value, 'x');
    expect(errorOf(value)).toContain('Enter a number');
    changeElsewhere({ label: 'Undone', value: 7 });
    expect(value.value).toBe('7');
    expect(value.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByLabelText(/^Label/) as HTMLInputElement).value).toBe('Undone');
  });

  it('adds, moves and removes the items of a list of objects, each a group with its heading', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('ListProps'), {
      value: { items: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] },
    });
    expect(screen.getByText('Items 2: B', { selector: 'legend' })).toBeTruthy();

    await user.click(screen.getByLabelText('Move Items 1 down'));
    expect(lastChange()).toEqual({ items: [{ title: 'B' }, { title: 'A' }, { title: 'C' }] });
    // The focus follows the item moved, so pressing again moves it on.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Items 2 down');

    await user.click(screen.getByLabelText('Move Items 3 up'));
    expect(lastChange()).toEqual({ items: [{ title: 'B' }, { title: 'C' }, { title: 'A' }] });

    await user.click(screen.getByLabelText('Remove Items 1'));
    expect(lastChange()).toEqual({ items: [{ title: 'C' }, { title: 'A' }] });

    await user.click(screen.getByText('Add to Items'));
    expect(lastChange()).toEqual({ items: [{ title: 'C' }, { title: 'A' }, {}] });
    expect(screen.getByText('Items 3', { selector: 'legend' })).toBeTruthy();
  });

  it('adds to a list of text and removes an optional list left empty', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('TopConsumersProps'), { value: {} });
    await user.click(screen.getByText('Add to Tags'));
    await user.type(screen.getByLabelText('Tags 1'), 'fiscal');
    expect(lastChange()).toEqual({ tags: ['fiscal'] });
    expect(screen.getByLabelText('Move Tags 1 up').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText('Remove Tags 1'));
    expect(lastChange()).toEqual({});
  });

  it('stops adding at the most items the schema allows', async () => {
    const buttons = Array.from({ length: 12 }, (_, index) => ({ label: `B${index}`, href: '/' }));
    await renderPropForm(propsSchema('ButtonGroupProps'), { value: { buttons } });
    expect(screen.getByText('Add to Buttons').hasAttribute('disabled')).toBe(true);
  });

  it('shows each issue at its field, and problems of the whole at the top', async () => {
    const { fieldAt } = await renderPropForm(propsSchema('TableProps'), {
      value: { columns: [{ key: '', title: 'Name' }], rows: [], extra: 1 },
      issues: [
        { pointer: '/columns/0/key', message: 'must not be empty' },
        { pointer: '/pageSize', message: 'must be >= 1' },
        { pointer: '/extra', message: 'is not a known field here' },
        { pointer: '/sort/key', message: 'is required' },
        { pointer: '', message: 'needs a column per key of the rows' },
        { pointer: '/nowhere/deep', message: 'is odd' },
      ],
    });
    expect(errorOf(fieldAt('/columns/0/key'))).toBe('must not be empty');
    expect(errorOf(fieldAt('/pageSize'))).toBe('must be >= 1');
    // A prop the schema does not name is shown as it is, with its issue, so it can be put right or cleared.
    expect(errorOf(fieldAt('/extra'))).toBe('is not a known field here');
    expect(errorOf(fieldAt('/sort/key'))).toBe('is required');
    const top = screen.getByRole('alert');
    expect(top.textContent).toContain('needs a column per key of the rows');
    expect(top.textContent).toContain('/nowhere/deep: is odd');
    expect(top.textContent).not.toContain('must not be empty');
  });

  it('shows an issue about a list at the list', async () => {
    const { fieldAt } = await renderPropForm(propsSchema('ButtonGroupProps'), {
      value: { buttons: [] },
      issues: [{ pointer: '/buttons', message: 'must have at least 1 item' }],
    });
    expect(within(fieldAt('/buttons')).getByText('must have at least 1 item')).toBeTruthy();
  });

  it('says which props need one of them set', async () => {
    await renderPropForm(propsSchema('ConsumptionChartProps'), { value: {} });
    expect(screen.getByText('Set at least one of Data points or Intent.')).toBeTruthy();
  });

  it('edits a value of several kinds, choosing the kind first', async () => {
    const user = userEvent.setup();
    const { lastChange } = await renderPropForm(propsSchema('StatProps'), {
      value: { label: 'Sites', value: 12 },
    });
    const kind = screen.getByLabelText('Kind of value of Value');
    await user.selectOptions(kind, 'Text');
    expect(lastChange()).toEqual({ label: 'Sites', value: '12' });
    await user.type(screen.getByLabelText(/^Value/), ' sites');
    expect(lastChange()).toEqual({ label: 'Sites', value: '12 sites' });
    await user.selectOptions(kind, 'Empty');
    expect(lastChange()).toEqual({ label: 'Sites', value: null });
  });

  it('renames and changes the entries of a map, keeping their order and never two of one name', async () => {
    const user = userEvent.setup();
    const value = { keys: ['kWh'], bars: [{ label: 'Mon', values: { kWh: 10, gas: 2 } }] };
    const { lastChange, fieldAt } = await renderPropForm(propsSchema('BarChartProps'), { value });
    const valuesNow = () => ((lastChange()?.bars as { values: object }[] | undefined) ?? [])[0]?.values;
    const name = document.getElementById(`${fieldAt('/bars/0/values/kWh').id}--name`) as HTMLInputElement;
    await user.type(name, '2');
    expect(valuesNow()).toEqual({ kWh2: 10, gas: 2 });
    expect(Object.keys(valuesNow() ?? {})).toEqual(['kWh2', 'gas']);

    await user.clear(name);
    expect(errorOf(name)).toBe('A name cannot be empty.');
    expect(valuesNow()).toEqual({ kWh2: 10, gas: 2 });
    await user.type(name, 'gas');
    // "g" and "ga" were names of their own; "gas" is taken, and stays in the box with its error, unsaved.
    expect(name.value).toBe('gas');
    expect(errorOf(name)).toBe('This name is already used here.');
    expect(valuesNow()).toEqual({ ga: 10, gas: 2 });

    await user.clear(fieldAt('/bars/0/values/gas'));
    expect(valuesNow()).toEqual({ ga: 10, gas: null });
  });

  it('gives every control a label and every group a legend', async () => {
    const { container } = await renderPropForm(propsSchema('TableProps'), {
      value: propsSchema('TableProps').examples?.[0] as Record<string, unknown>,
    });
    for (const control of container.querySelectorAll('input:not([type="checkbox"]), select, textarea')) {
      const labelled =
        control.getAttribute('aria-label') ||
        (control.id && container.querySelector(`label[for="${CSS.escape(control.id)}"]`));
      expect(labelled, control.outerHTML).toBeTruthy();
    }
    for (const fieldset of container.querySelectorAll('fieldset')) {
      expect(fieldset.querySelector('legend')?.textContent, fieldset.outerHTML.slice(0, 120)).toBeTruthy();
    }
  });
});
