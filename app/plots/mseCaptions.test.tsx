// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurveVerdict, SplitVerdict } from './curveShape';
import { SplitCaption } from './mseCaptions';

afterEach(cleanup);

const curve = (shape: CurveVerdict['shape']): CurveVerdict =>
  ({ label: 'n = 100', shape, best: { x: 0.4, y: -5 }, timesNonPrivate: 1.5 }) as CurveVerdict;
const verdict = (shape: SplitVerdict['shape']): SplitVerdict => ({
  shape,
  curves: [curve(shape === 'mixed' ? 'u' : (shape as CurveVerdict['shape']))],
  done: 9,
  total: 9,
  swamped: false,
});
const text = (v: SplitVerdict, adviceFlat: boolean | null) =>
  render(<SplitCaption verdict={v} adviceFlat={adviceFlat} />).container.textContent ?? '';

describe('the split plot’s headline beside the advisor’s verdict', () => {
  it('says "no split helps" only where no advice on screen tells the splits apart', () => {
    expect(text(verdict('flat'), null)).toMatch(/No split helps here/);
    cleanup();
    expect(text(verdict('flat'), true)).toMatch(/No split helps here/);
    cleanup();
    const withAdvice = text(verdict('flat'), false);
    expect(withAdvice).not.toMatch(/No split helps/);
    expect(withAdvice).toMatch(
      /Flat within this sweep's noise.*advisor's finer sweep \(below\) tells the splits apart/,
    );
  });

  it('a shape the advisor finds no difference in says so beside it', () => {
    for (const shape of ['u', 'left', 'right'] as const) {
      expect(text(verdict(shape), null)).not.toMatch(/advisor/);
      cleanup();
      expect(text(verdict(shape), true)).toMatch(
        /advisor's finer sweep \(below\) finds no split clearly better/,
      );
      cleanup();
      expect(text(verdict(shape), false)).not.toMatch(/advisor/);
      cleanup();
    }
  });
});

describe('the split plot’s headline while the sweep refines', () => {
  const refining = { groups: 2, groupsTotal: 10, pairs: 20, pairsTotal: 100 };
  it('says the points are in but not yet what they show, and on how many pairs', () => {
    const coarse = text({ ...verdict('pending'), refining }, null);
    expect(coarse).toMatch(/^Refining: every point is drawn, from 20 of its 100 private pairs so far/);
    expect(coarse).toMatch(/said once each rests on 50, when its error bars can be trusted/);
    expect(coarse).not.toMatch(/\bU\b/);
  });

  it('a shape said while it refines says how far it has got', () => {
    const soFar = text({ ...verdict('u'), refining: { ...refining, groups: 6, pairs: 60 } }, null);
    expect(soFar).toMatch(/^A U/);
    expect(soFar).toMatch(/So far: 60 of 100 pairs per point; the error bars shrink/);
  });

  it('points still missing are counted as before', () => {
    expect(text({ ...verdict('pending'), done: 4, total: 9, refining }, null)).toMatch(
      /^Computing: 4 of 9 points/,
    );
  });
});
