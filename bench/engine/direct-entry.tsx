import { Box, Card, Grid, GridItem, Stack } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { Providers } from '../../src/app/providers';
import { preloadWidgetWords, wantWidgetWords } from '../../src/i18n/i18n';
import BarChartWidget from '../../widgets/bar-chart';
import ButtonGroupWidget from '../../widgets/button-group';
import LineChartWidget from '../../widgets/line-chart';
import ListWidget from '../../widgets/list';
import PieChartWidget from '../../widgets/pie-chart';
import ProgressWidget from '../../widgets/progress';
import StatWidget from '../../widgets/stat';
import StateWidget from '../../widgets/state';
import TableWidget from '../../widgets/table';
import TextWidget from '../../widgets/text';
import { type BenchWidget, benchWidgets, WIDGETS_PER_ROW } from './bench-page';
import { whenWidgetsPainted } from './ready';

/**
 * The reference: the same widget components in the same grid and cards,
 * written as plain JSX with static imports. No layout document, no
 * validation, no registry, no lazy loading.
 */
const WIDGETS = 200;

// biome-ignore lint/suspicious/noExplicitAny: the reference skips the engine's typing on purpose, as hand-written pages would cast their data
type AnyData = any;

function DirectWidget({ widget }: { widget: BenchWidget }) {
  const data = widget.data as AnyData;
  switch (widget.name) {
    case 'stat':
      return <StatWidget data={data} />;
    case 'progress':
      return <ProgressWidget data={data} />;
    case 'text':
      return <TextWidget data={data} />;
    case 'list':
      return <ListWidget data={data} />;
    case 'table':
      return <TableWidget data={data} />;
    case 'line-chart':
      return <LineChartWidget data={data} />;
    case 'bar-chart':
      return <BarChartWidget data={data} />;
    case 'pie-chart':
      return <PieChartWidget data={data} />;
    case 'button-group':
      return <ButtonGroupWidget data={data} />;
    case 'state':
      return <StateWidget data={data} />;
  }
}

function DirectPage({ widgets }: { widgets: BenchWidget[] }) {
  const rows: BenchWidget[][] = [];
  for (let start = 0; start < widgets.length; start += WIDGETS_PER_ROW) {
    rows.push(widgets.slice(start, start + WIDGETS_PER_ROW));
  }
  return (
    <Stack gap="4">
      {rows.map((row) => (
        <Grid key={row[0]?.key} templateColumns="repeat(12, minmax(0, 1fr))" gap="4">
          {row.map((widget) => (
            <GridItem key={widget.key} colSpan={{ base: 12, md: 3 }} minW="0">
              <Card.Root size="sm" variant="outline">
                <Card.Header pb="0">
                  <Card.Title as="h2" fontSize="md">
                    {widget.name}
                  </Card.Title>
                </Card.Header>
                <Card.Body p="0">
                  <Box data-widget={widget.name} p="4" minW="0">
                    <DirectWidget widget={widget} />
                  </Box>
                </Card.Body>
              </Card.Root>
            </GridItem>
          ))}
        </Grid>
      ))}
    </Stack>
  );
}

const container = document.getElementById('root') as HTMLElement;
const widgets = benchWidgets(WIDGETS);
// The widgets' words are fetched as the engine's page fetches them, and timed alike: a hand-written page
// needs them too, and without them each widget type suspends on its first render.
wantWidgetWords();
const renderStart = performance.now();
await preloadWidgetWords(widgets.map((widget) => widget.name));
createRoot(container).render(
  <Providers>
    <DirectPage widgets={widgets} />
  </Providers>,
);
whenWidgetsPainted(WIDGETS).then((paintedAt) => {
  window.__benchReport = { renderMs: paintedAt - renderStart, navigationToPaintMs: paintedAt };
});
