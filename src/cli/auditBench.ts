/**
 * The audit's benchmark run, for `bench/` to time: N = 2000 releases per side of the lab's default
 * KNG release on the sphere (n = 50, burn-in 1000, one footpoint and one shooting-vector chain per release, so
 * 4000 releases × 2000 MH steps — about the work of the Fig. 1 sweep) on a Node worker pool. Node only (it
 * makes worker threads); the audit itself (src/audit/audit.ts) runs anywhere. It lives beside the CLI, not the
 * audit, because a pool loads the task registry, which imports every experiment and the audit.
 */
import { auditInfo, auditResult, type AuditResult, type AuditSpec } from '../audit/audit';
import { DEFAULT_KNG_SETTINGS } from '../privacy/kng';
import { DEFAULT_LINREG_SETTINGS } from '../privacy/linreg';
import { createNodePool } from '../workers/node';

export function sphereAuditBenchSpec(releases = 2000): AuditSpec {
  return {
    mechanism: 'kng',
    data: { kind: 'regression', source: { kind: 'synthetic', manifold: 'sphere', n: 50, seed: 1 } },
    settings: {
      eps: 2,
      kng: { ...DEFAULT_KNG_SETTINGS, burnIn: 1000 },
      frechet: {
        metric: 'logEuclidean',
        radius: Math.PI / 8,
        delta: 1e-6,
        calibration: 'analytic',
        sigmaRule: 'paper',
      },
      linreg: DEFAULT_LINREG_SETTINGS,
    },
    neighbour: { kind: 'largest-residual' },
    releases,
    seed: 1,
  };
}

export interface AuditBench {
  /** Wall time of the pool job (releases and scores; the result's curves take milliseconds more). */
  seconds: number;
  workers: number;
  releasesPerSide: number;
  result: AuditResult;
}

/** Runs the benchmark audit on `workers` worker threads and times it. */
export async function benchSphereAudit(workers = 2, releases = 2000): Promise<AuditBench> {
  const spec = sphereAuditBenchSpec(releases);
  const info = auditInfo(spec);
  const pool = createNodePool(workers);
  try {
    const t0 = performance.now();
    const cells = await pool.run('audit', spec).promise;
    const seconds = (performance.now() - t0) / 1000;
    return { seconds, workers, releasesPerSide: releases, result: auditResult(info, cells, releases) };
  } finally {
    pool.terminate();
  }
}
