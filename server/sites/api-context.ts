import type { Geocoder } from './geocoder';

declare module '../http/api-context' {
  interface ApiContext {
    /** Looks addresses up, when the server is set up with a geocoder. */
    geocoder: Geocoder | undefined;
  }
}
