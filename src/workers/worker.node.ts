/**
 * Node worker_threads entry of the lab's workers (spawned by `node.ts`; loaded through tsx, so it may import
 * .ts files).
 */
import { serveWorkerThread } from './workerThread.ts';

serveWorkerThread();
