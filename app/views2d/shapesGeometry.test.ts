import { describe, expect, it } from 'vitest';
import { corpusCallosumTemplate, dataManifold } from '../../src/data';
import { rotateShape } from '../../src/geometry/kendall';
import {
  bounds,
  nonPrivateAt,
  orientationToData,
  parseAges,
  privateAt,
  shapeFrame,
  shapeProjector,
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
