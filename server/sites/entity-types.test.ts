import { describe, expect, it } from 'vitest';
import { checkParentType } from './entity-types';

describe('parent-type rules', () => {
  it.each([
    ['building', 'site'],
    ['floor', 'building'],
    ['zone', 'building'],
    ['zone', 'floor'],
    ['room', 'floor'],
    ['room', 'zone'],
    ['asset', 'site'],
    ['asset', 'room'],
  ] as const)('lets a %s sit under a %s', (type, parent) => {
    expect(() => checkParentType(type, parent)).not.toThrow();
  });

  it.each([
    ['floor', 'site', 'A floor cannot sit under a site; it must sit under a building.'],
    ['room', 'building', 'A room cannot sit under a building; it must sit under a floor or a zone.'],
    [
      'asset',
      'asset',
      'An asset cannot sit under an asset; it must sit under a site, a building, a floor, a zone or a room.',
    ],
    [
      'site',
      'building',
      'A site is the top of the tree and cannot sit under another entity; leave parentId out.',
    ],
  ] as const)('refuses a %s under a %s, saying where it may go', (type, parent, message) => {
    expect(() => checkParentType(type, parent)).toThrow(message);
  });

  it('needs a parent below the top', () => {
    expect(() => checkParentType('zone', null)).toThrow(
      'A zone must sit under a building or a floor; give its parentId.',
    );
    expect(() => checkParentType('site', null)).not.toThrow();
  });
});
