import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { appChunk } from './chunk';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function inSuspense(element: React.ReactElement) {
  return render(<Suspense fallback={<p>Waiting</p>}>{element}</Suspense>);
}

describe('appChunk', () => {
  it('renders a component of a chunk fetched ahead at once, without suspending', async () => {
    const chunk = appChunk(async () => ({ Greeting }));
    const Shown = chunk.component((module) => module.Greeting);
    await chunk.preload();
    inSuspense(<Shown name="Ada" />);
    // In the first commit: React.lazy would have shown the fallback, and revealed this after its throttle.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
  });

  it('fetches the chunk once, on first render when nobody fetched it ahead', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const chunk = appChunk(load);
    const Shown = chunk.component((module) => module.Greeting);
    inSuspense(<Shown name="Grace" />);
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    await chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Greeting });
    const chunk = appChunk(load);
    await expect(chunk.preload()).rejects.toThrow('offline');
    await expect(chunk.preload()).resolves.toEqual({ Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
