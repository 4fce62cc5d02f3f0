import { Badge, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { placeQuery, usePlacesChanged, usePlacesTree } from '../../src/data/places';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { EntityTypesResponse, SiteTreeNode } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { DeleteDialog } from '../shared/delete-dialog';
import { EmptyNotice } from '../shared/empty-notice';
import { formatCount } from '../shared/format';
import { flattenTree, searchTree } from '../shared/tree-nodes';
import { useRefreshOnceLeft } from '../shared/use-refresh-once-left';
import { type EntityDialogMode, EntityFormDialog } from './entity-form-dialog';

interface TreeData {
  sites: SiteTreeNode[];
  types: EntityTypesResponse['types'];
}

/** The organisation's tree, searchable by name or tag; choosing a node opens it; add and edit in a dialog. */
export default function EntityTree({ data }: WidgetProps<'entity-tree'>) {
  const { t } = useTranslation('entity-tree');
  const state = fromQuery<TreeData>(usePlacesTree());
  const placesChanged = usePlacesChanged();
  const client = useQueryClient();
  const navigate = useNavigate();
  const selectedId = Number(useParams().entityId) || null;
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<EntityDialogMode>();
  const [opening, setOpening] = useState(false);
  // A viewer browses the tree; adding and editing are offered only to a role the server lets save them.
  const canAdd = useCan('addEntity');
  const canEdit = useCan('updateEntity');
  const canDelete = useCan('deleteEntity');
  /** The place being deleted, and where to go once it is gone: its parent, or the list of sites. */
  const [deleting, setDeleting] = useState<{ node: SiteTreeNode; after: string }>();
  // The places are read again once the page has left the place deleted, so nothing asks for it again.
  const deletedPlace = useRefreshOnceLeft(selectedId, placesChanged);

  // The form's mutation has had the places asked again by now.
  const saved = (entityId: number) => {
    setDialog(undefined);
    notify.success(t('saved'));
    navigate(`/sites/${entityId}`);
  };
  const deleted = (name: string) => {
    const after = deleting?.after ?? '/sites';
    setDeleting(undefined);
    notify.success(t('shared:delete.deleted', { name }));
    if (deleting) deletedPlace(deleting.node.id);
    navigate(after);
  };
  /**
   * The dialog edits the stored entity, fields the tree does not carry
   * included: the place's query, asked again however fresh its answer, as
   * someone may have changed the place since the page showed it.
   */
  const edit = async (entityId: number) => {
    setOpening(true);
    try {
      setDialog({
        kind: 'edit',
        entity: (await client.fetchQuery({ ...placeQuery(entityId), staleTime: 0 })).entity,
      });
    } catch (error) {
      notify.warning((error as Error).message);
    } finally {
      setOpening(false);
    }
  };

  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ sites }) => {
          if (sites.length === 0) {
            return <NoSites canAdd={canAdd} onAdd={() => setDialog({ kind: 'add', parent: null })} />;
          }
          const placed = flattenTree(sites).find(({ node }) => node.id === selectedId);
          const selected = placed?.node;
          const parent = placed?.ancestors.at(-1);
          const shown = searchTree(sites, query);
          return (
            <Stack gap="3">
              <Input
                type="search"
                aria-label={t('search.label')}
                placeholder={t('search.label')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <PlaceActions
                selected={selected}
                canAdd={canAdd}
                canEdit={canEdit}
                canDelete={canDelete}
                opening={opening}
                onAdd={(under) => setDialog({ kind: 'add', parent: under })}
                onEdit={edit}
                onDelete={(node) => setDeleting({ node, after: parent ? `/sites/${parent.id}` : '/sites' })}
              />
              {shown.length === 0 ? (
                <Text color="fg.muted">{t('search.noMatch', { query: query.trim() })}</Text>
              ) : (
                <Branch nodes={shown} selectedId={selectedId} onSelect={(id) => navigate(`/sites/${id}`)} />
              )}
            </Stack>
          );
        }}
      </DataState>
      {dialog && state.status === 'loaded' ? (
        <EntityFormDialog
          key={dialog.kind === 'edit' ? `edit-${dialog.entity.id}` : `add-${dialog.parent?.id ?? 'top'}`}
          mode={dialog}
          types={state.data.types}
          tree={state.data.sites}
          onClose={() => setDialog(undefined)}
          onSaved={saved}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          key={deleting.node.id}
          target={{ kind: 'entity', id: deleting.node.id }}
          onDeleted={(deletion) => deleted(deletion.name)}
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
    </Stack>
  );
}

