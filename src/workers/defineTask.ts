/**
 * The shape of a worker task and of a registry of tasks (see tasks.ts for the rules); in a file of its own that
 * imports nothing, so task modules avoid an import cycle.
 */

/** Definition of one task. `S` is the per-worker scratch type returned by `setup` (none by default). */
export interface TaskDef<P, R, S = undefined> {
  /** Number of cells of a job with these params (a non-negative integer). */
  cellCount(params: P): number;
  /** Optional per-worker, per-job preparation; its result is passed to every `cell` call as `scratch`. */
  setup?(params: P): S;
  /** Computes cell `cellIndex`; a pure function of `(params, cellIndex)`. */
  cell(params: P, cellIndex: number, scratch: S): R;
}

/** Loose shape of a task as seen by code that does not know its types (the worker runtime, the pool). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTaskDef = TaskDef<any, any, any>;

/** Tasks by name, as workers run them: the lab's registry (`TASKS`, tasks.ts) or a test's own. */
export type Registry = Readonly<Record<string, AnyTaskDef>>;
/** Params type of task `K` of registry `T`. */
export type ParamsOf<T extends Registry, K extends keyof T> = Parameters<T[K]['cellCount']>[0];
/** Result type of one cell of task `K` of registry `T`. */
export type ResultOf<T extends Registry, K extends keyof T> = ReturnType<T[K]['cell']>;
/** The cell count of every task of registry `T`, without the cells: what a pool on the main thread needs. */
export type CellCounts<T extends Registry> = { readonly [K in keyof T]: (params: ParamsOf<T, K>) => number };

/** The cell count of a task whose job is one cell. */
export const oneCell = (): number => 1;

/**
 * Identity helper that fixes the type parameters of a task: `defineTask<Params, Result>({ … })`. Marked free of
 * side effects so the bundler drops a task the page never names (its cells run in the workers only).
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineTask<P, R, S = undefined>(def: TaskDef<P, R, S>): TaskDef<P, R, S> {
  return def;
}
