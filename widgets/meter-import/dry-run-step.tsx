import { Alert, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import { formatCount } from '../shared/format';
import { ProblemList } from '../shared/problem-list';
import { ScrollRegion } from '../shared/scroll-region';
import { formatInZone } from './mapping';
import { PreviewTable } from './preview-table';
import { RepeatedRowsNotice } from './repeated-rows';

/** Step 3: the first rows as they will be stored, the span per data point, repeated times, and every problem. */
export function DryRunStep({
  result,
  onBack,
  onNext,
}: {
  result: GetDataImportResponse;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('meter-import');
  const nothingToImport = result.rowsValid === 0;
  return (
    <Stack gap="6">
      <Alert.Root status={result.problemsTotal === 0 ? 'success' : nothingToImport ? 'error' : 'warning'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {result.problemsTotal === 0
              ? t('dryRun.allValid', { count: result.rowsTotal, total: formatCount(result.rowsTotal) })
              : t('dryRun.someValid', {
                  count: result.rowsTotal,
                  valid: formatCount(result.rowsValid),
                  total: formatCount(result.rowsTotal),
                  problems: t('dryRun.problemsFound', {
                    count: result.problemsTotal,
                    number: formatCount(result.problemsTotal),
                  }),
                })}
          </Alert.Title>
          <Alert.Description>{t('dryRun.nothingStored')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>

      {result.preview.length > 0 ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            {t('dryRun.previewHeading')}
          </Heading>
          <PreviewTable result={result} />
        </Stack>
      ) : null}

      {result.dataPoints.length > 0 ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            {t('dryRun.perPointHeading')}
          </Heading>
          <ScrollRegion label={t('dryRun.perPointRegion')} borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('dryRun.dataPoint')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('dryRun.readings')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dryRun.from')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dryRun.to')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('perPoint.timeZone')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.dataPoints.map((point) => (
                  <Table.Row key={point.id}>
                    <Table.Cell>{point.name}</Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(point.rows)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatInZone(point.from, point.timeZone)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatInZone(point.to, point.timeZone)}</Table.Cell>
                    <Table.Cell>{point.timeZone}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        </Stack>
      ) : null}

      {result.repeatedInstants ? <RepeatedRowsNotice repeats={result.repeatedInstants} /> : null}

      {result.problemsTotal > 0 ? (
        <ProblemList
          problems={result.problems}
          total={result.problemsTotal}
          label={t('dryRun.problemsLabel')}
        />
      ) : null}

      <HStack justify="space-between" wrap="wrap">
        <Button variant="outline" onClick={onBack}>
          {t('dryRun.back')}
        </Button>
        <Button onClick={onNext} disabled={nothingToImport}>
          {t('dryRun.next')}
        </Button>
      </HStack>
      {nothingToImport ? (
        <Text fontSize="sm" color="fg.muted">
          {t('dryRun.nothingToImport')}
        </Text>
      ) : null}
    </Stack>
  );
}
