import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OCTOBER_2026 } from '../../src/data/fixed-period.test-helper';
import { PagePeriodProvider } from '../../src/data/page-period';
import type { AlertPeriod, ExplorerDataPoint } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import AlertSummaryWidget from './index';

beforeEach(() => signInToSession({ role: 'viewer' }));
afterEach(() => resetSession());

function point(id: number, name: string, virtual = false): ExplorerDataPoint {
  return {
    id,
    name,
    unit: 'kWh',
    kind: 'cumulative',
    intent: 'electricity',
    virtual,
    formula: virtual ? '[Main meter] - [Chiller]' : null,
    entityId: 100,
    path: ['Head Office'],
    tags: [],
    lastTs: null,
  };
}

const points = [point(1, 'Main meter'), point(2, 'Chiller'), point(3, 'Rest of building', true)];

function alert(
  id: number,
  ruleName: string,
  dataPointId: number,
  firedAt: string,
  resolvedAt: string | null,
  severity: AlertPeriod['severity'] = 'warning',
): AlertPeriod {
  return { id, ruleName, dataPointId, severity, firedAt, resolvedAt };
}

/** In October 2026 as a report's run pins it. */
function renderInOctober() {
  renderInApp(
    <PagePeriodProvider value={{ fixed: OCTOBER_2026 }}>
      <AlertSummaryWidget data={{}} />
    </PagePeriodProvider>,
  );
}

describe('alert summary', () => {
  it("counts the period's alerts by severity and rule, with the time they fired inside it", async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: points, tags: [] }),
      answer('alertPeriods', {
        alerts: [
          // Fired before October began: only its October hours count (2 h).
          alert(1, 'Night use', 1, '2026-09-30T22:00:00.000Z', '2026-10-01T02:00:00.000Z'),
          alert(2, 'Night use', 1, '2026-10-10T01:00:00.000Z', '2026-10-10T04:00:00.000Z'),
          // Still firing when October ended: it fires to the period's end (12 h).
          alert(3, 'Chiller over 40 kW', 2, '2026-10-31T12:00:00.000Z', null, 'critical'),
        ],
      }),
    );
    renderInOctober();
    const rules = await screen.findByRole('table', { name: 'Rules that fired' });
    expect(
      within(rules)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RuleData pointSeverityAlertsFiring',
      'Night useMain meterWarning25.0 h',
      'Chiller over 40 kWChillerCritical112.0 h',
    ]);
    expect(screen.getByText('Alerts that fired Oct 1 – 31, 2026 on 2 data points.')).toBeTruthy();
    expect(screen.getByText('17.0 h')).toBeTruthy();
    const severities = screen.getByRole('group', { name: 'Alerts by severity' });
    expect(severities.textContent).toBe('Critical: 1Warning: 2Info: 0');
    // Stored points only (a virtual point has no rules of its own), over the run's period.
    expect(callsTo(calls, 'alertPeriods').map((call) => call.request)).toEqual([
      { dataPointIds: [1, 2], from: OCTOBER_2026.from, to: OCTOBER_2026.to },
    ]);
  });

  it('says that no alert fired, and on how many points it looked', async () => {
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: points, tags: [] }),
      answer('alertPeriods', { alerts: [] }),
    );
    renderInOctober();
    expect(
      await screen.findByText('No alert fired Oct 1 – 31, 2026 on the 2 data points looked at.'),
    ).toBeTruthy();
  });
});
