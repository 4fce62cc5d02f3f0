import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** The place at the story's address: its name, the path down to it, and its address. */
export function expectLoaded(slot: HTMLElement): void {
  const { entity, path } = responseExamples.site[0];
  expectTexts(slot, [
    entity.name,
    ...path.map((crumb) => crumb.name),
    ...(entity.address ? [entity.address] : []),
  ]);
}
