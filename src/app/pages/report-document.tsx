import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutView, type ReportFrame } from '../../engine/render/layout-view';
import type { LoadedLayout } from '../../engine/validation/check-layout';
import { formatDateRange } from '../../i18n/date-range';

/**
 * A report as it prints and as its preview shows it: its title, the dates it
 * covers and the period it is compared with, then its layout with every
 * widget showing that period and the report's places.
 */
export function ReportDocument({
  title,
  document,
  frame,
  onLoaded,
}: {
  title: string;
  document: unknown;
  frame: ReportFrame;
  onLoaded?: (loaded: LoadedLayout) => void;
}) {
  const { t } = useTranslation();
  const { period } = frame;
  // The same source while the document is: a new one would be read and checked again at every render.
  const source = useMemo(() => ({ document }), [document]);
  return (
    <Stack gap="4" className="report-document">
      <Box>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" data-testid="report-period">
          {t('reportPrint.period', {
            period: formatDateRange(period.firstDate, period.lastDate),
            previous: formatDateRange(period.previous.firstDate, period.previous.lastDate),
          })}
        </Text>
      </Box>
      <LayoutView source={source} origin={title} showHeading={false} report={frame} onLoaded={onLoaded} />
    </Stack>
  );
}
