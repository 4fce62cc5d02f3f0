import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import ImageWidget from './index';

describe('image widget', () => {
  it('shows the image with its text alternative and caption', () => {
    renderInApp(
      <ImageWidget data={{ src: '/images/plan.svg', alt: 'Floor plan', caption: 'Ground floor' }} />,
    );
    expect(screen.getByRole('img', { name: 'Floor plan' }).getAttribute('src')).toBe('/images/plan.svg');
    expect(screen.getByText('Ground floor')).toBeTruthy();
  });

  it('says the image is not available when it fails to load', () => {
    renderInApp(<ImageWidget data={{ src: 'https://example.com/missing.png', alt: 'Boiler room' }} />);
    fireEvent.error(screen.getByRole('img', { name: 'Boiler room' }));
    expect(screen.getByText('Image not available: Boiler room')).toBeTruthy();
  });

  it('never loads a javascript: URL, even from a document that skipped validation', () => {
    const { container } = renderInApp(<ImageWidget data={{ src: 'javascript:alert(1)', alt: 'Bad' }} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
