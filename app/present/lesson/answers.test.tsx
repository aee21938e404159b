// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditResult } from '../../../src/audit';
import type { Advice } from '../../../src/experiments';
import type { SizesRow } from '../../../src/experiments/sizesRows';
import type { PrivacyStatement } from '../../../src/privacy/statement';
import type { ErrorModel } from '../../workspaces/frechet/errorPlotModel';
import type { CurveVerdict, SplitVerdict } from '../../plots/curveShape';
import type { AdviceRun } from '../../store';
import {
  adviceAnswer,
  fitAnswer,
  releaseAnswer,
  sizesAnswer,
  splitAnswer,
  type LessonAnswer,
} from './answers';
import { auditAnswer } from './AuditAnswer';
import { frechetAnswer } from './FrechetAnswer';
import { shapesAnswer, type ShapeMeasure } from './ShapesAnswer';

afterEach(cleanup);

/** The answer as the class reads it. */
const text = (a: LessonAnswer) => {
  const t = render(<p>{a.body}</p>).container.textContent ?? '';
  cleanup();
  return t;
};

describe('the fit', () => {
  it('is a great circle turning through |v̂| radians, with the fit’s ln MSE', () => {
    expect(fitAnswer({ fit: null, n: 300 }).done).toBe(false);
    const a = fitAnswer({ fit: { vHat: Float64Array.of(0, Math.PI / 2, 0), lnMse: -6.314 }, n: 300 });
    expect(a.done).toBe(true);
    expect(text(a)).toBe(
      'A great circle: the fitted geodesic (solid) leaves the footpoint p̂ along the shooting vector v̂ and ' +
        'turns through 90° as x crosses its range. Over the 300 directions its ln MSE is −6.31.',
    );
  });
});

describe('one private release', () => {
  const statement = {
    statement:
      'Each pair (p̃, ṽ) is 1-DP (ε_E + ε_p + ε_v) for the exact target; the sampler’s δ is not certified. Publishing all 2 pairs costs ε = 2.',
  } as PrivacyStatement;
  const privacy = { label: 'private for any data (ε = 1.00)', privateForAnyData: true, statement };

  it('says how far its draws stray, as a multiple of the non-private error, and what one draw promises', () => {
    const summary = { lnMeanMse: -5.87, lnNonPrivateMse: -6.31, pairs: 2 };
    const a = releaseAnswer({ summary, done: true, privacy });
    expect(a.done).toBe(true);
    expect(text(a)).toBe(
      'Its draws’ ln mean MSE is −5.87 against −6.31 without privacy: about 1.6× the non-private error. ' +
        'Private for any data: each pair (p̃, ṽ) is 1-DP (ε_E + ε_p + ε_v) for the exact target; the ' +
        'sampler’s δ is not certified.',
    );
    // the draws' error far above the fit's
    expect(text(releaseAnswer({ summary: { ...summary, lnMeanMse: -1.71 }, done: true, privacy }))).toContain(
      'about 99× the non-private error',
    );
  });

  it('waits for the whole release, and names a release that is not private for any data by its badge', () => {
    const partial = releaseAnswer({
      summary: { lnMeanMse: -5, lnNonPrivateMse: -6, pairs: 1 },
      done: false,
      privacy,
    });
    expect(partial.done).toBe(false);
    expect(text(partial)).toBe('Drawing the private release… 1 draws so far.');
    const paper = releaseAnswer({
      summary: { lnMeanMse: -5, lnNonPrivateMse: -6, pairs: 4 },
      done: true,
      privacy: { label: 'not private (τ from the data)', privateForAnyData: false, statement: null },
    });
    expect(text(paper)).toMatch(/about 2.7× the non-private error\. not private \(τ from the data\)\.$/);
  });
});

describe('the split', () => {
  const curve = (shape: CurveVerdict['shape'], x: number, times: number): CurveVerdict =>
    ({ label: 'n = 300', shape, best: { x, y: -6 }, timesNonPrivate: times }) as CurveVerdict;
  const verdict = (shape: SplitVerdict['shape'], c: CurveVerdict, done = 10): SplitVerdict => ({
    shape,
    curves: [c],
    done,
    total: 10,
    swamped: (c.timesNonPrivate ?? 0) >= 10,
  });

  it('is the split plot’s own verdict and best split', () => {
    const u = splitAnswer({ verdict: verdict('u', curve('u', 0.34, 1.8)), adviceFlat: null });
    expect(u.done).toBe(true);
    expect(text(u)).toBe(
      'A U: starving either part of the budget raises the error, so the best split lies in between. ' +
        'Best split: n = 300 at εp ≈ 0.34 (about 1.8× the non-private error).',
    );
    const flat = text(splitAnswer({ verdict: verdict('flat', curve('flat', 0.1, 96)), adviceFlat: null }));
    expect(flat).toBe(
      'The noise swamps the fit: even the best split leaves the error about 96× the non-private one. ' +
        'No split helps here: at this n and ε every split gives about the same error.',
    );
  });

  it('waits for every point of the plot', () => {
    const pending = splitAnswer({ verdict: verdict('pending', curve('flat', 0.1, 2), 4), adviceFlat: null });
    expect(pending.done).toBe(false);
    expect(text(pending)).toMatch(/^Computing: 4 of 10 points/);
  });
});

