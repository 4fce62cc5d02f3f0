import { fieldError } from '../../http/api-error';

/** A formula, parsed: numbers, data point references, unary minus and the four operations. */
export type Formula =
  | { type: 'number'; value: number }
  | { type: 'point'; id: number }
  | { type: 'negate'; of: Formula }
  | { type: 'operation'; operator: '+' | '-' | '*' | '/'; left: Formula; right: Formula };

/** Finds a data point's id by its name, or says there is none. */
export type NameLookup = (name: string) => number | undefined;

/** At most this many virtual points deep: enough for any real building, and no request recurses without end. */
export const MAX_NESTING = 10;

/** The longest formula a user may write, in operations: deeper nesting is refused, not recursed into. */
const MAX_DEPTH = 100;

/**
 * Reads a formula such as `[Main meter] - ([Chillers] + [Lighting]) * 0.5`.
 * Data points are named in square brackets or by id as #12. Problems say
 * what and at which character, counting from 1.
 */
export function parseFormula(text: string, idOf: NameLookup): Formula {
  return new Parser(text, idOf).formula();
}

class Parser {
  private at = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly idOf: NameLookup,
  ) {}

  formula(): Formula {
    const result = this.sum();
    this.skipSpaces();
    if (this.at < this.text.length) this.fail(`"${this.text[this.at]}" was not expected`);
    return result;
  }

  private sum(): Formula {
    let left = this.product();
    for (let operator = this.operator('+-'); operator; operator = this.operator('+-')) {
      left = { type: 'operation', operator, left, right: this.product() };
    }
    return left;
  }

  private product(): Formula {
    let left = this.factor();
    for (let operator = this.operator('*/'); operator; operator = this.operator('*/')) {
      left = { type: 'operation', operator, left, right: this.factor() };
    }
    return left;
  }

  private factor(): Formula {
    this.skipSpaces();
    if (++this.depth > MAX_DEPTH) this.fail('the formula is nested too deeply');
    try {
      const char = this.text[this.at];
      if (char === undefined) this.fail('the formula ends where a value was expected');
      if (char === '-' || char === '+') {
        this.at++;
        const of = this.factor();
        return char === '-' ? { type: 'negate', of } : of;
      }
      if (char === '(') {
        const opened = this.at++;
        const inner = this.sum();
        this.skipSpaces();
        if (this.text[this.at] !== ')') this.fail(`the "(" at character ${opened + 1} is never closed`);
        this.at++;
        return inner;
      }
      if (char === '[') return this.namedPoint();
      if (char === '#') return this.numberedPoint();
      if (/[0-9.]/.test(char)) return this.number();
      return this.fail(`"${char}" was not expected; name data points in [square brackets]`);
    } finally {
      this.depth--;
    }
  }

  private namedPoint(): Formula {
    const start = this.at;
    const end = this.text.indexOf(']', start);
    if (end < 0) this.fail('the "[" is never closed');
    const name = this.text.slice(start + 1, end).trim();
    this.at = end + 1;
    const id = this.idOf(name);
    if (id === undefined) this.fail(`there is no data point called "${name}"`, start);
    return { type: 'point', id };
  }

  private numberedPoint(): Formula {
    const start = this.at;
    const digits = /^#(\d{1,9})/.exec(this.text.slice(start));
    if (!digits) this.fail('"#" must be followed by a data point id');
    this.at += digits[0].length;
    return { type: 'point', id: Number(digits[1]) };
  }

  private number(): Formula {
    const match = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(this.text.slice(this.at));
    if (!match) this.fail('a number was expected');
    this.at += match[0].length;
    return { type: 'number', value: Number(match[0]) };
  }

  private operator(among: string): '+' | '-' | '*' | '/' | undefined {
    this.skipSpaces();
    const char = this.text[this.at];
    if (char === undefined || !among.includes(char)) return undefined;
    this.at++;
    return char as '+' | '-' | '*' | '/';
  }

  private skipSpaces(): void {
    while (this.text[this.at] === ' ' || this.text[this.at] === '\t' || this.text[this.at] === '\n')
      this.at++;
  }

  private fail(reason: string, at = this.at): never {
    throw fieldError('/formula', `The formula cannot be read at character ${at + 1}: ${reason}.`);
  }
}

/** The ids a formula reads, each once, in the order they appear. */
export function formulaInputs(formula: Formula): number[] {
  const ids = new Set<number>();
  const visit = (node: Formula): void => {
    if (node.type === 'point') ids.add(node.id);
    else if (node.type === 'negate') visit(node.of);
    else if (node.type === 'operation') {
      visit(node.left);
      visit(node.right);
    }
  };
  visit(formula);
  return [...ids];
}

/**
 * A formula's value for one bucket. A missing input makes the bucket missing
 * (a gap, never a zero); so does a division by zero, which has no value.
 */
export function evaluateFormula(formula: Formula, inputValue: (id: number) => number | null): number | null {
  switch (formula.type) {
    case 'number':
      return formula.value;
    case 'point':
      return inputValue(formula.id);
    case 'negate': {
      const of = evaluateFormula(formula.of, inputValue);
      return of === null ? null : -of;
    }
    case 'operation': {
      const left = evaluateFormula(formula.left, inputValue);
      if (left === null) return null;
      const right = evaluateFormula(formula.right, inputValue);
      if (right === null) return null;
      const result = apply(formula.operator, left, right);
      return Number.isFinite(result) ? result : null;
    }
  }
}

function apply(operator: '+' | '-' | '*' | '/', left: number, right: number): number {
  if (operator === '+') return left + right;
  if (operator === '-') return left - right;
  if (operator === '*') return left * right;
  return right === 0 ? Number.NaN : left / right;
}

/** The formula as users read it: each input by its name in brackets (or #id if the name has a bracket in it). */
export function formulaText(formula: Formula, nameOf: (id: number) => string | undefined): string {
  const text = (node: Formula, parentPrecedence: number): string => {
    switch (node.type) {
      case 'number':
        return String(node.value);
      case 'point': {
        const name = nameOf(node.id);
        return name === undefined || name.includes(']') ? `#${node.id}` : `[${name}]`;
      }
      case 'negate':
        return `-${text(node.of, 3)}`;
      case 'operation': {
        const precedence = node.operator === '+' || node.operator === '-' ? 1 : 2;
        // The right side of - and / binds tighter: a - (b - c) keeps its parentheses.
        const inner = `${text(node.left, precedence)} ${node.operator} ${text(node.right, precedence + 0.5)}`;
        return precedence < parentPrecedence ? `(${inner})` : inner;
      }
    }
  };
  return text(formula, 0);
}
