/**
 * The environment-neutral inside of a worker: receives chunks, runs cells, posts results. The entries
 * `worker.ts` (browser) and `worker.node.ts` (Node) only wire it to their message port.
 *
 * Cancellation is cooperative: the chunk loop yields to the event loop every `SLICE_MS` of work so a `cancel`
 * message can arrive, then abandons the rest of the chunk. A worker therefore becomes free at most one cell (or
 * one slice) after a cancel, without being terminated and respawned.
 */
import type { FromWorker, ToWorker } from './protocol.ts';
import type { AnyTaskDef, Registry } from './defineTask.ts';
import { TASKS } from './tasks.ts';

/** Work time between two yields to the event loop (to receive cancel messages). */
export const SLICE_MS = 8;

interface CurrentJob {
  id: number;
  task: string;
  def: AnyTaskDef;
  params: unknown;
  scratch: unknown;
}

function describe(e: unknown): { name: string; message: string; stack?: string } {
  if (e instanceof Error) return { name: e.name, message: e.message, stack: e.stack };
  return { name: 'Error', message: String(e) };
}

/**
 * Creates the message handler of a worker.
 * @param post sends a message to the pool
 * @param yieldToEventLoop resolves in a later macrotask, after pending incoming messages were handled
 * @param tasks the task registry (tests may pass their own)
 */
export function createWorkerRuntime(
  post: (message: FromWorker) => void,
  yieldToEventLoop: () => Promise<void>,
  tasks: Registry = TASKS,
): (message: ToWorker) => void {
  let job: CurrentJob | null = null;
  let cancelledUpTo = 0;
  let queue: Promise<void> = Promise.resolve();

  const fail = (jobId: number, index: number, e: unknown): void => {
    post({ type: 'error', jobId, index, ...describe(e) });
  };

  async function runChunk(msg: Extract<ToWorker, { type: 'chunk' }>): Promise<void> {
    const { jobId, from, to } = msg;
    if (jobId <= cancelledUpTo) {
      post({ type: 'chunkDone', jobId });
      return;
    }
    if (msg.job) {
      job = null; // release the previous job's params and scratch before setting up the next one
      const def = Object.prototype.hasOwnProperty.call(tasks, msg.job.task) ? tasks[msg.job.task] : undefined;
      if (!def) {
        fail(jobId, -1, new Error(`unknown task "${msg.job.task}"`));
        return;
      }
      try {
        const scratch = def.setup ? def.setup(msg.job.params) : undefined;
        job = { id: jobId, task: msg.job.task, def, params: msg.job.params, scratch };
      } catch (e) {
        fail(jobId, -1, e);
        return;
      }
    }
    const current = job;
    if (!current || current.id !== jobId) {
      fail(jobId, -1, new Error(`protocol error: chunk of job ${jobId} arrived without its task and params`));
      return;
    }
    let sliceStart = performance.now();
    for (let i = from; i < to; i++) {
      if (jobId <= cancelledUpTo) break;
      let result: unknown;
      try {
        result = current.def.cell(current.params, i, current.scratch);
      } catch (e) {
        fail(jobId, i, e);
        return;
      }
      try {
        post({ type: 'cell', jobId, index: i, result });
      } catch (e) {
        // typically a DataCloneError: the result holds something structured clone cannot copy
        fail(jobId, i, e);
        return;
      }
      if (i + 1 < to && performance.now() - sliceStart >= SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
    post({ type: 'chunkDone', jobId });
  }

  return (message: ToWorker): void => {
    if (message.type === 'cancel') {
      cancelledUpTo = Math.max(cancelledUpTo, message.jobId);
      if (job && job.id <= cancelledUpTo) job = null;
      return;
    }
    queue = queue.then(() => runChunk(message)).catch((e: unknown) => fail(message.jobId, -1, e));
  };
}
