import type { ImportProgress } from './import-progress';

declare module '../http/api-context' {
  interface ApiContext {
    /** Meter-file imports running in this process. */
    imports: ImportProgress;
    /** Where SFTP drop folders are watched, when they are. */
    dropFolderRoot?: string;
  }
}
