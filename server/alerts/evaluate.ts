import type {
  ActiveHours,
  AlertCondition,
  BaselineCondition,
  BudgetCondition,
  ThresholdCondition,
} from '../../src/generated/api-types';
import { isActiveAt } from './active-hours';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** What the evaluator needs of a rule. */
export interface JudgedRule {
  condition: AlertCondition;
  cooldownMinutes: number;
  activeHours: ActiveHours | null;
  /** The site's time zone, which activeHours are read in. */
  timeZone: string;
}

/** A rule's state between readings, stored with the rule (alert_rules.state). */
export interface RuleState {
  alert: 'normal' | 'pending' | 'firing';
  /** When the open alert began: its condition's first reading, or the moment a feed fell silent. */
  since: number | null;
  lastFiredAt: number | null;
  /** The last reading judged: a silent feed is measured from it. */
  lastReadingAt: number | null;
  /** The last reading judged, as judged: a rate of change is measured from it. */
  previous: Reading | null;
}

export const NORMAL: RuleState = {
  alert: 'normal',
  since: null,
  lastFiredAt: null,
  lastReadingAt: null,
  previous: null,
};

/** A change of the rule's open alert. */
export interface Transition {
  at: number;
  to: 'pending' | 'firing' | 'resolved';
  /** The reading that caused it; null for a silence. */
  value: number | null;
}

export interface Reading {
  ts: number;
  value: number;
}

/**
 * What a rule judges of a point's stored readings: each reading's value, or
 * for a cumulative register the use it adds (readings without one, the first
 * of a register or a decided step, left out). Live evaluation and the replay
 * read their rows through it alike.
 */
export function judgedReadings(
  rows: readonly { ts: Date; value: number; delta: number | null }[],
  cumulative: boolean,
): Reading[] {
  return rows.flatMap(({ ts, value, delta }) => {
    const judged = cumulative ? delta : value;
    return judged === null ? [] : [{ ts: ts.getTime(), value: judged }];
  });
}

export interface Judgement {
  state: RuleState;
  transitions: Transition[];
}

/**
 * Judges readings, oldest first and newer than those judged before, from a
 * rule's state (the caller picks them: evaluate-rules.ts by instant): the one evaluator that
 * live evaluation (a batch at a time, as readings are written) and the replay
 * over history (all at once) share, so both find the same firings.
 */
export function judgeReadings(rule: JudgedRule, from: RuleState, readings: readonly Reading[]): Judgement {
  const transitions: Transition[] = [];
  const { condition } = rule;
  let state = from;
  for (const reading of readings) {
    switch (condition.kind) {
      case 'silent':
        state = heard(judgeSilence(rule, state, reading.ts, transitions), reading.ts, transitions);
        break;
      case 'rises':
      case 'falls':
        state = judgeRate(rule, condition, state, reading, transitions);
        break;
      case 'budget':
      case 'baseline':
        // Its readings are the hours' samples (hourly-samples.ts), each at the end of the hour it stands for:
        // judged when that hour is active, over the threshold while the condition holds. An hour outside the
        // active hours changes nothing (a week's budget does not resolve each evening).
        if (isActiveAt(rule.activeHours, rule.timeZone, reading.ts - 1)) {
          const always = { ...rule, activeHours: null };
          state = judgeThreshold(always, sampledThreshold(condition), state, reading, transitions);
        }
        break;
      case 'flaggedStep':
        // Judged on the steps flagged (judgeSteps), not on the readings.
        break;
      case 'above':
      case 'below':
        state = judgeThreshold(rule, condition, state, reading, transitions);
    }
    state = { ...state, lastReadingAt: reading.ts, previous: reading };
  }
  return { state, transitions };
}

/** A step of a register flagged as implausible, and when someone decided how to book it (null while open). */
export interface FlaggedStep {
  /** The step's later reading. */
  at: number;
  used: number;
  decidedAt: number | null;
}

/**
 * Judges a flagged-step rule on steps flagged after those it judged (and,
 * while its alert is open, on those since it opened), oldest first: the
 * alert fires at a step flagged while it is closed (if active and out of
 * its cooldown), and resolves when the last step since is decided, or
 * `now` when they are gone (readings sent again that put them right).
 * Live evaluation and the replay feed it alike, so both find the same firings.
 */
export function judgeSteps(
  rule: JudgedRule,
  from: RuleState,
  steps: readonly FlaggedStep[],
  now: number,
): Judgement {
  const events = steps
    .flatMap((step) => [
      { at: step.at, step, opens: true },
      ...(step.decidedAt === null ? [] : [{ at: Math.max(step.at, step.decidedAt), step, opens: false }]),
    ])
    .sort((a, b) => a.at - b.at || Number(b.opens) - Number(a.opens));
  const transitions: Transition[] = [];
  let state = from;
  let awaiting = 0;
  for (const { at, step, opens } of events) {
    awaiting += opens ? 1 : -1;
    if (opens && state.alert === 'normal') {
      if (!isActiveAt(rule.activeHours, rule.timeZone, at) || coolingDown(rule, state, at)) continue;
      transitions.push({ at, to: 'pending', value: step.used }, { at, to: 'firing', value: step.used });
      state = { ...state, alert: 'firing', since: at, lastFiredAt: at };
    } else if (!opens && awaiting === 0 && state.alert !== 'normal') {
      transitions.push({ at, to: 'resolved', value: null });
      state = { ...state, alert: 'normal', since: null };
    }
  }
  // Open with nothing awaiting a decision: the steps it fired for are gone (readings sent again put them right).
  if (state.alert !== 'normal' && awaiting <= 0) {
    transitions.push({ at: now, to: 'resolved', value: null });
    state = { ...state, alert: 'normal', since: null };
  }
  return { state, transitions };
}