describe('the advisor', () => {
  const advice = {
    summary: 'Give the footpoint 32%–56% of ε (best ≈ 47%).',
    excess: Math.log(1.5),
  } as Advice;
  const run = (status: AdviceRun['status'], source: AdviceRun['source'] = 'synthetic'): AdviceRun => ({
    key: 'k',
    source,
    status,
    stage: 'fine',
    done: 3,
    total: 8,
    advice: status === 'done' ? advice : null,
    error: status === 'error' ? 'no workers' : null,
  });

  it('spends no privacy on synthetic data, and gives the advice in the advice panel’s words', () => {
    const a = adviceAnswer({ run: run('done'), current: advice, n: 300 });
    expect(a.done).toBe(true);
    expect(text(a)).toBe(
      'Yes: it sweeps the split on synthetic data of the same size (n = 300), never on anyone’s record. ' +
        'Give the footpoint 32%–56% of ε (best ≈ 47%). At its best split the error is about 1.5× the ' +
        'non-private one.',
    );
    expect(text(adviceAnswer({ run: run('done', 'data'), current: advice, n: 300 }))).toMatch(
      /^Not this way: this advice ran on the data shown/,
    );
  });

  it('says what the advisor is doing until it is done, and when it failed', () => {
    const running = adviceAnswer({ run: run('running'), current: null, n: 300 });
    expect(running.done).toBe(false);
    expect(text(running)).toBe('Sweeping the split (fine, more pairs): 3 of at most 8 chain groups…');
    expect(text(adviceAnswer({ run: null, current: null, n: 300 }))).toBe('Starting the advisor…');
    const failed = adviceAnswer({ run: run('error'), current: null, n: 300 });
    expect(failed.done).toBe(true);
    expect(text(failed)).toBe('The advisor failed: no workers');
  });
});