/** Add a site, add under the selected node, edit or delete it: each only for a role that may. */
function PlaceActions({
  selected,
  canAdd,
  canEdit,
  canDelete,
  opening,
  onAdd,
  onEdit,
  onDelete,
}: {
  selected: SiteTreeNode | undefined;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The selected node's stored fields are being fetched for editing. */
  opening: boolean;
  onAdd: (parent: SiteTreeNode | null) => void;
  onEdit: (entityId: number) => void;
  onDelete: (node: SiteTreeNode) => void;
}) {
  const { t } = useTranslation('entity-tree');
  if (!canAdd && !canEdit) return null;
  return (
    <HStack wrap="wrap">
      {canAdd ? (
        <Button size="sm" onClick={() => onAdd(null)}>
          {t('actions.addSite')}
        </Button>
      ) : null}
      {canAdd && selected && selected.type !== 'asset' ? (
        <Button size="sm" variant="outline" onClick={() => onAdd(selected)}>
          {t('actions.addTo', { name: selected.name })}
        </Button>
      ) : null}
      {canEdit && selected ? (
        <Button size="sm" variant="outline" loading={opening} onClick={() => onEdit(selected.id)}>
          {t('actions.edit', { name: selected.name })}
        </Button>
      ) : null}
      {canDelete && selected ? (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(selected)}>
          {t('actions.delete', { name: selected.name })}
        </Button>
      ) : null}
    </HStack>
  );
}

/** An empty organisation is told so, and offered its first site; a role that may not add one is told whom to ask. */
function NoSites({ canAdd, onAdd }: { canAdd: boolean; onAdd: () => void }) {
  const { t } = useTranslation('entity-tree');
  return (
    <EmptyNotice
      role="status"
      title={t('empty.title')}
      description={t(canAdd ? 'empty.editor' : 'empty.viewer')}
    >
      {canAdd ? (
        <Button size="sm" colorPalette="brand" onClick={onAdd}>
          {t('empty.action')}
        </Button>
      ) : null}
    </EmptyNotice>
  );
}

/** One level of the tree, nested lists all the way down. */
function Branch({
  nodes,
  selectedId,
  onSelect,
}: {
  nodes: readonly SiteTreeNode[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('entity-tree');
  return (
    <Stack as="ul" gap="1" listStyleType="none" ps="0">
      {nodes.map((node) => (
        <li key={node.id}>
          <Button
            variant={node.id === selectedId ? 'subtle' : 'ghost'}
            size="sm"
            justifyContent="start"
            w="full"
            aria-current={node.id === selectedId ? 'page' : undefined}
            onClick={() => onSelect(node.id)}
          >
            <Text as="span" truncate>
              {node.name}
            </Text>
            <Badge size="sm" variant="outline">
              {t(`typeNames.${node.type}`)}
            </Badge>
            {node.dataPointCount > 0 ? (
              <Badge size="sm" colorPalette="brand" title={t('dataPoints')}>
                {formatCount(node.dataPointCount)}
              </Badge>
            ) : null}
          </Button>
          {node.children.length > 0 ? (
            <Stack ps="4">
              <Branch nodes={node.children} selectedId={selectedId} onSelect={onSelect} />
            </Stack>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}
