import { describe, expect, it } from 'vitest';
import { runAudit } from '../audit/audit';
import { benchSphereAudit, sphereAuditBenchSpec } from './auditBench';

describe('the audit benchmark run', () => {
  it('is the sphere KNG audit (n = 50, burn-in 1000, 2000 releases per side by default) and the pool gives the thread’s numbers', async () => {
    const spec = sphereAuditBenchSpec();
    expect(spec.releases).toBe(2000);
    expect(spec.settings.kng.burnIn).toBe(1000);
    expect(spec.data).toMatchObject({ source: { manifold: 'sphere', n: 50 } });
    const small = await benchSphereAudit(2, 8);
    expect(small.releasesPerSide).toBe(8);
    expect(small.seconds).toBeGreaterThan(0);
    const direct = runAudit(sphereAuditBenchSpec(8));
    expect(small.result.epsilonLower).toBe(direct.epsilonLower);
    expect(small.result.histogram).toEqual(direct.histogram);
  });
});
