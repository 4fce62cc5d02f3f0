/**
 * A window.matchMedia whose answers the test chooses (happy-dom's answers as a
 * 1024 px screen with no preferences would): each query matches where
 * `matches` says so, and nothing ever changes, so listeners are never called.
 */
export function matchMediaWhere(matches: (query: string) => boolean): typeof window.matchMedia {
  return ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
