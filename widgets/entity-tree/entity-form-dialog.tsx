import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import type { SiteTreeNode } from '../../src/generated/api-types';
import { ErrorAlert } from '../../src/ui/error-alert';
import { isTimeZone } from '../../src/ui/time-zones';
import { dialogTitle, type EntityDialogMode, type EntityTypeRules } from './entity-dialog-mode';
import { EntityIdentityFields } from './entity-identity-fields';
import { EntityPictureField } from './entity-picture-field';
import { EntityPlaceFields } from './entity-place-fields';
import { useEntityForm } from './use-entity-form';

export type { EntityDialogMode } from './entity-dialog-mode';

interface Props {
  mode: EntityDialogMode;
  types: EntityTypeRules;
  tree: readonly SiteTreeNode[];
  onClose: () => void;
  onSaved: (entityId: number) => void;
}

/** Adding or editing an entity (mount it afresh for each use, as its fields start from `mode`): its type and place by the tree's rules, tags, address, location, area, time zone and picture. */
export function EntityFormDialog({ mode, types, tree, onClose, onSaved }: Props) {
  const { t } = useTranslation('entity-tree');
  const { values, set, photo, setPhoto, problem, saving, save } = useEntityForm({ mode, types, onSaved });
  // The picture is uploaded apart from the entity: it is asked for only where that upload is allowed.
  const canUploadPicture = useCan('uploadEntityImage');

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{dialogTitle(mode, t)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <EntityIdentityFields mode={mode} types={types} tree={tree} values={values} set={set} />
                <EntityPlaceFields values={values} set={set} />
                {canUploadPicture ? (
                  <EntityPictureField
                    storedImage={mode.kind === 'edit' ? mode.entity.image : undefined}
                    photo={photo}
                    onPhoto={setPhoto}
                  />
                ) : null}
                <ErrorAlert message={problem} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                onClick={save}
                loading={saving}
                disabled={!values.name.trim() || (values.type === 'site' && !isTimeZone(values.timeZone))}
              >
                {t('dialog.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
