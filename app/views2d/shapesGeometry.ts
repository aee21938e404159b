/**
 * Geometry behind the shape view: predicted outlines on Kendall's shape space, put in a common frame so they can
 * be overlaid. Everything here is cheap (a few Exp maps and rotations of 50 landmarks), fine on the main thread.
 *
 * Frame. A preshape is centred and of unit size; only its rotation is free. The non-private geodesic
 * x ↦ Exp(p̂, x v̂) is horizontal, so its shapes are already optimally rotated against each other; one rotation
 * (the one that best matches the data, so synthetic outlines keep "anterior left, superior up") is applied to
 * all of them. Every other shape at an age (private predictions, data) is Procrustes-aligned (alignTo) to the
 * non-private prediction at that age.
 */
import { tickStep } from 'd3';
import { alignTo, rotateShape } from '../../src/geometry/kendall';
import type { Manifold } from '../../src/geometry/types';

/** Exp(p, x v). */
export function predictShape(M: Manifold, p: Float64Array, v: Float64Array, x: number): Float64Array {
  const w = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) w[i] = x * v[i];
  return M.exp(p, w);
}

/** ⟨a, b⟩_C = Σ a_j conj(b_j) as [re, im]. */
function hermitian(a: Float64Array, b: Float64Array): [number, number] {
  let re = 0;
  let im = 0;
  for (let j = 0; j < a.length; j += 2) {
    re += a[j] * b[j] + a[j + 1] * b[j + 1];
    im += a[j + 1] * b[j] - a[j] * b[j + 1];
  }
  return [re, im];
}

/**
 * The rotation angle φ such that e^{iφ} z best matches the data (max Σ_k Re⟨y_k, e^{iφ} z⟩, with the y_k first
 * aligned to y_0 so that data in arbitrary rotations do not cancel out). 0 without data.
 */
export function orientationToData(z: Float64Array, ys: readonly Float64Array[]): number {
  if (ys.length === 0 || ys[0].length !== z.length) return 0;
  let re = 0;
  let im = 0;
  const tmp = new Float64Array(z.length);
  for (const y of ys) {
    const [r, i] = hermitian(alignTo(ys[0], y, tmp), z);
    re += r;
    im += i;
  }
  return re === 0 && im === 0 ? 0 : Math.atan2(im, re);
}

/** A frame for drawing: the non-private geodesic rotated once to match the data. */
export interface ShapeFrame {
  M: Manifold;
  pHat: Float64Array;
  vHat: Float64Array;
  phi: number;
}

export function shapeFrame(
  M: Manifold,
  pHat: Float64Array,
  vHat: Float64Array,
  ys: readonly Float64Array[],
): ShapeFrame {
  return { M, pHat, vHat, phi: orientationToData(pHat, ys) };
}

/** Non-private prediction at covariate x (in [0, 1]), in the drawing frame. */
export function nonPrivateAt(f: ShapeFrame, x: number): Float64Array {
  const z = predictShape(f.M, f.pHat, f.vHat, x);
  return rotateShape(z, f.phi, z);
}

/** Private prediction Exp(p̃, x ṽ), Procrustes-aligned to the non-private one at the same x. */
export function privateAt(
  f: ShapeFrame,
  reference: Float64Array,
  p: Float64Array,
  v: Float64Array,
  x: number,
): Float64Array {
  const z = predictShape(f.M, p, v, x);
  return alignTo(reference, z, z);
}

/** Bounding box of shapes (x0, y0, x1, y1, …): [minX, minY, maxX, maxY]. */
export function bounds(shapes: readonly Float64Array[]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const z of shapes) {
    for (let j = 0; j < z.length; j += 2) {
      if (z[j] < x0) x0 = z[j];
      if (z[j] > x1) x1 = z[j];
      if (z[j + 1] < y0) y0 = z[j + 1];
      if (z[j + 1] > y1) y1 = z[j + 1];
    }
  }
  if (!Number.isFinite(x0)) return [-1, -1, 1, 1];
  return [x0, y0, x1, y1];
}

