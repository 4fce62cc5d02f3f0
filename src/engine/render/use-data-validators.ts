import { useEffect, useState } from 'react';
import { dataValidatorsLoaded, loadDataValidators } from '../validation/compiled-validators';

/**
 * Whether the named widgets' data can be checked now; when not, fetches
 * their data validators and renders again once they are there. A page from
 * layouts/ has them already (useLayoutFile fetches them with its widgets).
 */
export function useDataValidators(names: ReadonlySet<string>): boolean {
  const [, setFetched] = useState(0);
  const loaded = dataValidatorsLoaded(names);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadDataValidators(names).then(() => {
      if (current) setFetched((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [names, loaded]);
  return loaded;
}
