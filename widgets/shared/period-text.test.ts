import { describe, expect, it } from 'vitest';
import { OCTOBER_2026 } from '../../src/data/fixed-period.test-helper';
import { i18next } from '../../src/i18n/i18n';
import { periodText } from './period-text';

describe("a period's words", () => {
  it("names a report's fixed period by its dates, and what it is compared with", async () => {
    await i18next.loadNamespaces('shared');
    const t = i18next.getFixedT('en-US', 'shared');
    const text = periodText(t, OCTOBER_2026);
    // Intl puts thin spaces around the range's dash: compared as plain spaces.
    const plain = Object.fromEntries(
      Object.entries(text).map(([key, value]) => [key, value.replace(/\s/g, ' ')]),
    );
    expect(plain).toEqual({
      during: 'Oct 1 – 31, 2026',
      previous: 'Sep 1 – 30, 2026',
      previousTitle: 'Sep 1 – 30, 2026',
      versus: 'vs Sep 1 – 30, 2026',
    });
  });
});
