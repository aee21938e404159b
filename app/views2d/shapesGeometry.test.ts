import { describe, expect, it } from 'vitest';
import { corpusCallosumTemplate, dataManifold } from '../../src/data';
import { rotateShape } from '../../src/geometry/kendall';
import {
  bounds,
  defaultSliderAge,
  morphShapes,
  nearSubjects,
  nonPrivateAt,
  orientationToData,
  parseAges,
  privateAt,
  shapeFrame,
  shapeProjector,
  shapesAtAges,
  shapesBox,
  sliderRange,
  viewHeights,
} from './shapesGeometry';

const M = dataManifold('kendall');
const young = M.projectPoint(corpusCallosumTemplate(55));
const old = M.projectPoint(corpusCallosumTemplate(85));

describe('shape view geometry', () => {
  it('parses lists of ages and says what is wrong', () => {
    expect(parseAges('60, 65,70 ;75 80')).toEqual({ ok: true, ages: [60, 65, 70, 75, 80] });
    expect(parseAges('')).toMatchObject({ ok: false });
    const bad = parseAges('60, sixty');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain('Entry 2 ("sixty") is not a number');
    expect(parseAges('60, 60')).toMatchObject({ ok: false });
    expect(parseAges('1 2 3 4 5 6 7 8 9')).toMatchObject({ ok: false });
  });

  it('recovers the rotation that matches the data', () => {
    const ys = [young, old];
    const turned = rotateShape(young, 1.1);
    expect(orientationToData(turned, ys)).toBeCloseTo(-1.1, 1);
    expect(orientationToData(young, ys)).toBeCloseTo(0, 1);
  });

  it('puts a rotated non-private geodesic back in the data orientation, private shapes aligned to it', () => {
    const v = M.log(young, old);
    // A fit expressed in another rotation of the same shapes (the fibre is free).
    const pTurned = rotateShape(young, 2);
    const vTurned = rotateShape(v, 2);
    const frame = shapeFrame(M, pTurned, vTurned, [young, old]);
    const at0 = nonPrivateAt(frame, 0);
    const at1 = nonPrivateAt(frame, 1);
    // Same shapes as the geodesic's ends …
    expect(M.dist(at0, young)).toBeLessThan(1e-9);
    expect(M.dist(at1, old)).toBeLessThan(1e-9);
    // … drawn in the data's orientation (the templates share one, so the rotation undone is about −2).
    let err = 0;
    for (let i = 0; i < young.length; i++) err = Math.max(err, Math.abs(at0[i] - young[i]));
    expect(err).toBeLessThan(0.01);
    // A private pair in a third rotation is aligned to the non-private prediction at the same x.
    const priv = privateAt(frame, at1, rotateShape(young, -0.7), rotateShape(v, -0.7), 1);
    for (let i = 0; i < young.length; i++) expect(priv[i]).toBeCloseTo(at1[i], 9);
  });

  it('projects with equal scales, y up, inside the box', () => {
    const box = bounds([young, old]);
    const P = shapeProjector(box, 400, 200, 10);
    const xy = P.toSvg(young);
    for (let j = 0; j < xy.length; j += 2) {
      expect(xy[j]).toBeGreaterThanOrEqual(10 - 1e-9);
      expect(xy[j]).toBeLessThanOrEqual(390 + 1e-9);
      expect(xy[j + 1]).toBeGreaterThanOrEqual(10 - 1e-9);
      expect(xy[j + 1]).toBeLessThanOrEqual(190 + 1e-9);
    }
    // y up: the landmark with the largest y is drawn highest (smallest SVG y).
    let top = 0;
    for (let j = 0; j < young.length; j += 2) if (young[j + 1] > young[top + 1]) top = j;
    expect(Math.min(...Array.from({ length: xy.length / 2 }, (_, k) => xy[2 * k + 1]))).toBeCloseTo(
      xy[top + 1],
      9,
    );
  });
});

describe('the shape workspace’s view model', () => {
  const v = M.log(young, old);
  const frame = shapeFrame(M, young, v, [young, old]);

  it('the slider runs in half-year steps over ages 50–90, ends on steps inside the range', () => {
    expect(sliderRange(50, 90)).toEqual({ step: 0.5, min: 50, max: 90 });
    const odd = sliderRange(50.3, 89.8);
    expect(odd.step).toBe(0.5);
    expect(odd.min).toBe(50.5);
    expect(odd.max).toBe(89.5);
  });

  it('starts the slider at the middle listed age inside the range, else the middle of the range', () => {
    expect(defaultSliderAge([60, 65, 70, 75, 80], 50, 90)).toBe(70);
    expect(defaultSliderAge([40, 95, 66], 50, 90)).toBe(66);
    expect(defaultSliderAge([10, 20], 50, 90)).toBe(70);
  });

  it('at each age: the non-private outline and the release’s, aligned to it; ages outside are extrapolated', () => {
    const toUnit = (age: number) => (age - 50) / 40;
    const shapes = shapesAtAges(frame, [50, 70, 100], toUnit, { p: young, v });
    expect(shapes.map((s) => [s.age, s.x, s.extrapolated])).toEqual([
      [50, 0, false],
      [70, 0.5, false],
      [100, 1.25, true],
    ]);
    // the release equal to the fit draws on the non-private outline, at every age
    for (const s of shapes)
      for (let i = 0; i < young.length; i++) expect(s.selected![i]).toBeCloseTo(s.nonPrivate[i], 9);
    expect(M.dist(shapes[0].nonPrivate, young)).toBeLessThan(1e-9);
    expect(shapesAtAges(frame, [60], toUnit, null)[0].selected).toBeNull();
  });

  it('the morph view: the subjects nearest the slider (at most 12, within the tolerance), aligned to the outline', () => {
    const xs = Float64Array.of(0.1, 0.53, 0.49, 0.9, 0.5);
    expect(nearSubjects(xs, 0.5, 0.05)).toEqual([4, 2, 1]);
    expect(nearSubjects(xs, 0.5, 0.05, 2)).toEqual([4, 2]);
    expect(nearSubjects(xs, 0.3, 0.05)).toEqual([]);
    const turned = rotateShape(old, 0.8);
    const m = morphShapes(frame, 1, null, [{ p: young, v }], [old, turned], [1]);
    expect(m.selected).toBeNull();
    expect(m.others).toHaveLength(1);
    // the data shape (old, rotated) is drawn aligned to the outline at x = 1 (old itself)
    expect(m.near.map((s) => s.i)).toEqual([1]);
    for (let i = 0; i < old.length; i++) expect(m.near[0].z[i]).toBeCloseTo(m.nonPrivate[i], 9);
  });

  it('one drawing box holds the non-private outlines over the range and at the ages, with an 8% margin', () => {
    const box = shapesBox(frame, [1.25]);
    const inner = bounds([0, 0.25, 0.5, 0.75, 1, 1.25].map((x) => nonPrivateAt(frame, x)));
    const m = 0.08 * Math.max(inner[2] - inner[0], inner[3] - inner[1]);
    expect(box[0]).toBeCloseTo(inner[0] - m, 12);
    expect(box[3]).toBeCloseTo(inner[3] + m, 12);
    expect(m).toBeGreaterThan(0);
    // heights follow the aspect within their limits
    expect(viewHeights(0.5)).toEqual({ morph: 370, panel: 116 });
    expect(viewHeights(10)).toEqual({ morph: 440, panel: 200 });
    expect(viewHeights(0)).toEqual({ morph: 220, panel: 90 });
  });
});
