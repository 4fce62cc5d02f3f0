import { Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { PageSummary } from '../../src/generated/api-types';
import { usePageText } from '../../src/i18n/page-text';
import { DataState } from '../../src/ui/data-state';
import { EmptyNotice } from '../shared/empty-notice';
import { formatDate } from '../shared/format';
import { DeletePageButton } from './delete-page-button';
import { NewPageForm } from './new-page-form';

/**
 * The organisation's own dashboards, each a link to the stored page, with who
 * saved it last and when; below, a new one from a template or blank. The list
 * reloads after a page is made or deleted.
 */
export default function PageList({ data }: WidgetProps<'page-list'>) {
  const { t } = useTranslation('page-list');
  const pageText = usePageText();
  const [version, setVersion] = useState(0);
  const state = useApiData(() => api.dashboard(), `page-list ${version}`);
  const reload = () => setVersion((current) => current + 1);

  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ pages, templates }) => (
          <Stack gap="5">
            {pages.length === 0 ? (
              <EmptyNotice title={t('empty.title')} description={t('empty.description')} />
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('columns.title')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('columns.saved')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {pages.map((page) => (
                      <PageRow
                        key={page.id}
                        page={page}
                        title={pageText(page.template, 'title', page.title) ?? page.title}
                        under={pages.filter((other) => other.parentId === page.id).length}
                        onDeleted={reload}
                      />
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            <NewPageForm templates={templates} />
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}

interface PageRowProps {
  page: PageSummary;
  title: string;
  /** How many pages sit under it: deleting it deletes them too. */
  under: number;
  onDeleted: () => void;
}

function PageRow({ page, title, under, onDeleted }: PageRowProps) {
  const { t } = useTranslation('page-list');
  return (
    <Table.Row>
      <Table.Cell>
        <Link asChild colorPalette="brand" fontWeight="medium">
          <RouterLink to={`/dashboards/${page.id}`}>{title}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        <Text fontSize="sm" color="fg.muted">
          {t('saved', {
            revision: page.revision,
            date: formatDate(page.updatedAt, true),
            name: page.updatedBy ?? t('someoneGone'),
          })}
        </Text>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack justify="flex-end">
          <DeletePageButton page={page} title={title} under={under} onDeleted={onDeleted} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
