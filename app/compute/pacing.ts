/**
 * Test-only pacing of the worker streams, so end-to-end tests can look at intermediate states (a plot half
 * filled in, a progress bar part way) without racing the workers. Off unless the page was opened with
 * `?pace=<task>,<task>` (read once at start, like `?faults=1`); then the cells of those tasks' jobs are held back
 * and handed to the store only as `window.__dpLabPace.allow(task, k)` lets k more through, or all of them after
 * `open(task)`. The job's promise (the store's "done") waits for its last cell to be let through. The workers
 * compute at full speed either way: only the hand-over is paced, through the same code path as unpaced cells.
 */

interface Held {
  /** A cell uses up one unit of allowance; the end of a job does not (it waits only for the cells before it). */
  isCell: boolean;
  run: () => void;
}

interface Gate {
  /** Cells that may still pass (Infinity once open). */
  allowance: number;
  /** Deliveries waiting, oldest first. */
  queue: Held[];
}

const gates = new Map<string, Gate>();

/** Turns pacing on for the tasks named in `?pace=` (before any job starts). Returns whether any is paced. */
export function enablePacingFromUrl(search: string): boolean {
  const tasks = (new URLSearchParams(search).get('pace') ?? '').split(',').filter(Boolean);
  for (const task of tasks) gates.set(task, { allowance: 0, queue: [] });
  return tasks.length > 0;
}

function drain(gate: Gate): void {
  while (gate.queue.length && (!gate.queue[0].isCell || gate.allowance > 0)) {
    const next = gate.queue.shift()!;
    if (next.isCell) gate.allowance--;
    next.run();
  }
}

function gateOf(task: string): Gate {
  const gate = gates.get(task);
  if (!gate) throw new Error(`task "${task}" is not paced (open the lab with ?pace=${task})`);
  return gate;
}

/** Lets `k` more cells of `task` through to the store. */
export function allow(task: string, k: number): void {
  const gate = gateOf(task);
  gate.allowance += Math.max(0, Math.floor(k));
  drain(gate);
}

/** Lets every cell of `task` through, now and from now on. */
export function open(task: string): void {
  const gate = gateOf(task);
  gate.allowance = Infinity;
  drain(gate);
}

/** Cells of `task` held back right now. */
export function held(task: string): number {
  return gateOf(task).queue.filter((h) => h.isCell).length;
}

/**
 * For one job of `task`: `deliver` as is when the task is not paced; otherwise a version that holds each call
 * until the gate lets it through, and `settled(promise)` that resolves only after the job's held cells have
 * been let through. A job that ends in an error or is cancelled drops its held cells (they are stale).
 */
export function pacedDelivery<A extends unknown[]>(
  task: string,
  deliver: (...args: A) => void,
): { deliver: (...args: A) => void; settled: <T>(promise: Promise<T>) => Promise<T> } {
  const gate = gates.get(task);
  if (!gate) return { deliver, settled: (p) => p };
  const mine = new Set<Held>();
  const hold = (held: Held) => {
    mine.add(held);
    gate.queue.push(held);
    drain(gate);
  };
  return {
    deliver: (...args) => {
      const held: Held = { isCell: true, run: () => (mine.delete(held), deliver(...args)) };
      hold(held);
    },
    settled: (p) =>
      p.then(
        (value) => new Promise((resolve) => hold({ isCell: false, run: () => resolve(value) })),
        (error) => {
          gate.queue = gate.queue.filter((h) => !mine.has(h));
          throw error;
        },
      ),
  };
}
