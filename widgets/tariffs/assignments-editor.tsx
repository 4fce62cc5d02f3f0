import { Badge, Checkbox, CloseButton, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TariffAssignment } from '../../src/generated/api-types';
import { assignmentLabel, type Place } from './places';

/**
 * Where the tariff applies: the whole organisation, and places that take it
 * (with everything under them) over a tariff assigned above them.
 */
export function AssignmentsEditor({
  assignments,
  places,
  readOnly,
  onChange,
}: {
  assignments: TariffAssignment[];
  places: Place[];
  readOnly: boolean;
  onChange: (assignments: TariffAssignment[]) => void;
}) {
  const { t } = useTranslation('tariffs');
  const words = useAssignmentWords();
  const organisationWide = assignments.some((assignment) => assignment.kind === 'organisation');
  const below = assignments.filter((assignment) => assignment.kind !== 'organisation');
  const chosen = new Set(
    below.flatMap((assignment) => (assignment.kind === 'entity' ? [assignment.id] : [])),
  );
  return (
    <Stack gap="3">
      <Checkbox.Root
        checked={organisationWide}
        disabled={readOnly}
        onCheckedChange={(details) =>
          onChange(details.checked === true ? [{ kind: 'organisation' }, ...below] : below)
        }
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('assignments.organisation')}</Checkbox.Label>
      </Checkbox.Root>
      <HStack gap="2" wrap="wrap" aria-label={t('assignments.places')} role="list">
        {below.map((assignment) => (
          <Badge key={`${assignment.kind}:${assignment.id}`} size="lg" variant="subtle" role="listitem">
            {assignmentLabel(assignment, places, words)}
            {readOnly ? null : (
              <CloseButton
                size="2xs"
                aria-label={t('assignments.remove', { place: assignmentLabel(assignment, places, words) })}
                onClick={() => onChange(assignments.filter((other) => other !== assignment))}
              />
            )}
          </Badge>
        ))}
        {below.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {t('assignments.none')}
          </Text>
        ) : null}
      </HStack>
      {readOnly ? null : (
        <NativeSelect.Root size="sm" maxW="lg">
          <NativeSelect.Field
            aria-label={t('assignments.add')}
            value=""
            onChange={(event) => {
              const id = Number(event.target.value);
              if (id) onChange([...assignments, { kind: 'entity', id }]);
            }}
          >
            <option value="">{t('assignments.add')}</option>
            {places
              .filter((place) => !chosen.has(place.id))
              .map((place) => (
                <option key={place.id} value={place.id}>
                  {place.label}
                </option>
              ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      )}
    </Stack>
  );
}

export function useAssignmentWords() {
  const { t } = useTranslation('tariffs');
  return {
    organisation: t('assignments.organisationShort'),
    place: (id: number) => t('assignments.placeNumber', { id }),
    dataPoint: (id: number) => t('assignments.dataPoint', { id }),
  };
}
