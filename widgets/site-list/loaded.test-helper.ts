import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';

/** A link to each of the organisation's sites, by name. */
export function expectLoaded(slot: HTMLElement): void {
  const links = new Map(
    [...slot.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
  );
  for (const { entity } of responseExamples.sites[0].sites) {
    expect(links.get(entity.name), `a link to ${entity.name}`).toBe(`/sites/${entity.id}`);
  }
}
