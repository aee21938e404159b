/**
 * Browser Web Worker entry (module worker, bundled by Vite through the `new Worker(new URL('./worker.ts',
 * import.meta.url), { type: 'module' })` pattern in `browser.ts`). No Node imports here.
 */
import type { FromWorker, ToWorker } from './protocol.ts';
import { createWorkerRuntime } from './runtime.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

// Yield through a MessageChannel rather than setTimeout(0), which browsers clamp to 4 ms when nested.
const channel = new MessageChannel();
const waiting: Array<() => void> = [];
channel.port1.onmessage = () => waiting.shift()?.();
const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });

const handle = createWorkerRuntime((message: FromWorker) => scope.postMessage(message), yieldToEventLoop);
scope.onmessage = (event: MessageEvent<ToWorker>) => handle(event.data);
scope.postMessage({ type: 'ready' } satisfies FromWorker);
