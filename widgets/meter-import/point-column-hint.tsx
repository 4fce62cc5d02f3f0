import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('meter-import');
  const index = columns.indexOf(column);
  if (index < 0 || !dataPoints) return <>{t('hint.mustMatch')}</>;
  const known = new Set(dataPoints.map((point) => point.name));
  const unknown = [...new Set(rows.map((row) => (row[index] ?? '').trim()))].filter(
    (name) => name !== '' && !known.has(name),
  );
  if (unknown.length === 0) return <>{t('hint.allMatch')}</>;
  const names = `${unknown.slice(0, 5).join(t('listSeparator'))}${unknown.length > 5 ? '…' : ''}`;
  return <>{t('hint.unknown', { names })}</>;
}