/**
 * Maps shape coordinates (y up) into an SVG box of width × height pixels (y down) with equal scales on both axes
 * and a margin; the same map for every panel keeps shapes comparable.
 */
export interface ShapeProjector {
  width: number;
  height: number;
  /** Pixels per shape unit. */
  scale: number;
  toSvg(z: Float64Array): Float64Array;
}

export function shapeProjector(
  box: readonly [number, number, number, number],
  width: number,
  height: number,
  margin = 10,
): ShapeProjector {
  const [x0, y0, x1, y1] = box;
  const bw = Math.max(x1 - x0, 1e-9);
  const bh = Math.max(y1 - y0, 1e-9);
  const scale = Math.min((width - 2 * margin) / bw, (height - 2 * margin) / bh);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return {
    width,
    height,
    scale,
    toSvg(z) {
      const out = new Float64Array(z.length);
      for (let j = 0; j < z.length; j += 2) {
        out[j] = width / 2 + (z[j] - cx) * scale;
        out[j + 1] = height / 2 - (z[j + 1] - cy) * scale;
      }
      return out;
    },
  };
}

/** Parses a list of ages like "60, 65, 70" (commas, semicolons or spaces); says exactly what is wrong. */
export function parseAges(
  text: string,
  max = 8,
): { ok: true; ages: number[] } | { ok: false; message: string } {
  const parts = text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0) return { ok: false, message: 'Enter at least one age, e.g. "60, 65, 70, 75, 80".' };
  if (parts.length > max) return { ok: false, message: `At most ${max} ages (you entered ${parts.length}).` };
  const ages: number[] = [];
  for (const [i, s] of parts.entries()) {
    const a = Number(s);
    if (!Number.isFinite(a)) return { ok: false, message: `Entry ${i + 1} ("${s}") is not a number.` };
    if (ages.includes(a)) return { ok: false, message: `${a} appears more than once.` };
    ages.push(a);
  }
  return { ok: true, ages };
}

// ---------------------------------------------------------------------------------------------------------
// The shape workspace's view model: which shapes it draws at the listed ages and at the slider's age, the
// slider's range, and the one drawing box every panel shares (app/workspaces/kendall/KendallWorkspace.tsx renders it).
// ---------------------------------------------------------------------------------------------------------

/** A private release's parameters (footpoint and shooting vector). */
export interface ShapePair {
  p: Float64Array;
  v: Float64Array;
}

/**
 * The slider over the covariate's range [lo, hi]: round steps (0.5 year for ages 50–90, about 80 of them), its
 * ends on the steps inside the range (lo < hi: the importer refuses all-equal covariates).
 */
export function sliderRange(lo: number, hi: number): { step: number; min: number; max: number } {
  const step = tickStep(0, hi - lo, 80);
  const min = Math.ceil(lo / step - 1e-9) * step;
  return { step, min, max: Math.max(min, Math.floor(hi / step + 1e-9) * step) };
}

/** The slider's first position: the middle of the listed ages inside [lo, hi], else the middle of the range. */
export function defaultSliderAge(ages: readonly number[], lo: number, hi: number): number {
  const inside = ages.filter((a) => a >= lo && a <= hi).sort((a, b) => a - b);
  const a = inside.length ? inside[Math.floor(inside.length / 2)] : (lo + hi) / 2;
  return Math.min(hi, Math.max(lo, a));
}

/** Shapes at one listed age: x in [0, 1] units (outside: extrapolated), the non-private and the selected release's. */
export interface ShapesAtAge {
  age: number;
  x: number;
  extrapolated: boolean;
  nonPrivate: Float64Array;
  selected: Float64Array | null;
  /** The same release drawn by the paper's sampler (Fig. 3's second row), if any. */
  paper: Float64Array | null;
}

