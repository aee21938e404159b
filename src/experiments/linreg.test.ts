import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDataFile } from '../io';
import { olsFit } from '../privacy/linreg';
import { createNodePool } from '../workers/node';
import type { WorkerPool } from '../workers/pool';
import {
  aggregateLinreg,
  firstRows,
  linregCellCount,
  linregData,
  runLinreg,
  wine001Data,
  WINE_001,
  type LinregResult,
  type LinregSpec,
} from './linreg';

const WINE_TEXT = readFileSync(new URL('../../public/data/winequality-red.csv', import.meta.url), 'utf8');
const METHODS = ['nonprivate', 'dpgr', 'dpsgd', 'ssp'] as const;

const mseOf = (r: LinregResult, method: string, eps: number) =>
  r.rows.find((row) => row.method === method && row.eps === eps)!.mse;

describe('paper 001’s claim at ε = 2: non-DP < DPGR < DP-SGD (Opacus) < SSP (diffprivlib), by mean MSE', () => {
  it('on the wine table (first 100 rows, x = fixed acidity, y = pH), 400 releases per method', () => {
    const wine = wine001Data(WINE_TEXT);
    expect(wine.ys).toHaveLength(100);
    expect(wine.xLabel).toBe('fixed acidity');
    expect(wine.yLabels).toEqual(['pH']);
    const r = runLinreg({
      source: { kind: 'imported', xs: wine.xs, ys: wine.ys },
      eps: [2],
      methods: [...METHODS],
      reps: 400,
      seed: 1,
    });
    const [np, dpgr, dpsgd, ssp] = METHODS.map((m) => mseOf(r, m, 2));
    expect(np).toBeLessThan(dpgr);
    expect(dpgr).toBeLessThan(dpsgd);
    expect(dpsgd).toBeLessThan(ssp);
    // Margins well beyond the Monte-Carlo error (the order is not a coin flip at this seed).
    const dpgrRow = r.rows.find((row) => row.method === 'dpgr')!;
    expect(dpsgd - dpgr).toBeGreaterThan((4 * dpgrRow.mseSd) / Math.sqrt(dpgrRow.reps));
    expect(ssp / dpsgd).toBeGreaterThan(5);
  });

  it('on the project’s synthetic linear data (n = 100, d = 1, noise sd 0.1), for three data seeds', () => {
    for (const seed of [1, 2, 3]) {
      const r = runLinreg({
        source: { kind: 'synthetic', n: 100, seed },
        eps: [2],
        methods: [...METHODS],
        reps: 200,
        seed,
      });
      const [np, dpgr, dpsgd, ssp] = METHODS.map((m) => mseOf(r, m, 2));
      expect(np).toBeLessThan(dpgr);
      expect(dpgr).toBeLessThan(dpsgd);
      expect(dpsgd).toBeLessThan(ssp);
    }
  });

  it('is not robust to the choice of response: with y = residual sugar (heavy-tailed residuals), DP-SGD beats DPGR', () => {
    const parsed = parseDataFile(WINE_TEXT, {
      fileName: 'winequality-red.csv',
      manifold: 'euclidean',
      columns: { x: 'fixed acidity', y: ['residual sugar'] },
    });
    const data = firstRows(parsed.xs, parsed.ys, 100);
    const r = runLinreg({
      source: { kind: 'imported', ...data },
      eps: [2],
      methods: ['dpgr', 'dpsgd'],
      reps: 400,
      seed: 1,
    });
    expect(mseOf(r, 'dpsgd', 2)).toBeLessThan(mseOf(r, 'dpgr', 2));
  });
});

