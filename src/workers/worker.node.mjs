// Bootstrap of a Node worker thread (spawned by node.ts): registers tsx's loader, then loads the TypeScript
// entry: worker.node.ts, or the one node.ts names in workerData (the pool's tests). (On Node 20,
// `execArgv: ['--import', 'tsx']` does not apply the loader to a worker's own entry file.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? './worker.node.ts');