/**
 * Fig. 3: the non-private and the selected private outline at each age (toUnit maps an age into [0, 1]), and
 * the paper sampler's release where there is one.
 */
export function shapesAtAges(
  frame: ShapeFrame,
  ages: readonly number[],
  toUnit: (age: number) => number,
  selected: ShapePair | null,
  paper: ShapePair | null = null,
): ShapesAtAge[] {
  return ages.map((age) => {
    const x = toUnit(age);
    const np = nonPrivateAt(frame, x);
    return {
      age,
      x,
      extrapolated: x < -1e-9 || x > 1 + 1e-9,
      nonPrivate: np,
      selected: selected ? privateAt(frame, np, selected.p, selected.v, x) : null,
      paper: paper ? privateAt(frame, np, paper.p, paper.v, x) : null,
    };
  });
}

/** The subjects whose covariate is within `tol` of x, nearest first, at most `max` of them. */
export function nearSubjects(xs: ArrayLike<number>, x: number, tol: number, max = 12): number[] {
  return Array.from({ length: xs.length }, (_, i) => i)
    .filter((i) => Math.abs(xs[i] - x) <= tol)
    .sort((a, b) => Math.abs(xs[a] - x) - Math.abs(xs[b] - x))
    .slice(0, max);
}

/**
 * The morph view at x: the non-private outline, the private ones, and the data shapes of the listed subjects
 * (with their index, so a click can pick one), all aligned to the first.
 */
export function morphShapes(
  frame: ShapeFrame,
  x: number,
  selected: ShapePair | null,
  others: readonly ShapePair[],
  data: readonly Float64Array[],
  subjects: readonly number[],
): {
  nonPrivate: Float64Array;
  selected: Float64Array | null;
  others: Float64Array[];
  near: { i: number; z: Float64Array }[];
} {
  const np = nonPrivateAt(frame, x);
  const zero = new Float64Array(frame.pHat.length);
  return {
    nonPrivate: np,
    selected: selected ? privateAt(frame, np, selected.p, selected.v, x) : null,
    others: others.map((o) => privateAt(frame, np, o.p, o.v, x)),
    near: subjects.map((i) => ({ i, z: privateAt(frame, np, data[i], zero, 0) })),
  };
}

/** The audit's changed record at covariate x, as in D and as in D′, aligned to the non-private prediction there. */
export function recordShapes(
  frame: ShapeFrame,
  x: number,
  before: Float64Array,
  after: Float64Array,
): { nonPrivate: Float64Array; before: Float64Array; after: Float64Array } {
  const np = nonPrivateAt(frame, x);
  const zero = new Float64Array(frame.pHat.length);
  return {
    nonPrivate: np,
    before: privateAt(frame, np, before, zero, 0),
    after: privateAt(frame, np, after, zero, 0),
  };
}

/**
 * One drawing box for every view: the non-private shapes over the whole range and at the listed ages (x in
 * [0, 1] units), plus a margin of 8% of the larger side. It does not follow the private shapes, so nothing jumps
 * when a draw arrives or is picked.
 */
export function shapesBox(frame: ShapeFrame, xs: readonly number[]): [number, number, number, number] {
  const np = [0, 0.25, 0.5, 0.75, 1, ...xs].map((x) => nonPrivateAt(frame, x));
  const [x0, y0, x1, y1] = bounds(np);
  const m = 0.08 * Math.max(x1 - x0, y1 - y0);
  return [x0 - m, y0 - m, x1 + m, y1 + m];
}

/** Pixel heights of the morph view (640 wide) and of an age panel (220 wide) for a box of this aspect (h / w). */
export function viewHeights(aspect: number): { morph: number; panel: number } {
  return {
    morph: Math.round(Math.max(220, Math.min(440, 600 * aspect + 70))),
    panel: Math.round(Math.max(90, Math.min(200, 208 * aspect + 12))),
  };
}
