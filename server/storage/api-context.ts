import type { ObjectStorage } from './object-storage';

declare module '../http/api-context' {
  interface ApiContext {
    /** Where uploaded images, meter files and exports are kept. */
    storage: ObjectStorage;
  }
}
