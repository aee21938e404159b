import { describe, expect, it } from 'vitest';
import { facingCamera } from './RecordMarks3d';

type P3 = readonly [number, number, number];
const unit = (p: P3): P3 => {
  const r = Math.hypot(...p);
  return [p[0] / r, p[1] / r, p[2] / r];
};
const cos = (a: P3, b: P3) => {
  const [u, v] = [unit(a), unit(b)];
  return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
};

describe('the camera of a globe facing the audit’s changed record', () => {
  const camera: P3 = [0, 0, 2.9];

  it('stays where it is when D and D′ both face it', () => {
    expect(facingCamera(camera, [0.1, 0, 1], [0, 0.2, 1])).toBeNull();
  });

  it('turns to the midpoint of D and D′, at the same distance, when D′ is on the hidden side', () => {
    const [d, d2]: P3[] = [unit([1, 0, 0.2]), unit([0.6, 0.6, -0.5])];
    const turned = facingCamera(camera, d, d2)!;
    expect(Math.hypot(...turned)).toBeCloseTo(2.9, 12);
    expect(cos(turned, d2)).toBeGreaterThan(0.4);
    expect(cos(turned, d)).toBeGreaterThan(0.4);
  });

  it('faces D′ alone when D and D′ lie too far apart to be seen together', () => {
    const turned = facingCamera(camera, [0, 0, 1], [0, 0.1, -1])!;
    expect(cos(turned, [0, 0.1, -1])).toBeCloseTo(1, 12);
  });
});
