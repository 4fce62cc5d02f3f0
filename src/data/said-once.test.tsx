import { render, screen } from '@testing-library/react';
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
});
