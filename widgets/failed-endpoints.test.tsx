import { cleanup, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WidgetSlot } from '../src/engine/render/widget-slot';
import { loadDataValidators } from '../src/engine/validation/compiled-validators';
import type { EndpointName } from '../src/generated/api-contracts';
import type { Widget } from '../src/generated/page-types';
import { sessionAtom } from '../src/session/session-atoms';
import { FAILED, NAMED_FOR_A_STATE, WAITING } from '../stories/state-names';
import { failWith } from '../tests/api/answers';
import { exampleHandlers } from '../tests/api/example-handlers';
import { gallerySessionStore } from '../tests/api/gallery-session';
// Not a React hook, whatever its name says: it sets the test's API answers.
import { useApi as answerWith, resetApi } from '../tests/api/test-server';
import { resetSession } from '../tests/fixtures/current-user';
import { renderInApp } from '../tests/render';
import { type CatalogueEntry, catalogue } from './catalogue';
import { preloadWidgets } from './registry';

/**
 * Every data widget shows its failure, never a blank card or an endless
 * spinner, when an endpoint it reads answers 500. Each example of each
 * widget's schema is shown as the gallery shows it (the API answering from
 * its contracts' examples); then once more for each endpoint it read, with
 * that endpoint failing. The end-to-end suite shows only that a page keeps
 * working when one of its widgets fails (broken-endpoints.e2e.test.ts).
 */

/** Examples shown loaded: one named for a state (a spinner, an error) shows it on purpose. */
const examples = catalogue.flatMap((entry) =>
  entry.examples
    .map((_, index) => ({ entry, index }))
    .filter(({ entry, index }) => !NAMED_FOR_A_STATE.test(exampleName(entry, index))),
);

beforeAll(async () => {
  // Signed in as the examples' organisation, as the gallery shows widgets.
  getDefaultStore().set(sessionAtom, gallerySessionStore().get(sessionAtom));
  const names = catalogue.map((entry) => entry.name);
  await Promise.all([loadDataValidators(names), preloadWidgets(names)]);
});
afterAll(() => resetSession());

describe('a widget whose endpoint answers 500', () => {
  const broken: string[] = [];

  for (const { entry, index } of examples) {
    const where = `${entry.name} example ${index}`;
    it(`${where} shows the failure of each endpoint it reads`, async () => {
      const read = await endpointsRead(entry, index);
      for (const endpoint of read) {
        answerWith(failWith(endpoint, 500), ...exampleHandlers());
        const slot = await shown(entry, index);
        await waitFor(
          () => {
            if (slot.querySelector(WAITING)) throw new Error('it is still loading');
            if (!slot.querySelector(FAILED)) throw new Error('it shows no failure');
          },
          { onTimeout: (error) => new Error(`${where} with ${endpoint} answering 500: ${error.message}`) },
        );
        cleanup();
        resetApi();
        broken.push(`${where}: ${endpoint}`);
      }
    });
  }

  it('covers the endpoints of every data widget', () => {
    const declared = catalogue.filter(
      (entry) => (entry.schema['x-endpoints'] as string[] | undefined)?.length,
    );
    const covered = new Set(broken.map((item) => item.split(' example ')[0]));
    expect(declared.map((entry) => entry.name).filter((name) => !covered.has(name))).toEqual([]);
    expect(broken.length).toBeGreaterThan(25);
  });
});

function exampleName(entry: CatalogueEntry, index: number): string {
  return (entry.schema['x-example-names'] as string[] | undefined)?.[index] ?? '';
}

/** The endpoints the example reads once it has loaded, with every endpoint answering from its examples. */
async function endpointsRead(entry: CatalogueEntry, index: number): Promise<EndpointName[]> {
  const calls = answerWith(...exampleHandlers());
  const slot = await shown(entry, index);
  await waitFor(() => {
    if (slot.querySelector(WAITING)) throw new Error(`${entry.name} example ${index} is still loading`);
  });
  const read = [...new Set(calls.map((call) => call.endpoint))].sort();
  cleanup();
  const strayed = resetApi();
  if (strayed.length > 0) throw new Error(strayed.join('\n'));
  return read;
}

/** The example rendered as a page renders a widget (the gallery's WidgetExample), at its gallery route. */
async function shown(entry: CatalogueEntry, index: number): Promise<HTMLElement> {
  const route = entry.schema['x-gallery-route'] as { path: string; at: string } | undefined;
  const widget = { key: 'example', name: entry.name, data: entry.examples[index] } as Widget;
  const { container } = renderInApp(
    <WidgetSlot widget={widget} pointer={`/examples/${index}`} />,
    route ? { route: route.at, path: route.path } : {},
  );
  return waitFor(() => {
    const slot = container.querySelector<HTMLElement>(`[data-widget="${entry.name}"]`);
    if (!slot) throw new Error(`the ${entry.name} widget is not on the page`);
    return slot;
  });
}
