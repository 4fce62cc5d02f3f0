import type { TFunction } from 'i18next';
import type { BuilderNode, GraphProblemCode } from './builder-graph';

/** A step's options in words, as its card on the canvas shows them. */
export function stepText(
  node: BuilderNode,
  pointName: (id: number | undefined) => string,
  t: TFunction<'logic-builder'>,
): string {
  switch (node.kind) {
    case 'point':
      return node.dataPointId === undefined ? t('summary.noPoint') : pointName(node.dataPointId);
    case 'sum':
    case 'mean':
    case 'for':
      return t(`summary.${node.kind}`, { minutes: node.minutes });
    case 'compare': {
      const value = node.value ?? 0;
      const hysteresis = node.hysteresis ?? 0;
      const clears = node.op === 'below' ? value + hysteresis : value - hysteresis;
      return hysteresis > 0
        ? t(`summary.${node.op ?? 'above'}Clears`, { value, clears })
        : t(`summary.${node.op ?? 'above'}`, { value });
    }
    case 'schedule': {
      const hours = node.activeHours;
      return hours
        ? t('summary.schedule', {
            days: hours.days.map((day) => t(`days.${day}`)).join(' '),
            from: hours.from,
            to: hours.to,
          })
        : '';
    }
    case 'write':
      return node.offValue === null || node.offValue === undefined
        ? t('summary.write', { point: pointName(node.dataPointId), value: node.value })
        : t('summary.writeOff', {
            point: pointName(node.dataPointId),
            value: node.value,
            off: node.offValue,
          });
    case 'publish':
      return t('summary.publish', { topic: node.topic, payload: node.payload });
    case 'check':
      return t('summary.check', { kind: t(`checkKinds.${node.condition.kind}`) });
    default:
      return t(`summary.${node.kind}`);
  }
}

/** What keeps the flow from being saved, in the person's language; the server's own answer as it came. */
export function graphProblemText(problem: GraphProblemCode, t: TFunction<'logic-builder'>): string {
  switch (problem.code) {
    case 'server':
      return problem.message;
    case 'takesNoInput':
    case 'aggregateNeedsPoint':
      return t(`problems.${problem.code}`, { ...problem, kind: t(`kinds.${problem.kind}`) });
    case 'wrongSort':
      return t('problems.wrongSort', {
        ...problem,
        kind: t(`kinds.${problem.kind}`),
        fromKind: t(`kinds.${problem.fromKind}`),
        wanted: t(`sorts.${problem.wanted}`),
        given: t(`sorts.${problem.given}`),
      });
    case 'inputCount':
      return t('problems.inputCount', { ...problem, kind: t(`kinds.${problem.kind}`) });
    default:
      return t(`problems.${problem.code}`, { ...problem });
  }
}
