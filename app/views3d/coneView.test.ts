import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { generate } from '../../src/data';
import { coneCoords, sym2 } from './geodesics';
import { CONE_VIEW, coneLayout, principalDirection, type P3 } from './coneView';

/** The data's extent on screen (fractions of the view's width and height) from the layout's home camera. */
function screenExtent(points: readonly P3[], aspect: number): { w: number; h: number } {
  const L = coneLayout(points);
  const cam = new THREE.PerspectiveCamera(CONE_VIEW.fov, aspect, 0.01, 100);
  cam.position.set(...L.home);
  cam.lookAt(...L.target);
  cam.updateMatrixWorld();
  const q = points.map((p) => new THREE.Vector3(...p).project(cam));
  const xs = q.map((v) => v.x);
  const ys = q.map((v) => v.y);
  return { w: (Math.max(...xs) - Math.min(...xs)) / 2, h: (Math.max(...ys) - Math.min(...ys)) / 2 };
}

describe('coneLayout (the SPD cone view frames the data)', () => {
  it('finds the main direction of points along a line', () => {
    const d: P3 = [0.3, 0.8, -0.52];
    const r = Math.hypot(...d);
    const pts: P3[] = [-2, -1, 0, 1, 2, 3].map((t, i) => [
      1 + (t * d[0]) / r + 0.01 * (i % 2),
      2 + (t * d[1]) / r,
      (t * d[2]) / r,
    ]);
    const u = principalDirection(pts, [1, 2.4, 0]);
    expect(Math.abs(u[0] * d[0] + u[1] * d[1] + u[2] * d[2]) / r).toBeGreaterThan(0.999);
  });

  it('the synthetic SPD data fill a sizeable part of the view and are seen side on', () => {
    const data = generate('spd', { n: 50, noise: 0.01, seed: 1 });
    const pts = data.ys.map((y) => coneCoords(sym2(y)));
    const L = coneLayout(pts);
    // the camera looks across the data's main direction, not along it
    const u = principalDirection(pts, L.target);
    const view = L.home.map((h, i) => (h - L.target[i]) / L.distance);
    expect(Math.abs(view[0] * u[0] + view[1] * u[1] + view[2] * u[2])).toBeLessThan(0.05);
    const { w, h } = screenExtent(pts, 4 / 3);
    // the old whole-cone view: about 0.08 × 0.21 of the frame
    expect(Math.max(w, h)).toBeGreaterThan(0.5);
    expect(Math.max(w, h)).toBeLessThanOrEqual(1);
  });

  it('a single point or no data still give a finite camera', () => {
    for (const pts of [[[0.5, 1.4, 0.1]] as P3[], [] as P3[]]) {
      const L = coneLayout(pts);
      for (const v of [...L.home, ...L.target, L.distance, L.unit]) expect(Number.isFinite(v)).toBe(true);
      expect(L.distance).toBeGreaterThan(0);
    }
  });
});
