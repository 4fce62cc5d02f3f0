import { useRef } from 'react';
import { withProp } from './prop-values';

/**
 * One change handler per prop of an object, the same function from render to
 * render: a memoised field whose value did not change is then passed by when
 * another prop is typed in. Each handler reads the object as it is when it is
 * called, not as it was when the handler was made.
 */
export function usePropChange(
  object: Record<string, unknown>,
  onChange: (next: unknown) => void,
  required: boolean,
): (key: string) => (next: unknown) => void {
  const latest = useRef({ object, onChange, required });
  latest.current = { object, onChange, required };
  const handlers = useRef(new Map<string, (next: unknown) => void>());
  return (key) => {
    let handler = handlers.current.get(key);
    if (!handler) {
      handler = (next) => {
        const { object: now, onChange: tell, required: kept } = latest.current;
        const updated = withProp(now, key, next);
        // An optional object left with nothing in it is removed.
        tell(Object.keys(updated).length === 0 && !kept ? undefined : updated);
      };
      handlers.current.set(key, handler);
    }
    return handler;
  };
}
