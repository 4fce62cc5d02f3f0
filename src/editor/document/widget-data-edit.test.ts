import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLayout, readDocument } from '../../engine/validation/check-layout';
import { loadDataValidators } from '../../engine/validation/compiled-validators';
import { catalogue } from '../palette/widget-catalogue';
import { applyPatch } from './apply-patch';
import { withoutProtoKeys } from './patch.test-helper';
import { stillValidAfterDataEdit } from './widget-data-edit';

/** A page of one card per widget of the catalogue, each showing its schema's first example: valid. */
function everyWidgetPage() {
  const widgets = catalogue.filter((widget) => widget.examples.length > 0);
  return {
    schemaVersion: 2,
    id: 'every-widget',
    title: 'Every widget',
    rows: widgets.map((widget, index) => ({
      key: `r${index}`,
      columns: [
        {
          key: 'k',
          span: 12,
          cards: [{ key: 'c', widgets: [{ key: 'w', name: widget.name, data: widget.examples[0] }] }],
        },
      ],
    })),
  };
}

const page = everyWidgetPage();
const pageIssues = (document: unknown) => checkLayout(readDocument(document)).issues;
const dataOf = (row: number) => `/rows/${row}/columns/0/cards/0/widgets/0/data`;

beforeAll(() => loadDataValidators(catalogue.map((widget) => widget.name)));

describe('checking one widget after an edit of its props', () => {
  it('starts from a valid page', () => {
    expect(pageIssues(page)).toEqual([]);
  });

  it('says valid exactly when the whole page checks valid, for any change of one prop (property)', () => {
    const edit = fc.record({
      row: fc.nat({ max: page.rows.length - 1 }),
      prop: fc.oneof(
        fc.constantFrom('label', 'title', 'value', 'unit', 'text', 'items'),
        fc.string({ maxLength: 8 }),
      ),
      value: fc.oneof(fc.jsonValue({ maxDepth: 2 }).map(withoutProtoKeys), fc.string({ maxLength: 400 })),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(edit, ({ row, prop, value, remove }) => {
        const before = (page.rows[row]?.columns[0]?.cards[0]?.widgets[0]?.data ?? {}) as Record<
          string,
          unknown
        >;
        const { [prop]: _dropped, ...without } = before;
        const data = remove ? without : { ...before, [prop]: value };
        const after = applyPatch(page, [{ op: 'replace', path: dataOf(row), value: data }]);
        const valid = pageIssues(after).length === 0;
        expect(stillValidAfterDataEdit(page, after) === true).toBe(valid);
      }),
      { numRuns: 400 },
    );
  });

  it("cannot say after anything but one widget's props changed", () => {
    const titled = applyPatch(page, [{ op: 'replace', path: '/title', value: 'Renamed' }]);
    const cardTitled = applyPatch(page, [{ op: 'add', path: '/rows/0/columns/0/cards/0/title', value: 'A' }]);
    const renamed = applyPatch(page, [
      { op: 'replace', path: '/rows/0/columns/0/cards/0/widgets/0/key', value: 'v' },
    ]);
    const twoWidgets = applyPatch(page, [
      {
        op: 'replace',
        path: `${dataOf(0)}`,
        value: { ...page.rows[0]?.columns[0]?.cards[0]?.widgets[0]?.data },
      },
      {
        op: 'replace',
        path: `${dataOf(1)}`,
        value: { ...page.rows[1]?.columns[0]?.cards[0]?.widgets[0]?.data },
      },
    ]);
    const rowAdded = applyPatch(page, [{ op: 'add', path: '/rows/-', value: page.rows[0] }]);
    for (const after of [titled, cardTitled, renamed, twoWidgets, rowAdded]) {
      expect(stillValidAfterDataEdit(page, after)).toBeUndefined();
    }
    // A copy of the page that is equal but shares nothing is not taken for an edit either.
    expect(stillValidAfterDataEdit(page, structuredClone(page))).toBeUndefined();
  });
});
