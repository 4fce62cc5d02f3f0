import { useEffect, useState } from 'react';

/** The stored picture at /files/<key>, once the browser has loaded it; undefined until then, or if it fails. */
export function usePicture(key: string): { image?: HTMLImageElement; failed: boolean } {
  const [state, setState] = useState<{ image?: HTMLImageElement; failed: boolean }>({ failed: false });
  useEffect(() => {
    const image = new window.Image();
    let current = true;
    image.onload = () => current && setState({ image, failed: false });
    image.onerror = () => current && setState({ failed: true });
    image.src = `/files/${key}`;
    setState({ failed: false });
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
