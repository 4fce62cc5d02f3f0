import type { ComponentType } from 'react';
import { ArrayField } from './array-field';
import { BooleanField } from './boolean-field';
import { DataPointIdPicker } from './data-point-id-picker';
import { DataPointPicker } from './data-point-picker';
import { EnumField } from './enum-field';
import { effectiveKind, type FieldKind } from './field-kind';
import type { FieldProps } from './field-props';
import { IntentPicker } from './intent-picker';
import { JsonField } from './json-field';
import { MapField } from './map-field';
import { NumberField } from './number-field';
import { ObjectField } from './object-field';
import { ScalarUnionField } from './scalar-union-field';
import { StringField } from './string-field';
import { TupleField } from './tuple-field';

const FIELDS: Record<FieldKind, ComponentType<FieldProps>> = {
  dataPoint: DataPointPicker,
  dataPointId: DataPointIdPicker,
  intent: IntentPicker,
  enum: EnumField,
  string: StringField,
  number: NumberField,
  boolean: BooleanField,
  scalarUnion: ScalarUnionField,
  array: ArrayField,
  tuple: TupleField,
  object: ObjectField,
  map: MapField,
  json: JsonField,
};

/** The field for a value, by the kind its schema asks for (see field-kind.ts). */
export function FieldFor(props: FieldProps) {
  const Field = FIELDS[effectiveKind(props.schema, props.value)];
  return <Field {...props} />;
}
