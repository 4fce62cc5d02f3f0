import { Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { PageSummary } from '../../src/generated/api-types';
import { useStoredPageTitle } from '../../src/i18n/page-text';
import { inTreeOrder } from '../../src/layouts/page-tree';
import { usePageList } from '../../src/layouts/use-page-list';
import { DataState } from '../../src/ui/data-state';
import { EmptyNotice } from '../shared/empty-notice';
import { formatDate } from '../shared/format';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { DeletePageButton } from './delete-page-button';
import { NewPageForm } from './new-page-form';

/**
 * The organisation's own dashboards as a tree (each page under the one it
 * sits under), each a link to the stored page, with who saved it last and
 * when; below, a new one from a template or blank, on its own or under
 * another. The list reloads after a page is deleted.
 */
export default function PageList({ data }: WidgetProps<'page-list'>) {
  const { t } = useTranslation('page-list');
  const titleOf = useStoredPageTitle();
  const state = usePageList();

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
              <Table.ScrollArea borderWidth="1px" rounded="md" css={STACKING_CONTAINER}>
                <Table.Root size="sm" css={STACKED_ROWS_WHEN_NARROW}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('columns.title')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('columns.saved')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {inTreeOrder(pages).map(({ page, depth }) => (
                      <PageRow
                        key={page.id}
                        page={page}
                        depth={depth}
                        title={titleOf(page)}
                        under={pages.filter((other) => other.parentId === page.id).length}
                      />
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            <NewPageForm templates={templates} pages={pages} />
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}

interface PageRowProps {
  page: PageSummary;
  /** How far under a page of its own it sits: 0 for a page of its own. */
  depth: number;
  title: string;
  /** How many pages sit under it: deleting it deletes them too. */
  under: number;
}

function PageRow({ page, depth, title, under }: PageRowProps) {
  const { t } = useTranslation('page-list');
  return (
    <Table.Row>
      <Table.Cell ps={depth === 0 ? undefined : `${1 + depth * 1.5}rem`}>
        {depth > 0 ? (
          <Text as="span" color="fg.muted" aria-hidden="true" me="1.5">
            ↳
          </Text>
        ) : null}
        <Link asChild colorPalette="brand" fontWeight={depth === 0 ? 'semibold' : 'normal'}>
          <RouterLink to={`/dashboards/${page.id}`}>{title}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell data-label={t('columns.saved')}>
        <Text fontSize="sm" color="fg.muted">
          {page.preset
            ? t('savedPreset', { revision: page.revision, date: formatDate(page.updatedAt, true) })
            : t('saved', {
                revision: page.revision,
                date: formatDate(page.updatedAt, true),
                name: page.updatedBy ?? t('someoneGone'),
              })}
        </Text>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack justify="flex-end">
          <DeletePageButton page={page} title={title} under={under} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
