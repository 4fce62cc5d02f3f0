import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DataImportResponse } from '../../src/generated/api-types';
import { formatCount } from './format';

export type ImportProblem = DataImportResponse['problems'][number];

/**
 * Every listed problem of a meter file (row, column, reason) in a scrollable
 * region of its own, with the total when the server listed only the first ones.
 */
export function ProblemList({
  problems,
  total,
  id,
  label,
}: {
  problems: ImportProblem[];
  /** All problems found; the server lists the first 1000. */
  total: number;
  id?: string;
  /** What the problems are of, e.g. "Problems in the file"; "Problems" when not given. */
  label?: string;
}) {
  const { t } = useTranslation('shared');
  const number = formatCount(total);
  const summary =
    total > problems.length
      ? t('problems.summaryPartial', { count: total, number, listed: formatCount(problems.length) })
      : t('problems.summary', { count: total, number });
  return (
    <Stack gap="2" id={id}>
      <Text fontWeight="medium" fontSize="sm">
        {summary}
      </Text>
      <Box
        role="region"
        aria-label={t('problems.region', { label: label ?? t('problems.label'), summary })}
        // Scrollable by keyboard as well as by mouse.
        tabIndex={0}
        maxH="64"
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="20">{t('problems.row')}</Table.ColumnHeader>
              <Table.ColumnHeader width="40">{t('problems.column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('problems.reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {problems.map((problem, index) => (
              // Problems have no id; the same row can have several, so the position is part of the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
              <Table.Row key={index} data-testid="problem">
                <Table.Cell>{problem.row ?? '–'}</Table.Cell>
                <Table.Cell>{problem.column ?? '–'}</Table.Cell>
                <Table.Cell>{problem.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
