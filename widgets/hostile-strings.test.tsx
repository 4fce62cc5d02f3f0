import { Stack } from '@chakra-ui/react';
import { waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WidgetSlot } from '../src/engine/render/widget-slot';
import { loadDataValidators } from '../src/engine/validation/compiled-validators';
import type { LayoutIssue } from '../src/engine/validation/issue';
import { validateWidget } from '../src/engine/validation/validate';
import type { Widget } from '../src/generated/page-types';
import { sessionAtom } from '../src/session/session-atoms';
import { NAMED_FOR_A_STATE, WAITING } from '../stories/state-names';
import { exampleHandlers } from '../tests/api/example-handlers';
import { gallerySessionStore } from '../tests/api/gallery-session';
import { useApi } from '../tests/api/test-server';
import { resetSession } from '../tests/fixtures/current-user';
import { renderInApp } from '../tests/render';
import { type CatalogueEntry, catalogue } from './catalogue';
import { preloadWidgets } from './registry';
import {
  ATTACKS,
  type Attack,
  type HostileExample,
  hostileExample,
  type Replacement,
  TAG,
  unvalidatedScriptUrls,
} from './shared/hostile-strings.test-helper';

/**
 * Issue 23, "Safety": stored documents are data. Every free-text string of
 * every widget example is replaced by markup, an attribute break-out or a
 * `javascript:` URL (shared/hostile-strings.test-helper.ts); the widget is
 * validated and rendered as a page renders it, with the API answering from
 * its contracts' examples, beside the example as written; and the page must
 * show the strings as text: nothing runs, nothing becomes markup, no link or
 * style carries script.
 */

