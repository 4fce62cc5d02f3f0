import { Alert, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import { ScrollRegion } from '../shared/scroll-region';

export type RepeatedRows = NonNullable<GetDataImportResponse['repeatedInstants']>;

/**
 * Rows that give again the time of an earlier row for the same data point:
 * not a problem (the last value is stored), but fewer readings than rows, so
 * the dry run says which rows, as the server found them.
 */
export function RepeatedRowsNotice({ repeats }: { repeats: RepeatedRows }) {
  const { t } = useTranslation('meter-import');
  return (
    <Alert.Root status="info" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap="2">
          <Alert.Title>{t('repeats.title')}</Alert.Title>
          <Alert.Description>
            <Text>{repeats.message}</Text>
          </Alert.Description>
          <ScrollRegion label={t('repeats.region')} borderWidth="1px" borderRadius="md" bg="bg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('repeats.row')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('repeats.sameInstantAs')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {repeats.first.map(({ row, sameInstantAs }) => (
                  <Table.Row key={row} data-testid="repeated-row">
                    <Table.Cell>{row}</Table.Cell>
                    <Table.Cell>{sameInstantAs}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
