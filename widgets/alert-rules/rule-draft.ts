import type {
  AlertCondition,
  AlertRule,
  BaselineCondition,
  BudgetCondition,
  FlowCondition,
  ThresholdCreateRequest,
} from '../../src/generated/api-types';

/** A rule as its form holds it: text as typed, turned into the API's fields on save. */
export interface RuleDraft {
  /** The saved rule's id; none for a new one. */
  id?: number;
  name: string;
  dataPointId: string;
  kind: AlertCondition['kind'];
  value: string;
  perHour: string;
  hysteresis: string;
  forMinutes: string;
  silentMinutes: string;
  measure: BudgetCondition['measure'];
  period: BudgetCondition['period'];
  limit: string;
  direction: BaselineCondition['direction'];
  percent: string;
  weeks: string;
  against: NonNullable<BaselineCondition['against']>;
  severity: AlertRule['severity'];
  cooldownMinutes: string;
  limitHours: boolean;
  days: number[];
  from: string;
  to: string;
  enabled: boolean;
  /** A rule built in the logic builder: the form keeps its flow as it is and edits the rest. */
  flow: FlowCondition | null;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What a new rule starts from: over a value as soon as it is, warning, always active. */
export const NEW_RULE: RuleDraft = {
  name: '',
  dataPointId: '',
  kind: 'above',
  value: '',
  perHour: '',
  hysteresis: '0',
  forMinutes: '0',
  silentMinutes: '60',
  measure: 'consumption',
  period: 'day',
  limit: '',
  direction: 'above',
  percent: '50',
  weeks: '4',
  against: 'weeksBefore',
  severity: 'warning',
  cooldownMinutes: '0',
  limitHours: false,
  days: [1, 2, 3, 4, 5],
  from: '07:00',
  to: '19:00',
  enabled: true,
  flow: null,
};

export function draftOf(rule: AlertRule): RuleDraft {
  const { condition } = rule;
  return {
    ...NEW_RULE,
    id: rule.id,
    name: rule.name,
    dataPointId: String(rule.dataPointId),
    kind: condition.kind,
    ...conditionDraft(condition),
    severity: rule.severity,
    cooldownMinutes: String(rule.cooldownMinutes),
    limitHours: rule.activeHours !== null,
    ...(rule.activeHours ?? {}),
    enabled: rule.enabled,
  };
}

/** The API's fields of a draft; the form's own checks (required, numbers) have passed. */
export function fieldsOf(draft: RuleDraft): ThresholdCreateRequest {
  return {
    name: draft.name.trim(),
    dataPointId: Number(draft.dataPointId),
    condition: conditionOf(draft),
    severity: draft.severity,
    cooldownMinutes: Number(draft.cooldownMinutes),
    activeHours: draft.limitHours ? { days: [...draft.days].sort(), from: draft.from, to: draft.to } : null,
    enabled: draft.enabled,
  };
}

function conditionDraft(condition: AlertCondition): Partial<RuleDraft> {
  switch (condition.kind) {
    case 'silent':
      return { silentMinutes: String(condition.minutes) };
    case 'flow':
      return { flow: condition };
    case 'rises':
    case 'falls':
      return { perHour: String(condition.perHour) };
    case 'budget':
      return { measure: condition.measure, period: condition.period, limit: String(condition.limit) };
    case 'flaggedStep':
      return {};
    case 'baseline':
      return {
        direction: condition.direction,
        percent: String(condition.percent),
        weeks: String(condition.weeks),
        against: condition.against ?? 'weeksBefore',
      };
    case 'above':
    case 'below':
      return {
        value: String(condition.value),
        hysteresis: String(condition.hysteresis),
        forMinutes: String(condition.forMinutes),
      };
  }
}

function conditionOf(draft: RuleDraft): AlertCondition {
  switch (draft.kind) {
    case 'silent':
      return { kind: 'silent', minutes: Number(draft.silentMinutes) };
    case 'flow':
      return draft.flow as FlowCondition;
    case 'rises':
    case 'falls':
      return { kind: draft.kind, perHour: Number(draft.perHour) };
    case 'budget':
      return { kind: 'budget', measure: draft.measure, period: draft.period, limit: Number(draft.limit) };
    case 'flaggedStep':
      return { kind: 'flaggedStep' };
    case 'baseline':
      return {
        kind: 'baseline',
        direction: draft.direction,
        percent: Number(draft.percent),
        weeks: Number(draft.weeks),
        // Left out for the weeks before, as rules saved before there was a choice say it.
        ...(draft.against === 'keptModel' ? { against: 'keptModel' as const } : {}),
      };
    case 'above':
    case 'below':
      return {
        kind: draft.kind,
        value: Number(draft.value),
        hysteresis: Number(draft.hysteresis),
        forMinutes: Number(draft.forMinutes),
      };
  }
}

/** Whether the condition's fields are filled in enough to judge it: the browser checks the rest on save. */
export function conditionComplete(draft: RuleDraft): boolean {
  const filled = (...texts: string[]) => texts.every((text) => text.trim() !== '');
  switch (draft.kind) {
    case 'silent':
      return Number(draft.silentMinutes) >= 1;
    case 'rises':
    case 'falls':
      return Number(draft.perHour) > 0;
    case 'budget':
      return Number(draft.limit) > 0;
    case 'flaggedStep':
    case 'flow':
      return true;
    case 'baseline':
      return Number(draft.percent) > 0 && filled(draft.weeks);
    case 'above':
    case 'below':
      return filled(draft.value, draft.hysteresis, draft.forMinutes);
  }
}
