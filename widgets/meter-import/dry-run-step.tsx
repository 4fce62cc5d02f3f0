import { Alert, Badge, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import { formatValue } from '../shared/format';
import { formatInZone, formatUtc, type ImportMapping } from './mapping';
import { ProblemList } from './problem-list';

/** Step 3: the first rows as they will be stored, the span per data point, and every problem. */
export function DryRunStep({
  result,
  mapping,
  onBack,
  onNext,
}: {
  result: GetDataImportResponse;
  mapping: ImportMapping;
  onBack: () => void;
  onNext: () => void;
}) {
  const zone = mapping.timestamp.timeZone;
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
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Row</Table.ColumnHeader>
                  <Table.ColumnHeader>Data point</Table.ColumnHeader>
                  <Table.ColumnHeader>Local time ({zone})</Table.ColumnHeader>
                  <Table.ColumnHeader>UTC</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
                  <Table.ColumnHeader>Quality</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.preview.map((row) => (
                  <Table.Row key={`${row.row}-${row.dataPointId}`} data-testid="preview-row">
                    <Table.Cell>{row.row}</Table.Cell>
                    <Table.Cell>{row.dataPointName}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatInZone(row.ts, zone)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatUtc(row.ts)}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatValue(row.value, row.unit, undefined)}
                    </Table.Cell>
                    <Table.Cell>
                      {row.estimated ? <Badge colorPalette="orange">estimated</Badge> : 'measured'}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      ) : null}

      {result.dataPoints.length > 0 ? (
        <Stack gap="2">
          <Heading as="h4" size="sm">
            Per data point
          </Heading>
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Data point</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Readings</Table.ColumnHeader>
                  <Table.ColumnHeader>From</Table.ColumnHeader>
                  <Table.ColumnHeader>To</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.dataPoints.map((point) => (
                  <Table.Row key={point.id}>
                    <Table.Cell>{point.name}</Table.Cell>
                    <Table.Cell textAlign="end">{point.rows.toLocaleString()}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatInZone(point.from, zone)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatInZone(point.to, zone)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      ) : null}

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
