import { Box, Circle, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { GetDataImportResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { RoleNotice } from '../shared/role-notice';
import { DryRunStep } from './dry-run-step';
import { FileStep } from './file-step';
import { ImportStep } from './import-step';
import { guessMapping, type ImportMapping, type MappingDraft } from './mapping';
import { MappingStep } from './mapping-step';

/** The wizard's steps, by their keys under steps.* of the meter-import strings. */
export const STEPS = ['file', 'mapping', 'dryRun', 'import'] as const;

/** Where the finished import links to: the history widget's anchor on the same page. */
const DEFAULT_HISTORY_HREF = '#import-history';

/**
 * Historical meter readings from a CSV or XLSX file, in four steps: upload,
 * map the columns, dry run, import with progress. Importing is an editor's;
 * other roles are told whom to ask, and are offered no step of it.
 */
export default function MeterImport(props: WidgetProps<'meter-import'>) {
  const { t } = useTranslation('meter-import');
  const canImport = useCanImport();
  if (canImport) return <ImportWizard {...props} />;
  return <RoleNotice heading={props.data.heading ?? t('heading')} note={t('viewerNote')} />;
}

/** The wizard uploads, dry-runs and imports: a role that may not do all three would be stopped halfway. */
function useCanImport(): boolean {
  const canUpload = useCan('meterfiles');
  const canDryRun = useCan('getDataImport');
  const canStart = useCan('dataImport');
  return canUpload && canDryRun && canStart;
}

function ImportWizard({ data }: WidgetProps<'meter-import'>) {
  const { t } = useTranslation('meter-import');
  const [step, setStep] = useState(0);
  const [upload, setUpload] = useState<MeterfilesResponse>();
  const [draft, setDraft] = useState<MappingDraft>();
  const [dryRun, setDryRun] = useState<{ result: GetDataImportResponse; mapping: ImportMapping }>();

  const restart = () => {
    setUpload(undefined);
    setDraft(undefined);
    setDryRun(undefined);
    setStep(0);
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <Stepper current={step} />
      <StepHeading step={step} />
      {step === 0 || !upload || !draft ? (
        <FileStep
          onUploaded={(uploaded) => {
            setUpload(uploaded);
            setDraft(guessMapping(uploaded));
            setDryRun(undefined);
            setStep(1);
          }}
        />
      ) : step === 1 || !dryRun ? (
        <MappingStep
          upload={upload}
          draft={draft}
          onChange={setDraft}
          onBack={restart}
          onDryRun={(result, mapping) => {
            setDryRun({ result, mapping });
            setStep(2);
          }}
        />
      ) : step === 2 ? (
        <DryRunStep result={dryRun.result} onBack={() => setStep(1)} onNext={() => setStep(3)} />
      ) : (
        <ImportStep
          upload={upload}
          mapping={dryRun.mapping}
          dryRun={dryRun.result}
          historyHref={data.historyHref ?? DEFAULT_HISTORY_HREF}
          onBack={() => setStep(2)}
          onRestart={restart}
        />
      )}
    </Stack>
  );
}

/** The four steps, the current one marked for assistive technology with aria-current. */
function Stepper({ current }: { current: number }) {
  const { t } = useTranslation('meter-import');
  return (
    <Box as="nav" aria-label={t('steps.nav')}>
      <HStack as="ol" gap={{ base: '2', md: '4' }} wrap="wrap" listStyleType="none" m="0" p="0">
        {STEPS.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <HStack
              as="li"
              key={step}
              gap="2"
              aria-current={state === 'current' ? 'step' : undefined}
              colorPalette="brand"
            >
              <Circle
                size="7"
                fontSize="sm"
                fontWeight="semibold"
                bg={state === 'next' ? 'bg.muted' : 'colorPalette.solid'}
                color={state === 'next' ? 'fg.muted' : 'colorPalette.contrast'}
                aria-hidden="true"
              >
                {state === 'done' ? '✓' : index + 1}
              </Circle>
              <Text
                fontSize="sm"
                fontWeight={state === 'current' ? 'semibold' : 'normal'}
                color={state === 'next' ? 'fg.muted' : 'fg'}
              >
                {t(`steps.${step}`)}
                <Text as="span" srOnly>
                  {state === 'done'
                    ? ` ${t('steps.done')}`
                    : state === 'current'
                      ? ` ${t('steps.current')}`
                      : ''}
                </Text>
              </Text>
            </HStack>
          );
        })}
      </HStack>
    </Box>
  );
}

/**
 * "Step 2 of 4: Map the columns", announced when the step changes; focus
 * moves to it so keyboard and screen-reader users start at the new step.
 */
function StepHeading({ step }: { step: number }) {
  const { t } = useTranslation('meter-import');
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <Heading as="h3" size="sm" ref={heading} tabIndex={-1} aria-live="polite" outline="none">
      {t('steps.heading', { number: step + 1, total: STEPS.length, title: t(`steps.${STEPS[step]}`) })}
    </Heading>
  );
}
