import { describe, expect, it, vi } from 'vitest';
import { minimalPage } from '../../../tests/fixtures/minimal-page';
import { dataValidatorsLoaded, loadDataValidators } from './compiled-validators';
import { formatIssue } from './issue';
import { validatePage } from './validate';

vi.mock('../../generated/widget-data/stat.js', () => {
  throw new Error('the chunk did not arrive');
});

describe("widgets' data validators", () => {
  it('are fetched per widget; one that cannot be leaves its widget unchecked, said, and the rest checked', async () => {
    expect(dataValidatorsLoaded(['stat', 'text'])).toBe(false);
    // An unknown name has no validator to wait for: the page's own check names it.
    expect(dataValidatorsLoaded(['sparkline'])).toBe(true);
    await loadDataValidators(['stat', 'text', 'sparkline']);
    expect(dataValidatorsLoaded(['stat', 'text'])).toBe(true);

    const page = minimalPage();
    const validation = validatePage(page);
    expect(validation.ok ? [] : validation.issues.map(formatIssue)).toEqual([
      expect.stringMatching(/^\/rows\/0\/columns\/0\/cards\/0\/widgets\/0\/data: could not be checked: /),
    ]);
  });
});
