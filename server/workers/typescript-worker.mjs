// The entry of every worker thread the server starts: workers do not inherit
// the loader the server runs under (tsx), so this registers it and then loads
// the TypeScript module named in workerData.module (a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
