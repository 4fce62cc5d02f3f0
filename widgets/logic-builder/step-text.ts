import type { TFunction } from 'i18next';
import type { BuilderNode } from './builder-graph';

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
