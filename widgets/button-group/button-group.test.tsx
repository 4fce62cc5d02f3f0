import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import ButtonGroupWidget from './index';

describe('button group widget', () => {
  it('links inside the app in place and opens other sites in a new tab', () => {
    renderInApp(
      <ButtonGroupWidget
        data={{
          buttons: [
            { label: 'Explorer', href: '/data/explorer' },
            { label: 'Docs', href: 'https://example.com/docs' },
          ],
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Explorer' }).getAttribute('target')).toBeNull();
    const docs = screen.getByRole('link', { name: 'Docs' });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('does not make a link of a javascript: or protocol-relative URL', () => {
    renderInApp(
      <ButtonGroupWidget
        data={{
          buttons: [
            { label: 'Evil', href: 'javascript:alert(1)' },
            { label: 'Elsewhere', href: '//evil.example' },
          ],
        }}
      />,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Evil')).toBeTruthy();
  });
});
