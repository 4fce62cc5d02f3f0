import { queryOptions, useQuery } from '@tanstack/react-query';
import { DATA_KEY } from './query-client';

/**
 * A stored picture (/files/<key>) loaded and decoded, for a canvas to draw
 * (a floor plan's). A read like any other, so a report's print page waits
 * for it as it waits for data (report-print-page.tsx) and does not print a
 * plan without its floor. A key names one picture for good (it carries a
 * UUID), so the answer never goes stale.
 */
export function storedPictureQuery(key: string) {
  return queryOptions({
    queryKey: [DATA_KEY, 'stored-picture', key] as const,
    queryFn: ({ signal }) => loadedPicture(`/files/${key}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStoredPicture(key: string) {
  return useQuery(storedPictureQuery(key));
}

function loadedPicture(address: string, signal: AbortSignal): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new window.Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`${address} could not be loaded`));
    // A picture no longer wanted (the plan left) stops loading.
    signal.addEventListener('abort', () => image.removeAttribute('src'), { once: true });
    image.src = address;
  });
}
