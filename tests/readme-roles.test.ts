import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contracts } from '../src/generated/api-contracts';

// A path, not a URL: happy-dom's URL is not one node:fs accepts.
const README = readFileSync(fileURLToPath(new globalThis.URL('../README.md', import.meta.url).href), 'utf8');

/** The endpoints the README's roles table lists for a role, read from its `<!-- roles:role -->` cell. */
function listedFor(role: string): string[] {
  const row = README.split('\n').find((line) => line.includes(`<!-- roles:${role} -->`));
  if (!row) throw new Error(`the README's roles table has no row for ${role}`);
  const cell = row.split(`<!-- roles:${role} -->`)[1]?.split('|')[0] ?? '';
  return cell
    .split(',')
    .map((entry) => entry.trim().replace(/ \(.*\)$/, ''))
    .filter((entry) => entry !== '');
}

describe("the README's roles table", () => {
  it('lists every member endpoint under the role its contract names, and no other', () => {
    for (const role of ['owner', 'admin', 'editor', 'viewer']) {
      const byContract = Object.entries(contracts)
        .filter(([, binding]) => 'role' in binding && binding.role === role)
        .map(([name]) => name)
        .sort();
      // importTemplates lists for viewers and saves for editors (its handler checks the second).
      const listed = [...new Set(listedFor(role))].filter(
        (name) => !(role === 'editor' && name === 'importTemplates'),
      );
      expect(listed.sort(), role).toEqual(byContract);
    }
  });
});
