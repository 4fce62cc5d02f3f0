// vitest: isolated: it shows a page before its widgets' data validators are fetched, module state a shared worker would carry over from an earlier file.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { minimalPage } from '../../../tests/fixtures/minimal-page';
import { renderInApp } from '../../../tests/render';
import { LayoutView } from './layout-view';

describe("a layout whose widgets' data validators are not fetched yet", () => {
  it('shows as busy while they load, then checked and rendered', async () => {
    renderInApp(<LayoutView source={{ document: minimalPage() }} origin="test" />);
    expect(screen.getByTestId('layout-view').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test page' })).toBeTruthy();
    expect(await screen.findByText('Electricity')).toBeTruthy();
    expect(screen.queryAllByTestId('error-card')).toHaveLength(0);
  });
});
