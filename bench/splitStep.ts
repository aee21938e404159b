/**
 * `npm run bench -- --split-step`: the release worker's share of a split step in the lab, without the browser.
 * A split step starts a new release job (m = 10 draws) on the same data in the same worker; this runs the lab's
 * release job at six neighbouring splits on one thread, one job after another as the release pool runs them (the
 * first job is the page load's), and reports the process CPU seconds (steadier than wall time on a shared
 * machine) until the job's first draw — what the view waits for — and until its last, per space at the lab's
 * defaults (sphere n = 300, SPD(2) n = 1000, shapes n = 2000 with 8 landmarks; ε = 1, seed 1), with the ratio to
 * the sphere's. The page's own work (the settings' debounce, drawing) comes on top: `--lab` measures all of it.
 */
import { pathToFileURL } from 'node:url';
import { releaseCell, releaseCellCount, type ReleaseSpec } from '../src/experiments/release';
import type { DataSource } from '../src/experiments/regressionSetup';
import { DEFAULT_KNG_SETTINGS } from '../src/privacy/kng';
import { LAB_SPACES } from './labSpaces';

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export function splitStepBench(steps = 5) {
  const rows: Record<string, { firstDrawCpuSeconds: number; jobCpuSeconds: number; ratioToSphere?: number }> =
    {};
  for (const space of LAB_SPACES) {
    const source = { kind: 'synthetic', seed: 1, ...space } as DataSource;
    const firstDraw: number[] = [];
    const job: number[] = [];
    for (let k = 0; k <= steps; k++) {
      const split = 0.5 + 0.02 * k;
      const spec: ReleaseSpec = {
        source,
        kng: { ...DEFAULT_KNG_SETTINGS, epsP: split, epsV: 1 - split, m: 10, traceEvery: 5 },
        seed: 1,
        mechanism: 'kng-joint',
      };
      const t = cpuSeconds();
      const scratch = {};
      releaseCell(spec, 0, scratch);
      const first = cpuSeconds() - t;
      for (let i = 1; i < releaseCellCount(spec); i++) releaseCell(spec, i, scratch);
      // k = 0 is the page load's job
      if (k > 0) {
        firstDraw.push(first);
        job.push(cpuSeconds() - t);
      }
    }
    rows[space.manifold] = {
      firstDrawCpuSeconds: +median(firstDraw).toFixed(3),
      jobCpuSeconds: +median(job).toFixed(3),
    };
  }
  for (const r of Object.values(rows))
    r.ratioToSphere = +(r.jobCpuSeconds / rows.sphere.jobCpuSeconds).toFixed(1);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  process.stdout.write(`${JSON.stringify(splitStepBench(), null, 2)}\n`);