describe('MSE against ε', () => {
  const spec: LinregSpec = {
    source: { kind: 'synthetic', n: 50, d: 2, noise: 0.2, seed: 5 },
    eps: [0.2, 0.5, 1, 2, 5, 20],
    methods: [...METHODS],
    reps: 60,
    seed: 3,
    keepLines: 4,
  };
  const r = runLinreg(spec);

  it('falls as ε grows for every private method and approaches the non-private MSE', () => {
    for (const m of ['dpgr', 'ssp', 'dpsgd']) {
      const rows = r.rows.filter((row) => row.method === m);
      expect(rows.map((row) => row.eps)).toEqual(spec.eps);
      const first = rows[0].mse;
      const last = rows[rows.length - 1].mse;
      expect(last).toBeLessThan(first);
      for (const row of rows) expect(row.mse).toBeGreaterThanOrEqual(row.nonPrivateMse);
      expect(rows[rows.length - 1].ratio).toBeLessThan(m === 'dpgr' ? 1.01 : 1.1);
    }
    // DPGR: common random numbers and noise ∝ 1/ε make its curve exactly monotone.
    const dpgr = r.rows.filter((row) => row.method === 'dpgr').map((row) => row.mse);
    for (let i = 1; i < dpgr.length; i++) expect(dpgr[i]).toBeLessThan(dpgr[i - 1]);
  });

  it('rows carry method, ε, mean, sd, median, reps, the non-private MSE and the privacy label', () => {
    expect(r.rows).toHaveLength(4 * spec.eps.length);
    for (const row of r.rows) {
      expect(row.reps).toBe(row.method === 'nonprivate' ? 1 : 60);
      expect(Number.isFinite(row.mse) && Number.isFinite(row.mseSd) && Number.isFinite(row.mseMedian)).toBe(
        true,
      );
      expect(row.ratio).toBeCloseTo(row.mse / row.nonPrivateMse, 12);
      expect(row.delta).toBe(row.method === 'dpsgd' ? 1e-5 : 0);
    }
    const np = r.rows.filter((row) => row.method === 'nonprivate');
    for (const row of np) expect(row.mse).toBeCloseTo(row.nonPrivateMse, 14);
    // Data-driven τ (DPGR) and data-driven bounds (SSP) are labelled; DP-SGD's settings are public.
    expect(r.rows.find((row) => row.method === 'dpgr')!.isPrivate).toBe(false);
    expect(r.rows.find((row) => row.method === 'ssp')!.isPrivate).toBe(false);
    expect(r.rows.find((row) => row.method === 'dpsgd')!.isPrivate).toBe(true);
    expect(r.notes.join(' ')).toMatch(/not private/);
  });

  it('keeps the first lines of every (method, ε) for drawing', () => {
    expect(r.lines).toHaveLength(4 * spec.eps.length);
    for (const l of r.lines) expect(l.lines).toHaveLength(l.method === 'nonprivate' ? 1 : 4);
    const fit = olsFit(linregData(spec.source));
    expect(r.nonPrivate).toEqual(fit);
    // At ε = 20 the DPGR lines hug the least-squares line; at ε = 0.2 they are ~100× farther.
    const gap = (eps: number) => {
      const ls = r.lines.find((l) => l.method === 'dpgr' && l.eps === eps)!.lines;
      return Math.max(...ls.map((l) => Math.hypot(...l.intercept.map((v, j) => v - fit.intercept[j]))));
    };
    expect(gap(20)).toBeLessThan(gap(0.2) / 20);
  });
});

describe('reproducibility', () => {
  const pools: WorkerPool[] = [];
  afterAll(() => pools.forEach((p) => p.terminate()));
  const spec: LinregSpec = {
    source: { kind: 'synthetic', n: 30, seed: 2 },
    eps: [0.5, 2],
    methods: ['dpgr', 'ssp', 'dpsgd', 'nonprivate'],
    reps: 60,
    seed: 11,
    keepLines: 2,
  };

  it('the worker pool (1 and 2 workers) gives exactly the serial numbers', async () => {
    const serial = runLinreg(spec);
    for (const size of [1, 2]) {
      const pool = createNodePool(size);
      pools.push(pool);
      const cells = await pool.run('linreg', spec, { chunkSize: 3 }).promise;
      expect(cells).toHaveLength(linregCellCount(spec));
      expect(aggregateLinreg(spec, cells)).toEqual(serial);
    }
  });

  it('a method’s numbers do not depend on the ε list or on the other methods', () => {
    const alone = runLinreg({ ...spec, eps: [2], methods: ['ssp'] });
    const all = runLinreg(spec);
    expect(alone.rows[0]).toEqual(all.rows.find((row) => row.method === 'ssp' && row.eps === 2));
  });
});

describe('inputs', () => {
  it('firstRows rescales the covariates of the rows it keeps, and keeps all rows when asked for more', () => {
    const d = firstRows(
      [10, 20, 15, 1000],
      [1, 2, 3, 4].map((v) => Float64Array.of(v)),
      3,
    );
    expect(Array.from(d.xs)).toEqual([0, 1, 0.5]);
    expect(d.xRange).toEqual([10, 20]);
    expect(firstRows([1, 2], [Float64Array.of(0), Float64Array.of(1)], 50).ys).toHaveLength(2);
    expect(() => firstRows([1, 2], [Float64Array.of(0), Float64Array.of(1)], 0)).toThrow(
      /rows must be an integer ≥ 1/,
    );
  });

  it('the wine reading names its columns and rows', () => {
    expect(WINE_001.columns).toEqual({ x: 'fixed acidity', y: ['pH'] });
    expect(WINE_001.attribution).toMatch(/CC BY 4\.0/);
  });

  const base: LinregSpec = {
    source: { kind: 'synthetic', n: 20, seed: 1 },
    eps: [1],
    methods: ['dpgr'],
    reps: 5,
    seed: 1,
  };
  const bad: [string, LinregSpec, RegExp][] = [
    ['empty ε list', { ...base, eps: [] }, /the ε list is empty/],
    ['ε ≤ 0', { ...base, eps: [1, -2] }, /every ε must be a positive finite number \(got -2\)/],
    ['no method', { ...base, methods: [] }, /no method chosen/],
    ['unknown method', { ...base, methods: ['ols' as never] }, /unknown linear-regression method "ols"/],
    ['reps = 0', { ...base, reps: 0 }, /reps must be an integer ≥ 1/],
    [
      'x outside [0, 1]',
      {
        ...base,
        source: { kind: 'imported', xs: Float64Array.of(0, 5), ys: [Float64Array.of(1), Float64Array.of(2)] },
      },
      /covariate 2 is 5/,
    ],
  ];
  for (const [name, spec, message] of bad)
    it(`refuses ${name}`, () => expect(() => runLinreg(spec)).toThrow(message));
});
