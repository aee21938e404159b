/** The shape of a worker task (see tasks.ts for the rules); in its own file so task modules avoid an import cycle. */

/** Definition of one task. `S` is the per-worker scratch type returned by `setup` (none by default). */
export interface TaskDef<P, R, S = undefined> {
  /** Number of cells of a job with these params (a non-negative integer). */
  cellCount(params: P): number;
  /** Optional per-worker, per-job preparation; its result is passed to every `cell` call as `scratch`. */
  setup?(params: P): S;
  /** Computes cell `cellIndex`; a pure function of `(params, cellIndex)`. */
  cell(params: P, cellIndex: number, scratch: S): R;
}

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
