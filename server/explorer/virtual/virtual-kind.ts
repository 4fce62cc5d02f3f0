import type { DataPointKind } from '../../db/tables';
import type { ExplorerPoint } from '../explorer-points';
import { formulaInputs } from './formula';
import type { FormulaGraph } from './formula-graph';

/**
 * What a point's values are: a stored point says; a virtual point is
 * consumption per interval when everything it reads is consumption, and an
 * instantaneous value otherwise (a temperature difference, a ratio).
 */
export function pointKind(graph: FormulaGraph, point: ExplorerPoint): DataPointKind {
  const formula = graph.formulaOf(point.id);
  if (!formula) return point.kind;
  const inputs = formulaInputs(formula).map((id) => graph.point(id));
  const consumption = inputs.every((input) => input && pointKind(graph, input) !== 'instantaneous');
  return consumption ? 'interval' : 'instantaneous';
}
