import { describe, expect, it } from 'vitest';
import { issueDiagnostics } from './issue-diagnostics';

const PAGE = `{
  "title": "Demo",
  "rows": [
    {
      "key": "top",
      "columns": [
        { "key": "left", "span": 5, "cards": [] }
      ]
    }
  ]
}`;

/** What each diagnostic underlines, with its message. */
function marked(text: string, issues: { pointer: string; message: string }[]) {
  return issueDiagnostics(text, issues).map((diagnostic) => ({
    text: text.slice(diagnostic.from, diagnostic.to),
    message: diagnostic.message,
    severity: diagnostic.severity,
  }));
}

describe('issueDiagnostics', () => {
  it('underlines a value on one line whole, with the validator’s message as an error', () => {
    expect(marked(PAGE, [{ pointer: '/rows/0/columns/0/span', message: 'must be one of 3, 4, 6' }])).toEqual([
      { text: '5', message: 'must be one of 3, 4, 6', severity: 'error' },
    ]);
    expect(marked(PAGE, [{ pointer: '/rows/0/columns/0', message: 'x' }])[0]?.text).toBe(
      '{ "key": "left", "span": 5, "cards": [] }',
    );
  });

  it('underlines an object across lines at its key only', () => {
    expect(marked(PAGE, [{ pointer: '/rows/0/columns', message: 'x' }])[0]?.text).toBe('"columns"');
  });

  it('underlines an element across lines, having no key, on its opening line', () => {
    expect(marked(PAGE, [{ pointer: '/rows/0', message: 'x' }])[0]?.text).toBe('{');
    expect(marked(PAGE, [{ pointer: '', message: "must have required property 'id'" }])[0]?.text).toBe('{');
  });

  it('puts an issue about a missing property at the nearest node there is', () => {
    expect(marked(PAGE, [{ pointer: '/rows/0/columns/0/cards/0', message: 'x' }])[0]?.text).toBe('[]');
  });

  it('marks a syntax error where the parser stopped', () => {
    const broken = '{\n  "title": "Demo"\n  "rows": []\n}';
    const [diagnostic] = issueDiagnostics(broken, [
      { pointer: '', message: "not valid JSON: expected ',' between items at line 3, column 3" },
    ]);
    expect(diagnostic?.from).toBe(broken.indexOf('"rows"'));
  });

  it('keeps every issue, in the order of the text', () => {
    const diagnostics = issueDiagnostics(PAGE, [
      { pointer: '/rows/0/columns/0/span', message: 'second' },
      { pointer: '/title', message: 'first' },
      { pointer: '/title', message: 'also first' },
    ]);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual(['first', 'also first', 'second']);
  });
});