/** Elements that run or embed code: a widget may have its own, never more because of its props. */
const EMBEDDERS = 'script, iframe, frame, object, embed';
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data'];
const SCRIPT_URL = /^(javascript|vbscript|data:text\/html)/;
const SCRIPT_STYLE = /expression\(|javascript:/;
/** A hostile string's tag anywhere in a text (TAG finds them all). */
const TAG_IN = new RegExp(TAG.source);
/** What React 19 writes in place of a javascript: URL it is handed (a link that throws when followed). */
const REACT_BLOCKED_URL = 'React has blocked a javascript: URL';

/**
 * One widget on the test's page: the example as written ("none"), with one
 * attack's strings, or with javascript: URLs its schema refuses ("unvalidated").
 */
interface Variant {
  attack: Attack | 'none' | 'unvalidated';
  widget: Widget;
  replacements: Replacement[];
}

type Pwned = { __pwned?: unknown };

const examples = catalogue.flatMap((entry) => entry.examples.map((_, index) => ({ entry, index })));

beforeAll(async () => {
  // Signed in as the examples' organisation, as the gallery shows widgets.
  getDefaultStore().set(sessionAtom, gallerySessionStore().get(sessionAtom));
  const names = catalogue.map((entry) => entry.name);
  await Promise.all([loadDataValidators(names), preloadWidgets(names)]);
});
afterAll(() => resetSession());
// Every endpoint answers with its contract's examples, as in the gallery.
beforeEach(() => {
  useApi(...exampleHandlers());
});

describe('hostile strings in widget props', () => {
  for (const { entry, index } of examples) {
    const where = `${entry.name} example ${index}`;
    it(`${where} shows them as text and runs none of them`, async () => {
      const hostile = ATTACKS.map((attack) => ({ attack, ...hostileExample(entry.name, index, attack) }));
      const refused = hostile.flatMap(({ attack, data }) => schemaRefusal(entry.name, data, attack));
      expect(refused, `${where}: hostile examples the schema refuses`).toEqual([]);
      const variants = hostile.map(({ attack, data, replacements }) => ({
        attack,
        widget: widgetOf(entry.name, data),
        replacements,
      }));
      expect(await findingsBeside(entry, index, variants)).toEqual([]);
    });
  }

  it('reaches every free-text prop of every example with some hostile string', () => {
    const unreached = examples.flatMap(({ entry, index }) => {
      const perAttack = ATTACKS.map((attack) => hostileExample(entry.name, index, attack).replacements);
      const reached = new Set(perAttack.flat().flatMap((r) => (r.hostile === undefined ? [] : [r.original])));
      return (perAttack[0] ?? [])
        .filter((replacement) => !reached.has(replacement.original))
        .map((replacement) => `${entry.name} example ${index}: ${replacement.pointers.join(', ')}`);
    });
    expect(unreached).toEqual([]);
  });
});

describe('javascript: URLs in the props links and images are made from', () => {
  const withUrlProps = examples.filter(
    ({ entry, index }) => unvalidatedScriptUrls(entry.name, index).replacements.length > 0,
  );
  for (const { entry, index } of withUrlProps) {
    const where = `${entry.name} example ${index}`;
    it(`${where}: refused by the schema, and by the widget when a document skipped validation`, async () => {
      const { data, replacements } = unvalidatedScriptUrls(entry.name, index);
      const refusedAt = validationIssues(entry.name, data).map((issue) => issue.pointer);
      for (const pointer of replacements.flatMap((replacement) => replacement.pointers)) {
        expect(refusedAt, `${where}: the schema refuses a javascript: URL at ${pointer}`).toContain(
          `/data${pointer}`,
        );
      }
      const unvalidated: Variant = {
        attack: 'unvalidated',
        widget: widgetOf(entry.name, data),
        replacements,
      };
      expect(await findingsBeside(entry, index, [unvalidated])).toEqual([]);
    });
  }
});

function widgetOf(name: string, data: unknown): Widget {
  return { key: 'hostile', name, data } as Widget;
}

/**
 * The hostile strings are chosen to pass the props' own patterns and
 * lengths; a refusal here means they miss the rendering they are meant for.
 */
function schemaRefusal(name: string, data: HostileExample['data'], attack: Attack): string[] {
  return validationIssues(name, data).map((issue) => `${attack}: ${issue.pointer} ${issue.message}`);
}

function validationIssues(name: string, data: HostileExample['data']): LayoutIssue[] {
  const validation = validateWidget(widgetOf(name, data));
  return validation.ok ? [] : validation.issues;
}

/**
 * What the hostile variants show that they should not, rendered beside the
 * example as written.
 */
async function findingsBeside(entry: CatalogueEntry, index: number, hostile: Variant[]): Promise<string[]> {
  delete (window as Pwned).__pwned;
  const asWritten: Variant = {
    attack: 'none',
    widget: widgetOf(entry.name, entry.examples[index]),
    replacements: [],
  };
  const variants = [asWritten, ...hostile];
  const stylesBefore = styleTexts();
  const slots = await renderSettled(entry, index, variants);
  const where = `${entry.name} example ${index}`;
  return findingsOf(slots, variants, stylesBefore).map((finding) => `${where}, ${finding}`);
}

/**
 * The example as written and its hostile variants, side by side on one
 * page, each rendered as a page renders a widget (the gallery's
 * WidgetExample), once nothing in them waits.
 */
async function renderSettled(entry: CatalogueEntry, index: number, variants: Variant[]) {
  const route = entry.schema['x-gallery-route'] as { path: string; at: string } | undefined;
  const { container } = renderInApp(
    <Stack>
      {variants.map(({ attack, widget }) => (
        <div key={attack} data-attack={attack}>
          <WidgetSlot widget={widget} pointer={`/examples/${index}`} />
        </div>
      ))}
    </Stack>,
    route ? { route: route.at, path: route.path } : {},
  );
  return waitFor(() => variants.map(({ attack }) => settledSlot(container, entry, index, attack)));
}

/**
 * A widget's slot once nothing in it waits; an example named for a state
 * (the gallery's rule: "ShowsLoading") may wait for ever, on purpose.
 */
function settledSlot(container: HTMLElement, entry: CatalogueEntry, index: number, attack: string) {
  const slot = container.querySelector<HTMLElement>(
    `[data-attack="${attack}"] [data-widget="${entry.name}"]`,
  );
  if (!slot) throw new Error(`the ${entry.name} widget (${attack}) is not on the page`);
  const exampleName = (entry.schema['x-example-names'] as string[] | undefined)?.[index] ?? '';
  const waiting = NAMED_FOR_A_STATE.test(exampleName) ? '[data-testid="widget-loading"]' : WAITING;
  if (slot.querySelector(waiting)) throw new Error(`the ${entry.name} widget (${attack}) is still loading`);
  return slot;
}

/** Everything the hostile widgets show that they should not, each naming the attack and the props. */
function findingsOf(slots: HTMLElement[], variants: Variant[], stylesBefore: Set<string>): string[] {
  const [baseline, ...attacked] = slots;
  if (!baseline) throw new Error('the example as written is not on the page');
  const origins = originsByTag(variants);
  const propsIn = (text: string) => {
    const named = [...new Set(text.match(TAG) ?? [])].flatMap((tag) => origins.get(tag) ?? []);
    return named.length > 0 ? named.join('; ') : 'no prop recognised by its tag';
  };
  // React 19 replaces a javascript: URL it is handed, tag and all: the props that held one are the suspects.
  const scriptUrlProps = variants
    .flatMap(({ attack, replacements }) =>
      replacements
        .filter((replacement) => SCRIPT_URL.test(replacement.hostile?.trim().toLowerCase() ?? ''))
        .map((replacement) => `${attack} strings at ${replacement.pointers.join(', ')}`),
    )
    .join('; ');
  const pwned = (window as Pwned).__pwned;
  return [
    ...attacked.flatMap((slot, position) => {
      const variant = variants[position + 1] as Variant;
      return [
        ...extraEmbedders(baseline, slot).map((html) => `${variant.attack} strings: ${html} appeared`),
        ...unshownText(baseline, slot, variant.replacements).map(
          (text) => `${variant.attack} strings: ${text}`,
        ),
      ];
    }),
    // The whole page: a widget's menus, tooltips and dialogs are portals outside its slot.
    ...embeddersOutsideSlots().map((html) => `${html} appeared (from ${propsIn(html)})`),
    ...unsafeAttributes(document.body).map(
      (found) => `${found} (from ${found.includes(REACT_BLOCKED_URL) ? scriptUrlProps : propsIn(found)})`,
    ),
    ...stylesheetFindings(stylesBefore, propsIn),
    ...(pwned === undefined ? [] : [`a hostile string ran (from ${propsIn(String(pwned))})`]),
  ];
}

/** "pwnm3" → "markup strings at /items/0/title". */
function originsByTag(variants: Variant[]): Map<string, string> {
  return new Map(
    variants.flatMap(({ attack, replacements }) =>
      replacements.map((replacement) => [
        replacement.tag,
        `${attack} strings at ${replacement.pointers.join(', ')}`,
      ]),
    ),
  );
}

function extraEmbedders(baseline: HTMLElement, slot: HTMLElement): string[] {
  const embedders = [...slot.querySelectorAll(EMBEDDERS)];
  if (embedders.length <= baseline.querySelectorAll(EMBEDDERS).length) return [];
  return embedders.map((element) => element.outerHTML.slice(0, 200));
}

/** Scripts, frames and objects a hostile string put in a portal, outside the widgets' slots. */
function embeddersOutsideSlots(): string[] {
  return [...document.querySelectorAll(EMBEDDERS)]
    .filter((element) => !element.closest('[data-attack]') && TAG_IN.test(element.outerHTML))
    .map((element) => element.outerHTML.slice(0, 200));
}

/** Event handler attributes, script URLs and script in style attributes. */
function unsafeAttributes(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].flatMap((attribute) => {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      const found = `<${element.tagName.toLowerCase()} ${name}="${attribute.value.slice(0, 160)}">`;
      if (name.startsWith('on')) return [`${found} carries an event handler`];
      if (URL_ATTRIBUTES.includes(name) && SCRIPT_URL.test(value)) {
        // Blocked by React or not, a widget handed a prop's script URL to a link.
        return [`${found} is a script URL`];
      }
      if (name === 'style' && SCRIPT_STYLE.test(value)) return [`${found} puts script in a style`];
      return [];
    }),
  );
}

