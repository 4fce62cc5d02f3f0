import { expect, waitFor } from 'storybook/test';
import type { EndpointName } from '../src/generated/api-contracts';
import { requestedEndpoints } from '../tests/api/gallery-worker';
import { catalogueEntry } from '../widgets/catalogue';
import { FAILED, NAMED_FOR_A_STATE, WAITING } from './state-names';

interface PlayContext {
  canvasElement: HTMLElement;
  args: { name: string; example: number };
  /** The story's name: one named for a state (Loading, Error, Empty, WhenTheServerFails) shows it on purpose. */
  name: string;
}

/** A widget's own check of its loaded content (widgets/<name>/loaded.test-helper.ts). */
export type LoadedCheck = (slot: HTMLElement, example: number) => void;

// Generous: a story's first load compiles its widget's chunk, which on a busy two-core machine has
// taken over 5 s. A widget that never settles still fails here, only later.
const SETTLE = { timeout: 20_000 };

/**
 * An example story: its widget settles with no failure shown, reads only
 * endpoints its schema's x-endpoints names (the built gallery's check sees
 * that its examples together read them all), and shows its loaded content
 * (a figure, a row, a drawn chart) as the widget's own check says.
 */
export async function expectWidgetLoaded(
  { canvasElement, args, name }: PlayContext,
  expectLoaded: LoadedCheck,
) {
  if (NAMED_FOR_A_STATE.test(name)) {
    // The widget's own check says what the state looks like; a waiting widget never settles.
    const slot = await waitFor(() => slotOf(canvasElement, args.name), SETTLE);
    await waitFor(() => expectLoaded(slot, args.example), SETTLE);
    return;
  }
  const slot = await settledSlot(canvasElement, args.name);
  expect(canvasElement.querySelector(FAILED)?.textContent ?? null, 'a failure is shown').toBeNull();
  const declared = declaredEndpoints(args.name);
  const undeclared = requestedEndpoints().filter((endpoint) => !declared.includes(endpoint));
  expect(undeclared, "endpoints read that the widget's x-endpoints leaves out").toEqual([]);
  // Settled already: only drawing is left (a chart measures its box first).
  await waitFor(() => expectLoaded(slot, args.example), { timeout: 5_000 });
}

/** A story named for a failing server: the widget says what could not be loaded, and offers to try again. */
export async function expectWidgetFailed({ canvasElement, args }: PlayContext) {
  const slot = await settledSlot(canvasElement, args.name);
  const alert = slot.querySelector('[role="alert"]');
  expect(alert?.textContent ?? '').toMatch(/could not be loaded: The server answered 500\./);
  expect(alert?.querySelector('button')?.textContent).toBe('Try again');
}

/** The endpoints a widget reads when it loads, as its schema declares them. */
export function declaredEndpoints(name: string): EndpointName[] {
  const declared = (catalogueEntry(name)?.schema['x-endpoints'] as EndpointName[] | undefined) ?? [];
  return [...declared].sort();
}

/** The widget's slot once nothing in it is waiting; or the error card shown instead of it. */
async function settledSlot(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const slot = slotOf(canvasElement, name);
    expect(slot.querySelector(WAITING) ?? null, 'the widget is still loading').toBeNull();
    return slot;
  }, SETTLE);
}

/** The widget's slot; an error card shown instead (an example its schema refuses) fails at once. */
function slotOf(canvasElement: HTMLElement, name: string): HTMLElement {
  expect(canvasElement.querySelector('[data-testid="error-card"]')?.textContent ?? null).toBeNull();
  const slot = canvasElement.querySelector<HTMLElement>(`[data-widget="${name}"]`);
  expect(slot, `the ${name} widget is on the page`).not.toBeNull();
  return slot as HTMLElement;
}
