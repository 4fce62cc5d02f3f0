import type { Browser, Page } from 'playwright-core';
import type { EndpointName } from '../../../src/generated/api-contracts';
import { FAILED, NAMED_FOR_WAITING, WAITING } from '../../../stories/state-names';
import { endpointOf } from '../../api/endpoint-routes';
import type { GalleryStory } from './built-gallery';

/** What a story's widget shows once it has settled, or after the wait if it never does. */
export type WidgetState = 'loaded' | 'loading' | 'failed' | 'missing';

/** What one story showed, whether its play function passed, and the endpoints its widget asked the gallery's API for. */
export interface StoryOutcome {
  state: WidgetState;
  play: 'success' | 'error' | 'unfinished';
  endpoints: EndpointName[];
}

/** How long a story may take to render, play and settle: its widget's chunk, its data, its checks. A loaded two-core
 * machine took over 30 s for a few stories; a story that never settles still fails, a little later. */
const SETTLE_MS = 60_000;

/**
 * One tab on the built gallery's story frame, as a person's browser has it.
 * Stories are switched the way the gallery's sidebar switches them,
 * over Storybook's channel, so the frame loads its code once.
 */
export class GalleryTab {
  private readonly endpoints = new Set<EndpointName>();

  private constructor(private readonly page: Page) {
    page.on('request', (request) => {
      const endpoint = endpointOf(request.method(), request.url());
      if (endpoint) this.endpoints.add(endpoint);
    });
  }

  static async open(browser: Browser, baseUrl: string, first: GalleryStory) {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      // Which story last finished rendering and playing, and how its play ended, as the channel says.
      const watch = () => {
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) return setTimeout(watch, 20);
        // The gallery logs a play function's exception instead of failing the story (its status stays
        // "success"), so a throw since the last story finished is what marks this one's play as failed.
        let threw = false;
        channel.on('playFunctionThrewException', () => {
          threw = true;
        });
        channel.on('storyFinished', (finished: Finished) => {
          (window as unknown as { finishedStory?: Finished }).finishedStory = {
            storyId: finished.storyId,
            status: threw ? 'error' : finished.status,
          };
          threw = false;
        });
      };
      watch();
    });
    // The frame's first load fetches the gallery's code; on a loaded machine that alone passed Playwright's 30 s.
    await page.goto(`${baseUrl}/iframe.html?id=${first.id}&viewMode=story`, { timeout: SETTLE_MS });
    return new GalleryTab(page);
  }

  /** Shows a story and says what its widget shows once settled, and what it read. */
  async show(story: GalleryStory): Promise<StoryOutcome> {
    this.endpoints.clear();
    await this.page.evaluate((storyId) => {
      const preview = window as unknown as {
        __STORYBOOK_ADDONS_CHANNEL__: Channel;
        finishedStory?: Finished;
      };
      if (preview.finishedStory?.storyId === storyId) return;
      preview.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, story.id);
    const state = await this.page
      .waitForFunction(
        settledState,
        {
          storyId: story.id,
          waiting: WAITING,
          failed: FAILED,
          // Such a story never stops waiting: without this it held its tab for the whole SETTLE_MS.
          waitsOnPurpose: NAMED_FOR_WAITING.test(story.name),
        },
        { timeout: SETTLE_MS, polling: 100 },
      )
      .then((handle) => handle.jsonValue() as Promise<WidgetState>)
      .catch(async () =>
        (await this.page.locator('#storybook-root [data-widget]').count()) === 0 ? 'missing' : 'loading',
      );
    const play = await this.page.evaluate((storyId) => {
      const finished = (window as unknown as { finishedStory?: Finished }).finishedStory;
      return finished?.storyId === storyId ? finished.status : 'unfinished';
    }, story.id);
    return { state, play, endpoints: [...this.endpoints].sort() };
  }

  close(): Promise<void> {
    return this.page.close();
  }
}

interface Channel {
  on(event: string, listener: (payload: Finished) => void): void;
  on(event: 'playFunctionThrewException', listener: () => void): void;
  emit(event: string, payload: unknown): void;
}

/** Storybook's storyFinished event: the story rendered and its play function ran, or threw. */
interface Finished {
  storyId: string;
  status: 'success' | 'error';
}

/**
 * In the page: the widget's state once the story has finished and nothing in
 * it waits, or, for a story that waits on purpose, once it shows it waits;
 * false until then.
 */
function settledState({
  storyId,
  waiting,
  failed,
  waitsOnPurpose,
}: {
  storyId: string;
  waiting: string;
  failed: string;
  waitsOnPurpose: boolean;
}) {
  if ((window as unknown as { finishedStory?: Finished }).finishedStory?.storyId !== storyId) return false;
  if (document.querySelector('#storybook-root [data-testid="error-card"]')) return 'failed';
  const slot = document.querySelector('#storybook-root [data-widget]');
  if (!slot) return false;
  if (slot.querySelector(failed)) return 'failed';
  if (slot.querySelector(waiting)) return waitsOnPurpose ? 'loading' : false;
  return slot.textContent?.trim() || slot.querySelector('svg, canvas, img, [role="img"]') ? 'loaded' : false;
}
