import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

/** The heading and the first paragraph of the body. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { heading, body } = exampleData('text', example);
  expectTexts(slot, [...(heading ? [heading] : []), body.split('\n\n')[0] ?? '']);
}
