import { Button } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useDeleteFloorPlan, useReplaceFloorPlanPicture } from '../../src/data/floor-plans';
import type { FloorPlan } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { PICTURE_TYPES } from './picture-types';

/**
 * What an editor does to a plan as a whole: replace its picture (the floor
 * redrawn; markers and zones stay where they are on it) and, where the plan
 * was chosen from the list (`onDeleted`), delete it.
 */
export function PlanActions({ plan, onDeleted }: { plan: FloorPlan; onDeleted?: () => void }) {
  const canReplace = useCan('floorPlanImage');
  const canDelete = useCan('floorPlanDelete');
  return (
    <>
      {canReplace ? <ReplacePicture plan={plan} /> : null}
      {canDelete && onDeleted ? <DeletePlan plan={plan} onDeleted={onDeleted} /> : null}
    </>
  );
}

function ReplacePicture({ plan }: { plan: FloorPlan }) {
  const { t } = useTranslation('floor-plan');
  const input = useRef<HTMLInputElement>(null);
  const replace = useReplaceFloorPlanPicture();
  const chosen = (file: File | undefined) => {
    if (!file) return;
    replace.mutate(
      { id: plan.id, file },
      {
        onSuccess: () => notify.success(t('picture.replaced', { name: plan.name })),
        onError: (error) => notify.warning(error.message),
        // The same file chosen again after a refusal is a change too.
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES}
        aria-label={t('picture.file', { name: plan.name })}
        hidden
        onChange={(event) => chosen(event.target.files?.[0])}
      />
      <Button size="sm" variant="outline" loading={replace.isPending} onClick={() => input.current?.click()}>
        {t('picture.replace')}
      </Button>
    </>
  );
}

function DeletePlan({ plan, onDeleted }: { plan: FloorPlan; onDeleted: () => void }) {
  const { t } = useTranslation('floor-plan');
  const remove = useDeleteFloorPlan();
  const ask = () => {
    if (!window.confirm(t('delete.question', { name: plan.name }))) return;
    remove.mutate(
      { id: plan.id },
      {
        onSuccess: () => {
          notify.success(t('delete.done', { name: plan.name }));
          onDeleted();
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  return (
    <Button size="sm" variant="outline" colorPalette="red" loading={remove.isPending} onClick={ask}>
      {t('delete.open')}
    </Button>
  );
}
