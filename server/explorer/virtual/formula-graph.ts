import { fieldError, notFound } from '../../http/api-error';
import type { ExplorerPoint } from '../explorer-points';
import { type Formula, formulaInputs, MAX_NESTING, parseFormula } from './formula';

/** The organisation's points by id, with each virtual point's formula parsed once. */
export class FormulaGraph {
  private readonly points: Map<number, ExplorerPoint>;
  private readonly byName: Map<string, number>;
  private readonly parsed = new Map<number, Formula>();

  constructor(points: readonly ExplorerPoint[]) {
    this.points = new Map(points.map((point) => [point.id, point]));
    this.byName = new Map(points.map((point) => [point.name.toLowerCase(), point.id]));
  }

  point(id: number): ExplorerPoint | undefined {
    return this.points.get(id);
  }

  /** Reads a formula a user wrote: names and ids must be the organisation's points. */
  parse(text: string): Formula {
    const formula = parseFormula(text, (name) => this.byName.get(name.toLowerCase()));
    for (const id of formulaInputs(formula)) {
      if (!this.points.has(id)) throw notFound(`data point #${id}`);
    }
    return formula;
  }

  /** A stored virtual point's formula. */
  formulaOf(id: number): Formula | undefined {
    const point = this.points.get(id);
    if (!point?.formula) return undefined;
    let formula = this.parsed.get(id);
    if (!formula) {
      formula = parseFormula(point.formula, () => undefined);
      this.parsed.set(id, formula);
    }
    return formula;
  }

  /**
   * Refuses a formula for point `id` (undefined for a new point) that would
   * read itself, directly or through other virtual points, or nest deeper
   * than anyone needs; names the way round so it can be fixed.
   */
  checkAcyclic(id: number | undefined, formula: Formula): void {
    const walk = (inputs: number[], path: number[]): void => {
      if (path.length > MAX_NESTING) {
        throw fieldError('/formula', `The formula nests virtual data points more than ${MAX_NESTING} deep.`);
      }
      for (const input of inputs) {
        if (input === id) {
          const names = [...path, input].map((step) => `"${this.points.get(step)?.name ?? step}"`);
          throw fieldError('/formula', `The formula refers to itself: ${names.join(' → ')}.`);
        }
        const inner = this.formulaOf(input);
        if (inner) walk(formulaInputs(inner), [...path, input]);
      }
    };
    walk(formulaInputs(formula), id === undefined ? [] : [id]);
  }
}
