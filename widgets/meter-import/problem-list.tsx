import { Box, Stack, Table, Text } from '@chakra-ui/react';
import type { DataImportResponse } from '../../src/generated/api-types';

export type ImportProblem = DataImportResponse['problems'][number];

/**
 * Every listed problem of a meter file (row, column, reason) in a scrollable
 * region of its own, with the total when the server listed only the first ones.
 */
export function ProblemList({
  problems,
  total,
  id,
  label = 'Problems',
}: {
  problems: ImportProblem[];
  /** All problems found; the server lists the first 1000. */
  total: number;
  id?: string;
  label?: string;
}) {
  const summary =
    total === 1
      ? '1 problem'
      : `${total.toLocaleString()} problems${total > problems.length ? `; the first ${problems.length.toLocaleString()} are listed` : ''}`;
  return (
    <Stack gap="2" id={id}>
      <Text fontWeight="medium" fontSize="sm">
        {summary}
      </Text>
      <Box
        role="region"
        aria-label={`${label}: ${summary}`}
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
              <Table.ColumnHeader width="20">Row</Table.ColumnHeader>
              <Table.ColumnHeader width="40">Column</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
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
