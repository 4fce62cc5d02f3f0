import { Alert, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import { ScrollRegion } from '../shared/scroll-region';
import { formatInZone } from './mapping';
import { PreviewTable } from './preview-table';
import { ProblemList } from './problem-list';
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
  const { t } = useTranslation();
  const nothingToImport = result.rowsValid === 0;
  return (
    <Stack gap="6">
      <Alert.Root status={result.problemsTotal === 0 ? 'success' : nothingToImport ? 'error' : 'warning'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {result.problemsTotal === 0
              ? `All ${count(result.rowsTotal, 'row')} can be imported.`
              : `${result.rowsValid.toLocaleString()} of ${count(result.rowsTotal, 'row')} can be imported; ${count(result.problemsTotal, 'problem')} found.`}
          </Alert.Title>
          <Alert.Description>Nothing has been stored yet.</Alert.Description>
        </Alert.Content>
      </Alert.Root>

      {result.preview.length > 0 ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            First rows as they will be stored
          </Heading>
          <PreviewTable result={result} />
        </Stack>
      ) : null}

      {result.dataPoints.length > 0 ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            Per data point
          </Heading>
          <ScrollRegion label="Data points in the file" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Data point</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Readings</Table.ColumnHeader>
                  <Table.ColumnHeader>From</Table.ColumnHeader>
                  <Table.ColumnHeader>To</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('imports.perPoint.timeZone')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.dataPoints.map((point) => (
                  <Table.Row key={point.id}>
                    <Table.Cell>{point.name}</Table.Cell>
                    <Table.Cell textAlign="end">{point.rows.toLocaleString()}</Table.Cell>
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
        <ProblemList problems={result.problems} total={result.problemsTotal} label="Problems in the file" />
      ) : null}

      <HStack justify="space-between" wrap="wrap">
        <Button variant="outline" onClick={onBack}>
          Change the mapping
        </Button>
        <Button onClick={onNext} disabled={nothingToImport}>
          Continue to import
        </Button>
      </HStack>
      {nothingToImport ? (
        <Text fontSize="sm" color="fg.muted">
          No row can be imported with this mapping; change it or fix the file.
        </Text>
      ) : null}
    </Stack>
  );
}

export function count(value: number, noun: string): string {
  return `${value.toLocaleString()} ${noun}${value === 1 ? '' : 's'}`;
}
