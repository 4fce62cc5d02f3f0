import type { DataPoint } from '../../src/generated/api-types';

/** The sample's data point names that match no data point yet: those rows will be problems. */
export function PointColumnHint({
  column,
  columns,
  rows,
  dataPoints,
}: {
  column: string;
  columns: string[];
  rows: string[][];
  dataPoints: DataPoint[] | undefined;
}) {
  const index = columns.indexOf(column);
  if (index < 0) return <>Each row's text must be a data point's name.</>;
  if (!dataPoints) return <>Each row's text must be a data point's name.</>;
  const names = new Set(dataPoints.map((point) => point.name));
  const unknown = [...new Set(rows.map((row) => (row[index] ?? '').trim()))].filter(
    (name) => name !== '' && !names.has(name),
  );
  if (unknown.length === 0)
    return <>Each row's text must be a data point's name; the first rows all match.</>;
  return (
    <>
      Not a data point yet: {unknown.slice(0, 5).join(', ')}
      {unknown.length > 5 ? '…' : ''}. Add them under Data Feeds, or those rows will be listed as problems.
    </>
  );
}