describe('the audit', () => {
  const result = (over: Partial<AuditResult>): AuditResult =>
    ({
      releases: 200,
      leaks: true,
      claimedEpsilon: 1,
      delta: 0,
      epsilonLower: 2.21,
      verdict: 'leaks more than the claimed ε = 1: at least 2.21',
      // one threshold test at 5% false alarms that misses 12%
      tradeOff: { alpha: [0, 0.05, 1], beta: [1, 0.12, 0] },
      ...over,
    }) as AuditResult;
  const input = { progress: { done: 0, total: 0 }, error: null, record: null };

  it('is the audit’s verdict, with the attacker’s power against what ε allows and the record changed', () => {
    const a = auditAnswer({
      ...input,
      result: result({}),
      running: false,
      record: { index: 116, chosen: false },
    });
    expect(a.done).toBe(true);
    expect(text(a)).toBe(
      'Leaks more than the claimed ε = 1: at least 2.21. At 5.0% false alarms the best test catches 88% of ' +
        'the releases from D′, where ε = 1.00 allows at most 14% (200 releases per side). The changed ' +
        'record, marked in the view, is #117 (the largest residual).',
    );
    // a release that claims nothing has no bound to quote
    const np = result({
      claimedEpsilon: Infinity,
      verdict: 'not private: an attacker tells D from D′ with ε ≥ 3.69',
    });
    expect(text(auditAnswer({ ...input, result: np, running: false }))).toMatch(
      /^Not private: an attacker tells D from D′ with ε ≥ 3\.69\. At 5\.0% false alarms the best test catches 88% of the releases from D′ \(200/,
    );
  });

  it('says "so far" while releases arrive, and waits or fails plainly', () => {
    const so = auditAnswer({ ...input, result: result({}), running: true });
    expect(so.done).toBe(false);
    expect(text(so)).toMatch(/^So far: leaks more than the claimed ε = 1: at least 2\.21\./);
    expect(
      text(auditAnswer({ ...input, result: null, running: true, progress: { done: 3, total: 20 } })),
    ).toBe('Attacking the release: 3 of 20 cells…');
    expect(text(auditAnswer({ ...input, result: null, running: false, error: 'boom' }))).toBe(
      'The audit failed: boom',
    );
  });
});

describe('where privacy starts to pay', () => {
  const row = (n: number, mechanism: SizesRow['mechanism'], lnMeanMse: number): SizesRow => ({
    n,
    mechanism,
    lnMeanMse,
    lnMedianMse: lnMeanMse,
    draws: 2,
  });

  it('is the error-against-n plot’s reading, at its ε', () => {
    const rows = [
      row(50, 'kng-joint', -1),
      row(50, 'nonprivate', -6),
      row(300, 'kng-joint', -5.8),
      row(300, 'nonprivate', -6.2),
    ];
    const a = sizesAnswer({ rows, done: true, eps: 1 });
    expect(a.done).toBe(true);
    expect(text(a)).toBe(
      'At n = 50 its mean error is about 148× the non-private one. From n = 300 on it is within about 1.6× ' +
        'the non-private error: there privacy starts to pay. (ε = 1.00, equal split.)',
    );
    expect(sizesAnswer({ rows, done: false, eps: 1 }).done).toBe(false);
    expect(text(sizesAnswer({ rows: [], done: false, eps: 1 }))).toBe('Computing the error against n…');
  });
});

describe('the dimension effect on shapes', () => {
  const few: ShapeMeasure = {
    landmarks: 8,
    dim: 12,
    n: 2000,
    eps: 1,
    footDistance: 0.0349,
    lnMeanMse: -5.4,
    lnNonPrivateMse: -5.53,
  };
  const many: ShapeMeasure = {
    ...few,
    landmarks: 50,
    dim: 96,
    footDistance: 0.981,
    lnMeanMse: -0.44,
    lnNonPrivateMse: -5.69,
  };

  it('measures how far the private footpoints and fit stray at this landmark count', () => {
    expect(shapesAnswer({ measure: null, other: null }).done).toBe(false);
    expect(text(shapesAnswer({ measure: few, other: null }))).toBe(
      'With 8 landmarks (d = 12 dimensions) the private footpoints lie on average 0.0349 from the ' +
        'non-private one; the fit’s ln mean MSE is −5.40 against −5.53: about 1.1× the non-private error.',
    );
  });

  it('compares with the other landmark count once both are measured, either way round', () => {
    const yes =
      /With 8: 0\.0349, about 1\.1×\. Yes: more landmarks give the noise more directions to spread into\.$/;
    expect(text(shapesAnswer({ measure: many, other: few }))).toMatch(yes);
    expect(text(shapesAnswer({ measure: few, other: many }))).toMatch(/With 50: 0\.981, about 190×\. Yes:/);
    const calm = { ...many, lnMeanMse: -5.6 };
    expect(text(shapesAnswer({ measure: calm, other: few }))).toMatch(
      /Not at these settings: the fit with more landmarks strays no further\.$/,
    );
  });
});

describe('the private Fréchet means', () => {
  const point = (x: number, y: number, se = 0.001) => ({ x, y, lo: y - 2 * se, hi: y + 2 * se, row: {} });
  const series = (mechanism: string, ys: number[], se?: number, isPrivate = true) => ({
    mechanism,
    isPrivate,
    distance: 'euclidean',
    points: [0.5, 1, 2].map((x, i) => point(x, ys[i], se)),
  });
  const model = (...s: ReturnType<typeof series>[]) =>
    ({ series: s, notes: [], skipped: 0 }) as unknown as ErrorModel;
  const grid = [0.5, 1, 2];

  it('names the private mean closest at the current ε, with the others’ errors', () => {
    const m = model(
      series('rl', [0.04, 0.018, 0.01]),
      series('tg', [0.09, 0.045, 0.02]),
      series('extg', [0.1, 0.055, 0.03]),
    );
    const a = frechetAnswer({ model: m, grid, eps: 1, done: true, allEuclidean: true });
    expect(a.done).toBe(true);
    expect(text(a)).toBe(
      'At ε = 1.00 the Riemannian Laplace lands closest: mean Euclidean error 0.018, against Tangent ' +
        'Gaussian 0.045, Extrinsic Gaussian 0.055.',
    );
    // read at the grid's point nearest the current ε
    expect(text(frechetAnswer({ model: m, grid, eps: 1.7, done: true, allEuclidean: true }))).toMatch(
      /^At ε = 2\.00 the Riemannian Laplace lands closest: mean Euclidean error 0\.010/,
    );
  });

  it('says when the best is within the noise of the next, and leaves out means that are not private', () => {
    const m = model(
      series('rl', [0.04, 0.02, 0.01], 0.004),
      series('tg', [0.09, 0.024, 0.02], 0.004),
      series('conformal', [0.01, 0.001, 0.001], 0.0001, false),
    );
    const t = text(frechetAnswer({ model: m, grid, eps: 1, done: false, allEuclidean: true }));
    expect(t).toMatch(/^At ε = 1\.00 the Riemannian Laplace lands closest/);
    expect(t).toContain(
      'Its ±2 SE bar overlaps the Tangent Gaussian’s: the two are within the releases’ noise.',
    );
    expect(t).toContain('Not private, so not counted: Conformal-DP.');
    expect(frechetAnswer({ model: model(), grid, eps: 1, done: false, allEuclidean: true }).done).toBe(false);
  });

  it('marks the Euclidean errors when the others are in their own distance', () => {
    const own = model(
      { ...series('rl', [0.04, 0.018, 0.01]), distance: 'riemannian' },
      series('extg', [0.1, 0.055, 0.03]),
    );
    expect(text(frechetAnswer({ model: own, grid, eps: 1, done: true, allEuclidean: false }))).toBe(
      'At ε = 1.00 the Riemannian Laplace lands closest: mean error 0.018, against Extrinsic Gaussian 0.055 ' +
        '(Euclidean).',
    );
  });
});
