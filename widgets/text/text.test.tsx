import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import TextWidget from './index';
import { splitParagraphs } from './paragraphs';

describe('text widget', () => {
  it('shows markup as written and never runs it', () => {
    const body = '<img src=x onerror="window.__injected=1"><script>window.__injected=1</script>';
    const { container } = renderInApp(<TextWidget data={{ heading: '<b>Hi</b>', body }} />);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(screen.getByText(body)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '<b>Hi</b>' })).toBeTruthy();
    expect((window as { __injected?: number }).__injected).toBeUndefined();
  });

  it('splits paragraphs at blank lines and keeps single line breaks inside them', () => {
    expect(splitParagraphs('One\ntwo\n\n  \nThree\n\n').map((paragraph) => paragraph.text)).toEqual([
      'One\ntwo',
      'Three',
    ]);
  });
});
