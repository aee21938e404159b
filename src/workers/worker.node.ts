/**
 * Node worker_threads entry (spawned by `node.ts`; loaded through tsx, so it may import .ts files).
 */
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol.ts';
import { createWorkerRuntime } from './runtime.ts';

const port = parentPort;
if (!port) throw new Error('worker.node.ts must run in a worker thread');

// setImmediate runs after the poll phase, i.e. after pending messages (a cancel) have been dispatched.
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const handle = createWorkerRuntime((message: FromWorker) => port.postMessage(message), yieldToEventLoop);
port.on('message', (message: ToWorker) => handle(message));
port.postMessage({ type: 'ready' } satisfies FromWorker);