/**
 * Judges a silent-feed rule at a moment with no new reading (the scheduled
 * check): a feed silent for the rule's minutes fires, dated at the moment it
 * fell silent, whenever the check runs.
 */
export function judgeQuiet(rule: JudgedRule, from: RuleState, now: number): Judgement {
  const transitions: Transition[] = [];
  const state = rule.condition.kind === 'silent' ? judgeSilence(rule, from, now, transitions) : from;
  return { state, transitions };
}

/** Fires once per silence that reaches the rule's minutes by `now`, if the rule is active when it does. */
function judgeSilence(rule: JudgedRule, state: RuleState, now: number, transitions: Transition[]): RuleState {
  if (rule.condition.kind !== 'silent' || state.alert !== 'normal' || state.lastReadingAt === null)
    return state;
  const silentAt = state.lastReadingAt + rule.condition.minutes * MINUTE_MS;
  if (silentAt > now) return state;
  // A silence is judged at the moment it began, however often it is checked: one that began outside the
  // active hours or within the cooldown never fires.
  if (!isActiveAt(rule.activeHours, rule.timeZone, silentAt) || coolingDown(rule, state, silentAt))
    return state;
  transitions.push({ at: silentAt, to: 'pending', value: null }, { at: silentAt, to: 'firing', value: null });
  return { ...state, alert: 'firing', since: silentAt, lastFiredAt: silentAt };
}

/** A reading ends a silence. */
function heard(state: RuleState, at: number, transitions: Transition[]): RuleState {
  if (state.alert === 'normal') return state;
  transitions.push({ at, to: 'resolved', value: null });
  return { ...state, alert: 'normal', since: null };
}

/**
 * The threshold a budget's or baseline's hourly samples are judged against:
 * a sample is over it while the condition holds, so those rules take the
 * same course, cooldown and active hours as any other. A budget's alert
 * opens in the hour its period's total passes the limit and resolves in
 * the first hour of the next period.
 */
function sampledThreshold(condition: BudgetCondition | BaselineCondition): ThresholdCondition {
  const value = condition.kind === 'budget' ? condition.limit : condition.percent;
  return { kind: 'above', value, hysteresis: 0, forMinutes: 0 };
}

function judgeThreshold(
  rule: JudgedRule,
  condition: ThresholdCondition,
  state: RuleState,
  reading: Reading,
  transitions: Transition[],
): RuleState {
  const active = isActiveAt(rule.activeHours, rule.timeZone, reading.ts);
  const sign = condition.kind === 'above' ? 1 : -1;
  const beyond = active && sign * (reading.value - condition.value) > 0;
  const cleared = !active || sign * (reading.value - condition.value) <= -condition.hysteresis;
  return judgeHeld(rule, state, reading, { beyond, cleared, forMinutes: condition.forMinutes }, transitions);
}

/**
 * A rate of change, per hour, from the last reading judged to this one: a
 * reading with none before it (a rule's first, or its point's) is no rate.
 */
function judgeRate(
  rule: JudgedRule,
  condition: Extract<AlertCondition, { kind: 'rises' | 'falls' }>,
  state: RuleState,
  reading: Reading,
  transitions: Transition[],
): RuleState {
  const { previous } = state;
  if (previous === null || reading.ts <= previous.ts) return state;
  const perHour = ((reading.value - previous.value) * HOUR_MS) / (reading.ts - previous.ts);
  const sign = condition.kind === 'rises' ? 1 : -1;
  const beyond =
    isActiveAt(rule.activeHours, rule.timeZone, reading.ts) && sign * perHour > condition.perHour;
  return judgeHeld(rule, state, reading, { beyond, cleared: !beyond, forMinutes: 0 }, transitions);
}

/**
 * An alert's course, whatever its condition: it opens when the reading is
 * beyond, fires once that has held for `forMinutes` (outside the cooldown),
 * and resolves when the reading clears.
 */
function judgeHeld(
  rule: JudgedRule,
  state: RuleState,
  reading: Reading,
  { beyond, cleared, forMinutes }: { beyond: boolean; cleared: boolean; forMinutes: number },
  transitions: Transition[],
): RuleState {
  let next = state;
  if (next.alert !== 'normal' && cleared) {
    transitions.push({ at: reading.ts, to: 'resolved', value: reading.value });
    return { ...next, alert: 'normal', since: null };
  }
  if (next.alert === 'normal') {
    if (!beyond) return next;
    transitions.push({ at: reading.ts, to: 'pending', value: reading.value });
    next = { ...next, alert: 'pending', since: reading.ts };
  }
  const heldFor = reading.ts - (next.since ?? reading.ts);
  if (next.alert === 'pending' && heldFor >= forMinutes * MINUTE_MS && !coolingDown(rule, next, reading.ts)) {
    transitions.push({ at: reading.ts, to: 'firing', value: reading.value });
    next = { ...next, alert: 'firing', lastFiredAt: reading.ts };
  }
  return next;
}

function coolingDown(rule: JudgedRule, state: RuleState, at: number): boolean {
  return state.lastFiredAt !== null && at - state.lastFiredAt < rule.cooldownMinutes * MINUTE_MS;
}
