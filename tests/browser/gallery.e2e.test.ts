import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanName } from '../../scripts/generate/stories';
import { chromiumLaunchOptions } from '../../server/reports/chromium';
import { NAMED_FOR_A_STATE, NAMED_FOR_WAITING } from '../../stories/state-names';
import { declaredReads } from './app-own-endpoints';
import { type BuiltGallery, buildAndServeGallery, type GalleryStory } from './gallery/built-gallery';
import { GalleryTab, type StoryOutcome } from './gallery/story-state';

/** Each widget's name and the endpoints its schema says it reads (x-endpoints). */
const DECLARED = declaredReads();

let gallery: BuiltGallery;
let browser: Browser;

/** Tabs open at once: enough to keep two cores busy while one waits on its service worker. */
const AT_ONCE = 3;

/**
 * The gallery as a person browsing it sees it: every story of the built
 * gallery opened in Chromium, its widget answered by the contracts' examples
 * through the gallery's service worker.
 */
describe('the built widget gallery', () => {
  /** Each story's widget as first shown, with the endpoints it read. */
  let shown: { story: GalleryStory; widget: string; outcome: StoryOutcome }[];

  beforeAll(async () => {
    [gallery, browser] = await Promise.all([
      buildAndServeGallery(),
      chromium.launch(chromiumLaunchOptions()),
    ]);
    const outcomes = await inTabs(gallery.stories);
    shown = gallery.stories.map((story, index) => ({
      story,
      widget: widgetOf(story),
      outcome: outcomes[index] as StoryOutcome,
    }));
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await gallery?.close();
  });

  it('shows every widget loaded, except in stories named for a waiting, failed or empty state', () => {
    const wrong = shown
      .filter(({ story, outcome }) => !NAMED_FOR_A_STATE.test(story.name) && outcome.state !== 'loaded')
      .map(({ story, outcome }) => `${story.id}: ${outcome.state}`);
    // Joined, so a failure names each story (an array is cut to its length past a few items).
    expect(wrong.join('\n'), 'stories that show a widget loading, failed or missing').toBe('');
    const unplayed = shown.filter(({ outcome }) => outcome.play !== 'success').map(({ story }) => story.id);
    expect(unplayed.join('\n'), 'stories whose play function did not pass in the built gallery').toBe('');
    const failing = shown.filter(({ story }) => /fail/i.test(story.name));
    expect(failing.length).toBeGreaterThan(10);
    expect(failing.filter(({ outcome }) => outcome.state !== 'failed').map(({ story }) => story.id)).toEqual(
      [],
    );
    const waiting = shown.filter(({ story }) => NAMED_FOR_WAITING.test(story.name));
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.filter(({ outcome }) => outcome.state !== 'loading').map(({ story }) => story.id)).toEqual(
      [],
    );
    expect(shown.length).toBeGreaterThan(60);
  });

  it("reads, across a widget's stories, exactly the endpoints its schema's x-endpoints names", () => {
    const read = new Map<string, Set<string>>();
    for (const { story, widget, outcome } of shown) {
      if (NAMED_FOR_A_STATE.test(story.name)) continue;
      const endpoints = read.get(widget) ?? new Set();
      for (const endpoint of outcome.endpoints) endpoints.add(endpoint);
      read.set(widget, endpoints);
    }
    const actual = Object.fromEntries(
      [...read].map(([widget, endpoints]) => [widget, [...endpoints].sort()]),
    );
    const declared = Object.fromEntries(
      [...read.keys()].map((widget) => [widget, DECLARED.get(widget) ?? []]),
    );
    expect(actual).toEqual(declared);
  });
});

/** The widget a story shows: its title ends with the widget's human name (scripts/generate/stories.ts). */
function widgetOf(story: GalleryStory): string {
  const widget = [...DECLARED.keys()].find((name) => story.title.endsWith(`/${humanName(name)}`));
  if (!widget) throw new Error(`no widget schema gives the story ${story.id}`);
  return widget;
}

/**
 * Shows each story, AT_ONCE tabs at a time, results in order: each tab
 * shows its share of the stories, switched within it. How each widget shows
 * a failed endpoint is checked in happy-dom, where it is cheapest
 * (widgets/failed-endpoints.test.tsx).
 */
async function inTabs(stories: GalleryStory[]): Promise<StoryOutcome[]> {
  const results: StoryOutcome[] = new Array(stories.length);
  const share = Math.ceil(stories.length / AT_ONCE);
  const tabShare = async (part: number) => {
    const indexes = stories.map((_, index) => index).slice(part * share, (part + 1) * share);
    if (indexes.length === 0) return;
    const tab = await GalleryTab.open(
      browser,
      gallery.baseUrl,
      stories[indexes[0] as number] as GalleryStory,
    );
    for (const index of indexes) results[index] = await tab.show(stories[index] as GalleryStory);
    await tab.close();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, (_, part) => tabShare(part)));
  return results;
}
