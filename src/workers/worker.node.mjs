// Bootstrap of a Node worker thread (spawned by node.ts): registers tsx's loader, then loads the TypeScript
// entry. (On Node 20, `execArgv: ['--import', 'tsx']` does not apply the loader to a worker's own entry file.)
import { register } from 'tsx/esm/api';

register();
await import('./worker.node.ts');