/**
 * Words a person reads ("x-text") that the widget shows as written must show
 * as written when hostile: as text, not dropped, escaped twice or turned into
 * markup. Spaces are left out of the comparison: a text's paragraphs are
 * shown as paragraphs, without the blank lines between them.
 */
function unshownText(baseline: HTMLElement, slot: HTMLElement, replacements: Replacement[]): string[] {
  const written = withoutSpaces(baseline.textContent ?? '');
  const shown = slot.textContent ?? '';
  return replacements.flatMap(({ text, original, hostile, pointers }) => {
    if (!text || hostile === undefined || !written.includes(withoutSpaces(original))) return [];
    return shown.includes(hostile) ? [] : [`${pointers.join(', ')} is not shown as the text ${hostile}`];
  });
}

/** Hostile strings that reached the page's CSS, once per prop (a rule shows as text and as CSSOM). */
function stylesheetFindings(before: Set<string>, propsIn: (text: string) => string): string[] {
  const byProps = new Map<string, string>();
  for (const style of styleTexts()) {
    if (before.has(style) || !TAG_IN.test(style)) continue;
    byProps.set(propsIn(style), style);
  }
  return [...byProps].map(([props, style]) => `a stylesheet carries ${style.slice(0, 160)} (from ${props})`);
}

/**
 * The page's CSS: Chakra's style props become rules in <style> elements, not
 * style attributes, and happy-dom drops a style attribute's invalid values anyway.
 */
function styleTexts(): Set<string> {
  const elements = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '');
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
  return new Set([...elements, ...rules]);
}

function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '');
}
