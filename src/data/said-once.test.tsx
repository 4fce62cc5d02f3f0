import { act, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { SaidOnceProvider, useSaidOnce } from './said-once';

function Hint({ name, sentence }: { name: string; sentence: string }) {
  const says = useSaidOnce();
  return <p data-testid={name}>{says(sentence) ? sentence : ''}</p>;
}

describe('useSaidOnce', () => {
  it('lets the first widget of a page say a sentence, and the others not, however often they draw', () => {
    const page = (
      <SaidOnceProvider>
        <Hint name="first" sentence="untagged" />
        <Hint name="second" sentence="untagged" />
        <Hint name="third" sentence="other" />
      </SaidOnceProvider>
    );
    const { rerender } = render(page);
    rerender(page);
    expect(screen.getByTestId('first').textContent).toBe('untagged');
    expect(screen.getByTestId('second').textContent).toBe('');
    expect(screen.getByTestId('third').textContent).toBe('other');
  });

  it('lets each widget say it outside a page, as in a gallery story', () => {
    render(
      <>
        <Hint name="first" sentence="untagged" />
        <Hint name="second" sentence="untagged" />
      </>,
    );
    expect(screen.getByTestId('second').textContent).toBe('untagged');
  });

  it('is not kept by a widget still waiting to be drawn: the first one shown says it', () => {
    const never = new Promise<void>(() => {});
    function Waiting(): ReactNode {
      const says = useSaidOnce();
      says('untagged');
      // Its code or words are still on their way: React throws this drawing away.
      throw never;
    }
    render(
      <SaidOnceProvider>
        <Suspense fallback={null}>
          <Waiting />
        </Suspense>
        <Hint name="second" sentence="untagged" />
      </SaidOnceProvider>,
    );
    expect(screen.getByTestId('second').textContent).toBe('untagged');
  });

  it('passes the sentence on when its speaker no longer says it', () => {
    const page = (first: string) => (
      <SaidOnceProvider>
        <Hint name="first" sentence={first} />
        <Hint name="second" sentence="untagged" />
      </SaidOnceProvider>
    );
    const { rerender } = render(page('untagged'));
    expect(screen.getByTestId('second').textContent).toBe('');
    act(() => rerender(page('other')));
    expect(screen.getByTestId('first').textContent).toBe('other');
    expect(screen.getByTestId('second').textContent).toBe('untagged');
  });
});
