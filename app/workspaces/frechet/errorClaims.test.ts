import { describe, expect, it } from 'vitest';
import type { FrechetRow } from '../../../src/experiments/frechetRows';
import type { FrechetMechanismId } from '../../state/settings';
import { epsFall, growthSentence, logLogSlope, lowerCurveSentence } from './errorClaims';
import type { ErrorModel, ErrorSeries } from './errorPlotModel';

/** A hand-made curve: its errors at the xs, each with ±2 SE bars of `band` times the error. */
function curve(mechanism: FrechetMechanismId, xs: number[], ys: number[], band = 0.05): ErrorSeries {
  return {
    mechanism,
    isPrivate: true,
    distance: 'riemannian',
    points: xs.map((x, i) => ({
      x,
      y: ys[i],
      lo: ys[i] * (1 - band),
      hi: ys[i] * (1 + band),
      row: {} as FrechetRow,
    })),
  };
}
const model = (...series: ErrorSeries[]): ErrorModel => ({ series, notes: [], skipped: 0 });

const K = [2, 5, 10, 30];
const EPS = [0.1, 0.3, 1, 3];

describe('002’s error against k, in words', () => {
  it('says “much faster” only when the plotted Laplace curve grows at least twice as much, and which is lower at the largest k', () => {
    const m = model(curve('rl', K, [0.01, 0.03, 0.06, 0.12]), curve('tg', K, [0.02, 0.025, 0.03, 0.03]));
    const s = growthSentence(m, 'rl', 'tg')!;
    expect(s).toContain(
      'From k = 2 to 30 the Riemannian Laplace error grows much faster: about 12×, against about 1.5× for the Tangent Gaussian’s; at k = 30 the Tangent Gaussian’s is the lower, by about 4×.',
    );
  });

  it('never claims a faster growth over curves that grow alike, nor a winner where the bars overlap', () => {
    const m = model(
      curve('rl', K, [0.01, 0.012, 0.014, 0.015], 0.2),
      curve('tg', K, [0.011, 0.013, 0.015, 0.016], 0.2),
    );
    const s = growthSentence(m, 'rl', 'tg')!;
    expect(s).toContain('grows about as fast: about 1.5×, against about 1.5× for the Tangent Gaussian’s');
    expect(s).not.toMatch(/faster|is the lower/);
    expect(s).toContain('the two are the same within their ±2 SE bars');
  });

  it('flat curves: no growth to speak of', () => {
    const flat = [0.02, 0.02, 0.02, 0.02];
    expect(growthSentence(model(curve('rl', K, flat), curve('tg', K, flat)), 'rl', 'tg')).toBe(
      'From k = 2 to 30 the Riemannian Laplace error hardly changes and the Tangent Gaussian’s hardly changes; at k = 30 the two are the same within their ±2 SE bars.',
    );
  });

  it('says nothing until both curves have their first and last k', () => {
    const partial = model(curve('rl', K, [0.01, 0.03, 0.06, 0.12]), curve('tg', [2, 5], [0.02, 0.025]));
    expect(growthSentence(partial, 'rl', 'tg')).toBeNull();
    expect(growthSentence(model(curve('rl', K, [1, 2, 3, 4])), 'rl', 'tg')).toBeNull();
  });
});

describe('which curve is lower, in words', () => {
  it('lower at every ε: by how much, as a range of ratios', () => {
    const m = model(curve('rl', EPS, [1, 0.3, 0.1, 0.03]), curve('ambient', EPS, [1.8, 0.45, 0.14, 0.04]));
    expect(lowerCurveSentence(m, 'rl', 'ambient', 'ε')).toBe(
      'The Riemannian Laplace error is the lower at every ε shown, by about 1.3–1.8×.',
    );
  });

  it('names the ε where the bars overlap rather than claim a difference there', () => {
    const m = model(curve('rl', EPS, [1, 0.3, 0.1, 0.03]), curve('ambient', EPS, [1.8, 0.45, 0.14, 0.0305]));
    const s = lowerCurveSentence(m, 'rl', 'ambient', 'ε')!;
    expect(s).not.toContain('at every ε');
    expect(s).toBe(
      'The Riemannian Laplace error is the lower at ε = 0.1, 0.3 and 1, by about 1.4–1.8×; their ±2 SE bars overlap at ε = 3.',
    );
  });

  it('curves that cross: each lower where it is', () => {
    const m = model(curve('rl', EPS, [1, 0.3, 0.1, 0.05]), curve('ambient', EPS, [2, 0.6, 0.1, 0.02]));
    expect(lowerCurveSentence(m, 'rl', 'ambient', 'ε')).toBe(
      'The Riemannian Laplace error is the lower at ε = 0.1 and 0.3, the Ambient Laplace error at ε = 3; their ±2 SE bars overlap at ε = 1.',
    );
  });

  it('many ε: counted rather than listed', () => {
    const xs = [0.1, 0.2, 0.5, 1, 2, 5];
    const rl = xs.map((e) => 0.1 / e);
    const m = model(
      curve('rl', xs, rl),
      curve(
        'ambient',
        xs,
        rl.map((y, i) => (i < 4 ? 1.5 * y : y)),
      ),
    );
    expect(lowerCurveSentence(m, 'rl', 'ambient', 'ε')).toBe(
      'The Riemannian Laplace error is the lower at 4 of the 6 ε, by about 1.5×; their ±2 SE bars overlap at ε = 2 and 5.',
    );
  });

  it('the same curve twice: no difference claimed', () => {
    const ys = [1, 0.3, 0.1, 0.03];
    expect(
      lowerCurveSentence(model(curve('rl', EPS, ys), curve('ambient', EPS, ys)), 'rl', 'ambient', 'ε'),
    ).toBe(
      'The Riemannian Laplace and Ambient Laplace errors are the same within their ±2 SE bars at every ε shown.',
    );
  });
});

describe('how the error-vs-ε curves fall', () => {
  it('every curve like 1/ε', () => {
    const m = model(
      curve(
        'rl',
        EPS,
        EPS.map((e) => 0.1 / e),
      ),
      curve(
        'tg',
        EPS,
        EPS.map((e) => 0.2 / e),
      ),
    );
    expect(logLogSlope(m.series[0])).toBeCloseTo(-1, 9);
    expect(epsFall(m)).toEqual({ falls: 'all', likeInverse: true, notFalling: [] });
  });

  it('a flat curve is named, and no 1/ε is claimed', () => {
    const m = model(
      curve(
        'rl',
        EPS,
        EPS.map((e) => 0.1 / e),
      ),
      curve('ambient', EPS, [0.5, 0.5, 0.49, 0.5]),
    );
    expect(epsFall(m)).toEqual({ falls: 'some', likeInverse: false, notFalling: ['ambient'] });
  });
});
