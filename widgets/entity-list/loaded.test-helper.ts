import { expect } from 'storybook/test';
import { responseExamples } from '../../src/generated/api-examples';
import { exampleData, expectTexts } from '../shared/gallery-checks.test-helper';

type Node = (typeof responseExamples.siteTree)[0]['sites'][number];

/** Every place of the example's type in the organisation's tree, by name. */
export function expectLoaded(slot: HTMLElement, example: number): void {
  const { type } = exampleData('entity-list', example);
  const named = responseExamples.siteTree[0].sites.flatMap(function ofType(node: Node): string[] {
    return [...(node.type === type ? [node.name] : []), ...(node.children as Node[]).flatMap(ofType)];
  });
  expect(named.length, `the examples hold places of type ${type}`).toBeGreaterThan(0);
  expectTexts(slot, named);
}
