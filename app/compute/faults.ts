/**
 * Optional fault injection into the lab's worker pools for end-to-end tests: a worker that throws while
 * computing a job, or a worker that dies in the middle of one. Off unless the page was opened with `?faults=1`
 * (read once at start; the URL sync then drops the parameter, so no shared link carries it); even then a fault
 * happens only when something calls `window.__dpLabFaults.inject(...)`, and it only interrupts the current job
 * of one of this tab's own pools, which the pools are built to survive (`src/workers/pool.ts`), or makes one part
 * of the page fail to render, which its error boundary is built to survive (`app/ErrorBoundary.tsx`).
 */
import { useSyncExternalStore } from 'react';
import type { WorkerLike } from '../../src/workers/pool';
import { POOL_NAMES, isPoolName, type PoolName } from './pools';

export type Fault = 'throw' | 'kill';

let enabled = false;
/** Armed faults: the pool's `chunk`-th next chunk (counting from 1) fails. */
const armed = new Map<PoolName, { fault: Fault; chunk: number }>();

/** A worker for pool `name` (of the runner's registry, runner.ts): faultable when injection is on. */
export function withFaults(name: PoolName, createWorker: () => WorkerLike): WorkerLike {
  return enabled ? faultable(name, createWorker()) : createWorker();
}

/** Turns fault injection on (before the pools are created) when the page's URL asks for it. */
export function enableFaultInjectionFromUrl(search: string): boolean {
  enabled = new URLSearchParams(search).get('faults') === '1';
  return enabled;
}

/**
 * Makes the `chunk`-th next chunk of work sent to pool `name` fail: 'throw' — the worker really runs a task
 * whose cell throws (a TaskError, as when a computation throws); 'kill' — the worker is terminated right after
 * receiving the chunk and the pool is told it died (as when a worker crashes).
 */
export function injectFault(name: PoolName, fault: Fault, chunk = 1): void {
  if (!enabled) throw new Error('fault injection is off (open the lab with ?faults=1)');
  if (!isPoolName(name)) throw new Error(`no pool named "${String(name)}" (pools: ${POOL_NAMES.join(', ')})`);
  if (fault !== 'throw' && fault !== 'kill') throw new Error(`unknown fault "${String(fault)}"`);
  armed.set(name, { fault, chunk: Math.max(1, Math.floor(chunk)) });
}

/** The fault due for this chunk of pool `name`, if any. */
function due(name: PoolName): Fault | null {
  const a = armed.get(name);
  if (!a) return null;
  if (--a.chunk > 0) return null;
  armed.delete(name);
  return a.fault;
}

function faultable(name: PoolName, worker: WorkerLike): WorkerLike {
  let reportDeath: ((error: Error) => void) | null = null;
  return {
    listen(onMessage, onDeath) {
      reportDeath = onDeath;
      worker.listen(onMessage, onDeath);
    },
    postMessage(message) {
      const fault = message.type === 'chunk' ? due(name) : null;
      if (fault === 'throw' && message.type === 'chunk') {
        // the registry's `fail` task throws a RangeError on cell `failAt`
        worker.postMessage({
          ...message,
          job: { task: 'fail', params: { count: message.to, failAt: message.from } },
        });
        return;
      }
      worker.postMessage(message);
      if (fault === 'kill') {
        // after the pool has recorded the chunk as in flight, before any of its results can arrive
        queueMicrotask(() => {
          worker.terminate();
          reportDeath?.(new Error('the worker was terminated in the middle of a job (injected fault)'));
        });
      }
    },
    terminate: () => worker.terminate(),
    ...(worker.setBusy ? { setBusy: (busy: boolean) => worker.setBusy!(busy) } : {}),
  };
}

// ------------------------------------------------------------------------------------------------------
// Render faults: a part of the page (an error boundary, app/ErrorBoundary.tsx) that fails to draw.

const renderFaults = new Set<string>();
const renderListeners = new Set<() => void>();
const notifyRender = () => renderListeners.forEach((l) => l());

/** Makes the part of the page named `boundary` (its `data-boundary`) throw while rendering, until cleared. */
export function injectRenderFault(boundary: string): void {
  if (!enabled) throw new Error('fault injection is off (open the lab with ?faults=1)');
  renderFaults.add(boundary);
  notifyRender();
}

/** Disarms the render fault of `boundary` (its "Try again" does, so the part can recover). */
export function clearRenderFault(boundary: string): void {
  if (renderFaults.delete(boundary)) notifyRender();
}

/** For the boundary's own fault point: whether a render fault is armed for `boundary`. */
export function useRenderFault(boundary: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      renderListeners.add(listener);
      return () => renderListeners.delete(listener);
    },
    () => renderFaults.has(boundary),
  );
}
