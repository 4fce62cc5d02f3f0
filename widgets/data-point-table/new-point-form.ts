import type { DataPointIntent, NewDataPoint } from '../../src/generated/api-types';

type Kind = NewDataPoint['kind'];

/** The add-data-point form as typed: text until it is sent. */
export interface NewPointForm {
  name: string;
  entityId: string;
  intent: string;
  unit: string;
  kind: Kind;
  intervalMinutes: string;
  registerMax: string;
}

export function blankForm(intents: readonly DataPointIntent[]): NewPointForm {
  const first = intents[0];
  return {
    name: '',
    entityId: '',
    intent: first?.intent ?? 'electricity',
    unit: first?.defaultUnit ?? 'kWh',
    kind: first?.defaultKind ?? 'cumulative',
    intervalMinutes: '15',
    registerMax: '',
  };
}

/** The kinds the chosen unit allows; any kind for an intent that takes any unit. */
export function kindsFor(intents: readonly DataPointIntent[], form: NewPointForm): Kind[] {
  const intent = intents.find((entry) => entry.intent === form.intent);
  const unit = intent?.units.find((entry) => entry.unit === form.unit);
  if (unit) return unit.kinds;
  return intent?.anyUnit ? ['cumulative', 'interval', 'instantaneous'] : [];
}

/** A new intent brings its usual unit and kind; a new unit keeps the kind if it still fits. */
export function changeForm(
  intents: readonly DataPointIntent[],
  form: NewPointForm,
  field: keyof NewPointForm,
  value: string,
): NewPointForm {
  if (field === 'intent') {
    const intent = intents.find((entry) => entry.intent === value);
    return {
      ...form,
      intent: value,
      unit: intent?.defaultUnit ?? '',
      kind: intent?.defaultKind ?? form.kind,
    };
  }
  const next = { ...form, [field]: value };
  const kinds = kindsFor(intents, next);
  return kinds.length === 0 || kinds.includes(next.kind) ? next : { ...next, kind: kinds[0] as Kind };
}

/** The request for addDataPointsRef; the server checks the rest and says what is wrong. */
export function newPointRequest(form: NewPointForm): NewDataPoint {
  const registerMax =
    form.kind === 'cumulative' && form.registerMax.trim() !== '' ? Number(form.registerMax) : undefined;
  return {
    entityId: Number(form.entityId),
    name: form.name.trim(),
    intent: form.intent as NewDataPoint['intent'],
    unit: form.unit.trim(),
    kind: form.kind,
    intervalMinutes: Number(form.intervalMinutes) || 15,
    ...(registerMax === undefined ? {} : { registerMax }),
  };
}
