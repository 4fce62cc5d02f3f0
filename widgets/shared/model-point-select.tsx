import { NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pointSearchQuery } from '../../src/data/point-search';
import type { ExplorerDataPoint } from '../../src/generated/api-types';
import { Labelled } from './labelled';
import { firstModelPoint, modelPointLabel, modelPoints } from './model-points';

/**
 * The organisation's points a model can be fitted to, and the one picked:
 * the person's pick, else the layout's named point, else the first main
 * electricity meter (model-points.ts).
 */
export function useModelPoint(named: string | undefined, { consumptionOnly }: { consumptionOnly: boolean }) {
  const points = useQuery(pointSearchQuery({}));
  const [picked, setPicked] = useState<number>();
  const choices = modelPoints(points.data ?? [], { consumptionOnly });
  return { points, choices, dataPointId: picked ?? firstModelPoint(choices, named)?.id, pick: setPicked };
}

/** A labelled select of those points, each with its site, as names repeat across sites. */
export function ModelPointSelect({
  label,
  noPoint,
  choices,
  value,
  onChange,
}: {
  label: string;
  /** What the select says while no point is picked. */
  noPoint: string;
  choices: readonly ExplorerDataPoint[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  return (
    <Labelled label={label}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(value ?? '')}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {value === undefined ? <option value="">{noPoint}</option> : null}
          {choices.map((point) => (
            <option key={point.id} value={point.id}>
              {modelPointLabel(point)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Labelled>
  );
}
