import { describe, expect, it } from 'vitest';
import { readCsvRows, sniffCsv } from './csv';
import { ParseProblem } from './problem';

const read = (text: string, delimiter: ',' | ';' | '\t' | '|' = ',') => [...readCsvRows(text, delimiter)];

describe('sniffCsv', () => {
  it('picks the delimiter that is consistent across records', () => {
    expect(sniffCsv('meter,time,value\nm1,2024-01-01T00:00Z,1.5\n')).toEqual({ delimiter: ',' });
    expect(sniffCsv('a\tb\tc\n1\t2\t3\n')).toEqual({ delimiter: '\t' });
    expect(sniffCsv('a|b\n1|2\n')).toEqual({ delimiter: '|' });
  });

  it('prefers semicolon over decimal commas', () => {
    expect(sniffCsv('meter;time;value\nm1;31.03.2024 01:00;1,5\nm1;31.03.2024 01:15;2,25\n')).toEqual({
      delimiter: ';',
    });
    // Without a header both are consistent; the tie goes to the semicolon.
    expect(sniffCsv('31.03.2024 01:00;1,5\n31.03.2024 01:15;2,25\n')).toEqual({ delimiter: ';' });
  });

  it('ignores delimiters inside quotes, including quoted line breaks', () => {
    const text = 'name;value\n"Smith, J; the\nelder";1\n"Doe, A";2\n"Roe, B";3\n';
    expect(sniffCsv(text)).toEqual({ delimiter: ';' });
  });

  it('defaults to comma for single-column or empty files', () => {
    expect(sniffCsv('value\n1\n2\n')).toEqual({ delimiter: ',' });
    expect(sniffCsv('')).toEqual({ delimiter: ',' });
  });

  it('ignores a record cut off by the sample limit', () => {
    const line = 'meter;2024-01-01 00:00;1,5\n';
    const text = line.repeat(Math.ceil((64 * 1024) / line.length) + 10);
    expect(sniffCsv(text)).toEqual({ delimiter: ';' });
  });
});

describe('readCsvRows', () => {
  it('splits plain lines and numbers rows from 1', () => {
    expect(read('a,b,c\n1,2,3\n')).toEqual([
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['1', '2', '3'] },
    ]);
  });

  it('handles LF, CRLF and CR line breaks, and no final line break', () => {
    const expected = [
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', '2'] },
    ];
    expect(read('a,b\n1,2')).toEqual(expected);
    expect(read('a,b\r\n1,2\r\n')).toEqual(expected);
    expect(read('a,b\r1,2\r')).toEqual(expected);
  });

  it('skips blank lines but keeps counting them', () => {
    expect(read('a\n\n\r\nb\n\n')).toEqual([
      { row: 1, cells: ['a'] },
      { row: 4, cells: ['b'] },
    ]);
  });

  it('keeps empty cells', () => {
    expect(read(',x,\n,,\n')).toEqual([
      { row: 1, cells: ['', 'x', ''] },
      { row: 2, cells: ['', '', ''] },
    ]);
  });

  it('reads quoted fields with delimiters and doubled quotes', () => {
    expect(read('"a,b","say ""hi""",""\n')).toEqual([{ row: 1, cells: ['a,b', 'say "hi"', ''] }]);
  });

  it('reports the starting row of a record spanning lines and keeps counting after it', () => {
    const text = 'h1,h2\n"multi\nline\r\nvalue",x\nnext,"q"\r\nlast,1\n';
    expect(read(text)).toEqual([
      { row: 1, cells: ['h1', 'h2'] },
      { row: 2, cells: ['multi\nline\r\nvalue', 'x'] },
      { row: 5, cells: ['next', 'q'] },
      { row: 6, cells: ['last', '1'] },
    ]);
  });

  it('keeps quotes inside unquoted fields and text after a closing quote, as Excel does', () => {
    expect(read('5" pipe,"12"3\n')).toEqual([{ row: 1, cells: ['5" pipe', '123'] }]);
  });

  it('ends a quoted record at the end of the text', () => {
    expect(read('a,"b"')).toEqual([{ row: 1, cells: ['a', 'b'] }]);
  });

  it('uses the given delimiter only', () => {
    expect(read('a;b,c\n"x;y";2\n', ';')).toEqual([
      { row: 1, cells: ['a', 'b,c'] },
      { row: 2, cells: ['x;y', '2'] },
    ]);
    expect(read('a\tb\n', '\t')).toEqual([{ row: 1, cells: ['a', 'b'] }]);
  });

  it('skips a leading BOM', () => {
    expect(read('\uFEFFmeter,value\n')).toEqual([{ row: 1, cells: ['meter', 'value'] }]);
  });

  it('names the row where an unterminated quote starts', () => {
    const rows = readCsvRows('a,b\n1,2\n3,"open\n4,5\n', ',');
    let problem: unknown;
    try {
      for (const _ of rows) {
        // drain
      }
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(ParseProblem);
    expect((problem as ParseProblem).row).toBe(3);
    expect((problem as ParseProblem).reason).toContain('starts on row 3 is never closed');
  });

  it('reads lines after a quoted one on the fast path correctly', () => {
    const lines = ['"q",1', ...Array.from({ length: 100 }, (_, i) => `m${i},${i}`)];
    const rows = read(lines.join('\n'));
    expect(rows).toHaveLength(101);
    expect(rows[100]).toEqual({ row: 101, cells: ['m99', '99'] });
  });

  it('is lazy: a problem later in the file does not stop earlier rows', () => {
    const iterator = readCsvRows('a\n"b\n', ',')[Symbol.iterator]();
    expect(iterator.next().value).toEqual({ row: 1, cells: ['a'] });
    expect(() => iterator.next()).toThrow(ParseProblem);
  });
});
