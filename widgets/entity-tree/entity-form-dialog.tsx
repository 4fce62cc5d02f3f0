import {
  Alert,
  Button,
  Dialog,
  Field,
  Image,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { type ChangeEvent, useState } from 'react';
import { api } from '../../src/api/endpoints';
import type { EntityTypesResponse, SiteTreeNode } from '../../src/generated/api-types';
import {
  addRequest,
  type EntityFormValues,
  type EntityType,
  type EntityView,
  editEntityForm,
  newEntityForm,
  updateRequest,
} from './entity-form';
import { flattenTree, subtreeIds } from './tree-nodes';

const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const TYPE_LABELS: Record<EntityType, string> = {
  site: 'Site',
  building: 'Building',
  floor: 'Floor',
  zone: 'Zone',
  room: 'Room',
  asset: 'Asset',
};

/** What the dialog is for: a new entity under a parent (none for a site), or changing one. */
export type EntityDialogMode =
  | { kind: 'add'; parent: SiteTreeNode | null }
  | { kind: 'edit'; entity: EntityView };

interface Props {
  mode: EntityDialogMode;
  types: EntityTypesResponse['types'];
  tree: readonly SiteTreeNode[];
  onClose: () => void;
  onSaved: (entityId: number) => void;
}

/** The types that may sit under a parent of this type; only a site at the top. */
function typesUnder(types: Props['types'], parentType: EntityType | null): EntityType[] {
  return types
    .filter((entry) =>
      parentType === null ? entry.parents.length === 0 : entry.parents.includes(parentType),
    )
    .map((entry) => entry.type);
}

function initialValues(mode: EntityDialogMode, types: Props['types']): EntityFormValues {
  if (mode.kind === 'edit') return editEntityForm(mode.entity);
  const [first = 'site'] = typesUnder(types, mode.parent?.type ?? null);
  return newEntityForm(first, mode.parent?.id ?? null);
}

/** Adding or editing an entity (mount it afresh for each use, as its fields start from `mode`): its type and place by the tree's rules, tags, address, location, area, time zone and picture. */
export function EntityFormDialog({ mode, types, tree, onClose, onSaved }: Props) {
  const [values, setValues] = useState(() => initialValues(mode, types));
  const [photo, setPhoto] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const set = (field: keyof EntityFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      const saved =
        mode.kind === 'add'
          ? await api.addEntity(addRequest(values))
          : await api.updateEntity(updateRequest(mode.entity.id, values));
      if (photo) await api.uploadEntityImage(saved.entity.id, photo);
      onSaved(saved.entity.id);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const addableTypes = mode.kind === 'add' ? typesUnder(types, mode.parent?.type ?? null) : [values.type];
  const isSite = values.type === 'site';
  const title =
    mode.kind === 'add'
      ? mode.parent
        ? `Add to ${mode.parent.name}`
        : 'Add a site'
      : `Edit ${mode.entity.name}`;

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root disabled={mode.kind === 'edit'}>
                  <Field.Label>Type</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={values.type} onChange={set('type')}>
                      {addableTypes.map((type) => (
                        <option key={type} value={type}>
                          {TYPE_LABELS[type]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>
                    Name <Field.RequiredIndicator />
                  </Field.Label>
                  <Input value={values.name} onChange={set('name')} maxLength={200} />
                </Field.Root>
                {mode.kind === 'edit' && !isSite ? (
                  <ParentPicker
                    mode={mode}
                    types={types}
                    tree={tree}
                    value={values.parentId}
                    onChange={set('parentId')}
                  />
                ) : null}
                <Field.Root>
                  <Field.Label>Tags</Field.Label>
                  <Input value={values.tags} onChange={set('tags')} placeholder="hvac, metered" />
                  <Field.HelperText>Separate tags with commas.</Field.HelperText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>Address</Field.Label>
                  <Input value={values.address} onChange={set('address')} maxLength={500} />
                </Field.Root>
                <SimpleGrid columns={2} gap="3">
                  <Field.Root>
                    <Field.Label>Latitude</Field.Label>
                    <Input
                      type="number"
                      step="any"
                      min={-90}
                      max={90}
                      value={values.latitude}
                      onChange={set('latitude')}
                    />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Longitude</Field.Label>
                    <Input
                      type="number"
                      step="any"
                      min={-180}
                      max={180}
                      value={values.longitude}
                      onChange={set('longitude')}
                    />
                  </Field.Root>
                </SimpleGrid>
                <Field.Root>
                  <Field.Label>Floor area (m²)</Field.Label>
                  <Input
                    type="number"
                    step="any"
                    min={0}
                    value={values.floorAreaM2}
                    onChange={set('floorAreaM2')}
                  />
                </Field.Root>
                {isSite ? (
                  <Field.Root required>
                    <Field.Label>
                      Time zone <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={values.timeZone} onChange={set('timeZone')}>
                        {TIME_ZONES.map((zone) => (
                          <option key={zone} value={zone}>
                            {zone}
                          </option>
                        ))}
                      </NativeSelect.Field>
                    </NativeSelect.Root>
                    <Field.HelperText>Everything in the site keeps this time.</Field.HelperText>
                  </Field.Root>
                ) : null}
                <Field.Root>
                  <Field.Label>Picture</Field.Label>
                  {mode.kind === 'edit' && mode.entity.image && !photo ? (
                    <Image src={`/files/${mode.entity.image}`} alt="" maxH="24" borderRadius="md" />
                  ) : null}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    aria-label="Picture"
                    onChange={(event) => setPhoto(event.target.files?.[0])}
                  />
                </Field.Root>
                {problem ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{problem}</Alert.Title>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={save} loading={saving} disabled={!values.name.trim()}>
                Save
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Where an entity may move: entities of a type that may hold it, outside its own subtree. */
function ParentPicker({
  mode,
  types,
  tree,
  value,
  onChange,
}: {
  mode: Extract<EntityDialogMode, { kind: 'edit' }>;
  types: Props['types'];
  tree: readonly SiteTreeNode[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const placed = flattenTree(tree);
  const self = placed.find(({ node }) => node.id === mode.entity.id)?.node;
  const excluded = self ? subtreeIds(self) : new Set<number>();
  const allowed = types.find((entry) => entry.type === mode.entity.type)?.parents ?? [];
  const options = placed.filter(({ node }) => allowed.includes(node.type) && !excluded.has(node.id));
  return (
    <Field.Root>
      <Field.Label>Sits in</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={onChange}>
          {options.map(({ node, ancestors }) => (
            <option key={node.id} value={node.id}>
              {[...ancestors, node].map((step) => step.name).join(' › ')}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Field.Root>
  );
}
