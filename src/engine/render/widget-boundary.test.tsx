import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../tests/render';
import { WidgetBoundary } from './widget-boundary';

afterEach(() => vi.restoreAllMocks());

function Fragile({ value }: { value: number }) {
  if (value < 0) throw new Error(`cannot show ${value}`);
  return <p>Value {value}</p>;
}

function Harness({ value }: { value: number }) {
  return (
    <>
      <WidgetBoundary pointer="/rows/0/columns/0/cards/0/widgets/0" resetKey={value}>
        <Fragile value={value} />
      </WidgetBoundary>
      <p>Neighbour</p>
    </>
  );
}

describe('WidgetBoundary', () => {
  it('shows an error card with the pointer in place of a widget that throws, and the page goes on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInApp(<Harness value={-1} />);
    const card = screen.getByTestId('error-card');
    expect(card.textContent).toContain('/rows/0/columns/0/cards/0/widgets/0');
    expect(card.textContent).toContain('failed: cannot show -1');
    expect(screen.getByText('Neighbour')).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(
      'Widget at /rows/0/columns/0/cards/0/widgets/0 failed: cannot show -1',
    );
  });

  it('tries the widget again when its props change', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = renderInApp(<Harness value={-1} />);
    expect(screen.getByTestId('error-card')).toBeTruthy();
    rerender(<Harness value={3} />);
    expect(screen.getByText('Value 3')).toBeTruthy();
    expect(screen.queryByTestId('error-card')).toBeNull();
  });
});
