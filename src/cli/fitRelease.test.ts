import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, csvParts, json, tempFiles } from './testing';

const file = tempFiles();

describe('fit, release, sensitivity, histograms', () => {
  it('fit prints p̂, v̂, energy, iterations, converged and ln MSE_np', async () => {
    const out = await json('fit', '--manifold', 'spd', '--n', '20');
    for (const key of ['p', 'v', 'energy', 'iterations', 'converged', 'lnNonPrivateMse'])
      expect(out.fit).toHaveProperty(key);
    expect(out.fit.lnNonPrivateMse).toBeCloseTo(Math.log(2 * out.fit.energy), 12);
  });

  it('release JSON has the calibration, m footpoints, m×m shooting vectors and MSEs', async () => {
    const m = 3;
    const out = await json(
      'release',
      '--mechanism',
      'kng',
      '--m',
      String(m),
      '--burn-in',
      '100',
      '--eps-p',
      '0.5',
      '--tau',
      '3.14159',
    );
    expect(out.calibration).toMatchObject({ tau: 3.14159 });
    expect(out.calibration).not.toHaveProperty('isPrivate');
    expect(out).not.toHaveProperty('isPrivate');
    // m footpoints with m shooting vectors each: m² pairs costing m·ε_p + m²·ε_v
    expect(out.privacy).toMatchObject({ private: false, releases: m * m, totalEpsilon: m * 0.5 + m * m * 1 });
    expect(out.calibration.deltaP).toBeCloseTo((2 * 3.14159) / 50, 12);
    expect(out.calibration.sigmaP).toBeCloseTo(out.calibration.deltaP / 0.5, 12);
    expect(out.footpoints).toHaveLength(m);
    expect(out.shootingVectors).toHaveLength(m);
    for (const vs of out.shootingVectors) expect(vs).toHaveLength(m);
    expect(out.mse.flat()).toHaveLength(m * m);
    expect(out.acceptance.footpointChains).toHaveLength(m);
    expect(out.escapedShootingChains).toBe(0);
    const csv = await cli('release', '--mechanism', 'kng', '--m', '2', '--burn-in', '100', '--format', 'csv');
    expect(csvParts(csv.stdout).lines).toHaveLength(5);
    expect(csv.stderr).toMatch(/calibration: τ = /);
    expect(csv.stderr).toMatch(/m = 2: 2 footpoints, each with 2 shooting vectors \(4 pairs\)/);
  });

  it('release --mechanism kng prints one publishable pair by default, and says exactly what holds', async () => {
    const out = await json(
      ...['release', '--mechanism', 'kng', '--burn-in', '50', '--tau', '3.1416', '--sigma-rule', 'strict'],
    );
    expect(out.settings.m).toBe(1);
    expect(out.footpoints).toHaveLength(1);
    expect(out.shootingVectors[0]).toHaveLength(1);
    expect(out.privacy).toMatchObject({
      private: false,
      epsilon: 2,
      delta: null,
      releases: 1,
      totalEpsilon: 2,
    });
    expect(out.privacy.statement).toMatch(
      /Each shooting vector is ε_v-DP given the released footpoint .*but the footpoint release is not ε_p-DP, so the pair is not private/,
    );
    const assumption = (re: RegExp) =>
      out.privacy.assumptions.find((a: { text: string }) => re.test(a.text))?.holdsForThisData;
    expect(assumption(/every residual ≤ τ = 3\.1416$/)).toBe(true);
    expect(assumption(/strict rule/)).toBe(true);
    // a public τ below the data's largest residual: the analyst is told the data break it
    const low = await json('release', '--mechanism', 'kng', '--burn-in', '20', '--tau', '0.01');
    expect(low.privacy.assumptions.find((a: { text: string }) => /τ = 0\.01/.test(a.text))).toMatchObject({
      holdsForThisData: false,
    });
    expect(low.privacy.statement).toMatch(/largest residual 0\.\d+ exceeds the public τ = 0\.01/);
    // every setting is a value: the ball's radius is π, not "default"
    expect(out.settings.vRadius).toEqual([Math.PI]);
    expect(JSON.stringify(out.settings)).not.toMatch(/default/);
  });

  it('release defaults to kng-joint: one pair, its privacy statement, ln mean and median MSE', async () => {
    const out = await json('release', '--n', '60');
    expect(out.settings).toMatchObject({
      mechanism: 'kng-joint',
      epsP: 0.75,
      epsV: 0.75,
      epsE: 0.5,
      clip: 0.1,
    });
    expect(out.settings.xRange).toEqual([0, 1]);
    expect(out).not.toHaveProperty('isPrivate');
    expect(out.privacy).toMatchObject({
      private: true,
      epsilon: 2,
      releases: 1,
      totalEpsilon: 2,
      delta: null,
    });
    expect(out.privacy.statement).toMatch(/δ is not certified/);
    expect(out.releases).toHaveLength(1);
    expect(out.lnMedianMse).toBeCloseTo(out.lnMeanMse, 12);
    expect(out.calibration.deltaP).toBeCloseTo((2 * 0.1) / 60, 12);
    const many = await json('release', '--n', '60', '--m', '3');
    expect(many.privacy).toMatchObject({ releases: 3, totalEpsilon: 6 });
    expect(many.notes.join(' ')).toMatch(/publishing all of them costs 3 × ε/);
  });

  it('kng-joint on a file without --x-range is not private and says why; with it, it is', async () => {
    const path = file(
      'years.csv',
      'year,lat,lon\n1990,10,20\n2000,12,25\n2010,15,29\n2020,17,33\n2005,16,31\n',
    );
    const bare = await json('release', '--data', path);
    expect(bare.privacy.private).toBe(false);
    expect(bare.provenance.dataSha256).toBe(createHash('sha256').update(readFileSync(path)).digest('hex'));
    expect(bare.provenance.seeds).toEqual({ data: null, samplers: 1 });
    expect(bare.settings.noise).toBeNull();
    expect(
      bare.privacy.assumptions.find((a: { text: string }) => /covariate range/.test(a.text)),
    ).toMatchObject({ holdsForThisData: false });
    expect(bare.notes.join(' ')).toMatch(/not private/);
    const ranged = await json('release', '--data', path, '--x-range', '1990,2010');
    expect(ranged.privacy.private).toBe(true);
    expect(ranged.notes.join(' ')).toMatch(/1 covariate lay outside the public range and was clamped/);
    const r = await cli('release', '--x-range', '5,1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--x-range must be two numbers LO,HI with LO < HI/);
    const k = await cli('release', '--mechanism', 'kng', '--clip', '0.2');
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/--clip is a setting of --mechanism kng-joint/);
  });

  it('sensitivity prints cells and the minimum ratio per n', async () => {
    const out = await json('sensitivity', '--n', '20,30', '--pairs', '3', '--workers', '1');
    expect(out.cells).toHaveLength(6);
    expect(out.summary.map((s: { n: number }) => s.n)).toEqual([20, 30]);
    for (const s of out.summary) expect(s.minRatioP).toBeGreaterThanOrEqual(1);
  });

  it('histograms prints draws and summaries', async () => {
    const out = await json('histograms', '--draws', '10', '--burn-in', '100', '--workers', '1');
    expect(out.draws).toHaveLength(10);
    expect(out.summary.angle.histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(10);
  });
});
