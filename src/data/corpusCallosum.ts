import { kendall } from '../geometry/kendall';
import { rescaleCovariates } from '../regression/covariates';
import { Rng } from '../sampling/rng';
import type { RegressionData } from './types';
import { catmullRom, closedArcLength, resampleClosed, resampleOpen, smoothClosed } from './planeCurves';
import { power } from '../sampling/power';

/**
 * SYNTHETIC mid-sagittal corpus-callosum outlines (docs/experiments.md). The ADNI shapes of paper 000 are
 * access-restricted, so the lab ships this seeded generator instead; real landmark data can be imported by
 * the user.
 *
 * Outline model (all lengths in millimetres; x = anterior→posterior, y = inferior→superior):
 * ANTERIOR IS TO THE LEFT (negative x), superior is up (positive y).
 *
 *  - A medial axis runs from the tip of the rostrum (below the genu, pointing backwards), forwards and up around
 *    the genu (the tight anterior bend), along the gently arched body, down through the isthmus into the splenium
 *    (the posterior end). It is a centripetal Catmull–Rom spline through fixed control points.
 *  - A thickness profile along the axis: thin rostrum (≈ 2–4 mm), thick rounded genu (≈ 10 mm), body
 *    (≈ 6 → 5 mm), thin isthmus (≈ 3.8 mm), bulbous splenium (≈ 11 mm). The outline is the envelope of the disks
 *    of diameter = thickness centred on the axis (a Blum medial-axis model), closed by the arcs of the two end
 *    disks (the splenium's is its bulb); the superior boundary runs over the genu and the top of the body, the
 *    inferior one (ventricle / fornix side) follows the arch below it.
 *  - Age: body, isthmus and splenium thin by f(a) = 16 % · ((a − 50)/40)^1.6 (≈ 5 % at 70, 16 % at 90;
 *    accelerating with age, none before 50); the genu and rostrum by a third of that. The arch also rises
 *    slightly (+5 % height at 90), as ventricular enlargement bows the corpus callosum upwards.
 *  - Subjects differ (all spreads × `noise`, each factor clipped to a plausible range): overall length (sd 5 %),
 *    arch height (sd 7 %), overall thickness (sd 8 %), genu and splenium size (sd 7 % each), splenium drop
 *    (sd 1 mm), rostrum length (sd 10 %), individual rate of atrophy (sd 30 %), plus a smooth random warp of
 *    the plane (a sum of four plane waves of wavelength 30–70 mm, amplitude ≈ 0.3 mm, Lipschitz constant kept
 *    < 0.6 so that it is a diffeomorphism and does not fold the outline) — no independent per-landmark jitter.
 *  - The dense outline is smoothed (Gaussian, σ = 0.8 mm along the curve) and resampled to 50 landmarks equally
 *    spaced in arc length, landmark 0 at the rostrum tip, going CLOCKWISE as drawn (y up): under the rostrum,
 *    round the front of the genu, along the top of the body to the splenium, round the splenium and back along
 *    the underside.
 */

export const CORPUS_CALLOSUM_LANDMARKS = 50;

interface Control {
  x: number;
  y: number;
  /** Thickness (mm). */
  w: number;
  /** Weight of the age-related thinning. */
  age: number;
  /** Weight of the subject's genu-size factor. */
  genu: number;
  /** Weight of the subject's splenium-size factor. */
  splen: number;
}

/** Medial-axis control points of the mean outline at age 50 (rostrum tip → splenium). */
const CONTROLS: readonly Control[] = [
  { x: -21, y: -6.3, w: 1.6, age: 0.33, genu: 0.3, splen: 0 }, // rostrum tip
  { x: -27, y: -7.3, w: 3.2, age: 0.33, genu: 0.6, splen: 0 }, // rostrum
  { x: -32, y: -4.6, w: 6.4, age: 0.33, genu: 1, splen: 0 }, // rostrum → genu
  { x: -34, y: 1, w: 9.4, age: 0.33, genu: 1, splen: 0 }, // genu, most anterior
  { x: -30.5, y: 6.6, w: 9.6, age: 0.33, genu: 1, splen: 0 }, // genu, upper bend
  { x: -23, y: 9.6, w: 7.4, age: 0.7, genu: 0.5, splen: 0 }, // genu → body
  { x: -12, y: 11, w: 6.2, age: 1, genu: 0, splen: 0 }, // anterior body
  { x: 0, y: 11, w: 5.6, age: 1, genu: 0, splen: 0 }, // mid body
  { x: 11, y: 9.6, w: 5.0, age: 1, genu: 0, splen: 0 }, // posterior body
  { x: 19, y: 6.6, w: 3.8, age: 1, genu: 0, splen: 0.2 }, // isthmus
  { x: 24, y: 3.7, w: 6.0, age: 1, genu: 0, splen: 0.8 }, // splenium
  { x: 27, y: 0.3, w: 9.4, age: 1, genu: 0, splen: 1 }, // splenium
  { x: 28.2, y: -2.5, w: 11.2, age: 1, genu: 0, splen: 1 }, // splenium end (bulb centre)
];

/** Subject-level parameters of the outline model; all 1 (or 0) for the mean subject. */
interface Subject {
  length: number;
  arch: number;
  thickness: number;
  genu: number;
  splenium: number;
  /** Downward displacement of the splenium (mm). */
  spleniumDrop: number;
  rostrum: number;
  /** Multiplier of the age-related thinning. */
  atrophy: number;
}

const MEAN_SUBJECT: Subject = {
  length: 1,
  arch: 1,
  thickness: 1,
  genu: 1,
  splenium: 1,
  spleniumDrop: 0,
  rostrum: 1,
  atrophy: 1,
};

/** Fraction of body/splenium thickness lost at an age (0 before 50, 16 % at 90). */
export function corpusCallosumThinning(age: number): number {
  const t = Math.min(Math.max((age - 50) / 40, 0), 1.5);
  // power, not Math.pow: the same data in every engine (the lab's and the CLI's)
  return 0.16 * power(t, 1.6);
}

function archRise(age: number): number {
  const t = Math.min(Math.max((age - 50) / 40, 0), 1.5);
  return 1 + 0.05 * t;
}

/** Control points of one subject at one age. */
function subjectControls(age: number, s: Subject): Control[] {
  const thin = corpusCallosumThinning(age) * s.atrophy;
  const arch = s.arch * archRise(age);
  const n = CONTROLS.length;
  return CONTROLS.map((c, i) => {
    let x = c.x;
    let y = c.y;
    // The rostrum's length varies: move its two posterior-most points along the rostrum.
    if (i <= 1) x = CONTROLS[2].x + (x - CONTROLS[2].x) * s.rostrum;
    // Arch height: scale the height above the genu's level for the body (not the hook of the genu/rostrum).
    if (y > 0) y *= arch;
    // The splenium hangs lower or higher: the last three control points move down.
    if (i >= n - 3) y -= s.spleniumDrop * [0.4, 0.8, 1][i - (n - 3)];
    x *= s.length;
    const w =
      c.w * s.thickness * (1 + (s.genu - 1) * c.genu) * (1 + (s.splenium - 1) * c.splen) * (1 - thin * c.age);
    return { ...c, x, y, w };
  });
}

/**
 * A smooth random displacement field of the plane: Σ_j a_j cos(⟨κ_j, x⟩ + φ_j), stored flat as
 * (kx, ky, phase, ax, ay) per wave.
 */
type Warp = Float64Array;
const WAVE = 5;

function applyWarp(poly: Float64Array, warp: Warp): void {
  for (let i = 0; i < poly.length; i += 2) {
    const x = poly[i];
    const y = poly[i + 1];
    let dx = 0;
    let dy = 0;
    for (let w = 0; w < warp.length; w += WAVE) {
      const c = Math.cos(warp[w] * x + warp[w + 1] * y + warp[w + 2]);
      dx += warp[w + 3] * c;
      dy += warp[w + 4] * c;
    }
    poly[i] = x + dx;
    poly[i + 1] = y + dy;
  }
}

/** Unit tangent t, left normal n and clamped thickness slope r′ = dr/ds of the medial axis at a point. */
interface AxisFrame {
  tx: number;
  ty: number;
  nx: number;
  ny: number;
  dr: number;
}

/** Frame at row i of the axis (flat x, y, w rows, m of them, ds apart), from central differences. */
function axisFrame(axis: Float64Array, m: number, ds: number, i: number): AxisFrame {
  const i0 = Math.max(i - 1, 0);
  const i1 = Math.min(i + 1, m - 1);
  const a = 3 * i0;
  const b = 3 * i1;
  const tl = Math.hypot(axis[b] - axis[a], axis[b + 1] - axis[a + 1]);
  const tx = (axis[b] - axis[a]) / tl;
  const ty = (axis[b + 1] - axis[a + 1]) / tl;
  // Left normal of the direction of travel: superior on the body, inferior under the rostrum.
  const nx = -ty;
  const ny = tx;
  const dr = Math.min(Math.max((axis[b + 2] - axis[a + 2]) / (2 * (i1 - i0) * ds), -0.9), 0.9);
  return { tx, ty, nx, ny, dr };
}

/** Steps of each end cap's arc (its ARC_STEPS − 1 interior points are on the outline). */
const ARC_STEPS = 24;

/**
 * Writes points s = sFrom … sTo − 1 of the arc of the disk at axis row i (angles from t towards n, α0 → α1 in
 * ARC_STEPS steps, ends excluded) into out, starting at point `at`.
 */
function writeArc(
  out: Float64Array,
  at: number,
  axis: Float64Array,
  i: number,
  f: AxisFrame,
  a0: number,
  a1: number,
  sFrom: number,
  sTo: number,
): void {
  const cx = axis[3 * i];
  const cy = axis[3 * i + 1];
  const w = axis[3 * i + 2];
  for (let s = sFrom; s < sTo; s++, at++) {
    const al = a0 + ((a1 - a0) * s) / ARC_STEPS;
    const c = Math.cos(al);
    const sn = Math.sin(al);
    out[2 * at] = cx + (w / 2) * (c * f.tx + sn * f.nx);
    out[2 * at + 1] = cy + (w / 2) * (c * f.ty + sn * f.ny);
  }
}

const AXIS_POINTS = 240;

/** Dense closed outline (mm), vertex 0 at the rostrum tip, clockwise as drawn with y up. */
function denseOutline(ctrl: readonly Control[]): Float64Array {
  // Medial axis, equally spaced in arc length; the outline is the envelope of the disks of radius w/2 centred on
  // it (a Blum medial-axis model): c + r(−r′ t ± √(1 − r′²) n), with r′ = dr/ds, closed by the arcs of the end
  // disks. Unlike a plain ± r n offset this stays smooth where the thickness changes quickly (the splenium).
  const m = AXIS_POINTS;
  const axis = resampleOpen(catmullRom(ctrl, 24), 3, m);
  const ds = Math.hypot(axis[3] - axis[0], axis[4] - axis[1]);
  // Ring order: second half of the start cap (round the tip), upper side, end cap, lower side backwards, first
  // half of the start cap. Each cap has ARC_STEPS − 1 points.
  const capPts = ARC_STEPS - 1;
  const half = Math.floor(capPts / 2);
  const upperAt = capPts - half;
  const endCapAt = upperAt + m;
  const lowerEnd = endCapAt + capPts; // the lower side runs backwards, point m − 1 first
  const poly = new Float64Array(2 * (lowerEnd + m + half));
  for (let i = 0; i < m; i++) {
    const { tx, ty, nx, ny, dr } = axisFrame(axis, m, ds, i);
    const x = axis[3 * i];
    const y = axis[3 * i + 1];
    const r = axis[3 * i + 2] / 2;
    const q = Math.sqrt(1 - dr * dr);
    const u = 2 * (upperAt + i);
    poly[u] = x + r * (-dr * tx + q * nx);
    poly[u + 1] = y + r * (-dr * ty + q * ny);
    const l = 2 * (lowerEnd + m - 1 - i);
    poly[l] = x + r * (-dr * tx - q * nx);
    poly[l + 1] = y + r * (-dr * ty - q * ny);
  }
  const envelopeAngle = (f: AxisFrame) => Math.atan2(Math.sqrt(1 - f.dr ** 2), -f.dr);
  const start = axisFrame(axis, m, ds, 0);
  const end = axisFrame(axis, m, ds, m - 1);
  const aEnd = envelopeAngle(end);
  const aStart = envelopeAngle(start);
  // End cap: upper side, round the end (through +t), to the lower side.
  writeArc(poly, endCapAt, axis, m - 1, end, aEnd, -aEnd, 1, ARC_STEPS);
  // Start cap: lower side, round the tip (through −t), to the upper side; split across the ring's two ends.
  writeArc(poly, 0, axis, 0, start, -aStart, aStart - 2 * Math.PI, half + 1, ARC_STEPS);
  writeArc(poly, lowerEnd + m, axis, 0, start, -aStart, aStart - 2 * Math.PI, 1, half + 1);
  // Equal spacing (≈ 0.25 mm), then Gaussian smoothing with sd ≈ 0.8 mm to soften the cap junctions.
  const cum = closedArcLength(poly);
  const perimeter = cum[cum.length - 1];
  const count = Math.ceil(perimeter / 0.25);
  const even = resampleClosed(poly, count, cum);
  return smoothClosed(even, 0.8 / (perimeter / count));
}

function outline(
  age: number,
  subject: Subject,
  warp?: Warp,
  landmarks = CORPUS_CALLOSUM_LANDMARKS,
): Float64Array {
  const dense = denseOutline(subjectControls(age, subject));
  if (warp) applyWarp(dense, warp);
  return resampleClosed(dense, landmarks);
}

/**
 * The mean outline at an age: 50 landmarks (k×2 row-major, millimetres, anterior to the left, y up, landmark 0 at
 * the rostrum tip, clockwise as drawn). For drawing reference shapes; pass more `landmarks` for a smooth curve
 * (the same outline, sampled more finely).
 */
export function corpusCallosumTemplate(age: number, landmarks = CORPUS_CALLOSUM_LANDMARKS): Float64Array {
  if (!Number.isFinite(age)) throw new RangeError(`corpusCallosumTemplate: age must be finite, got ${age}`);
  if (!Number.isInteger(landmarks) || landmarks < 3) {
    throw new RangeError(`corpusCallosumTemplate: landmarks must be an integer ≥ 3, got ${landmarks}`);
  }
  return outline(age, MEAN_SUBJECT, undefined, landmarks);
}

/** Gaussian draw clipped to ±2.5 sd: keeps extreme subjects anatomically plausible. */
function clippedNormal(rng: Rng): number {
  return Math.min(Math.max(rng.normal(), -2.5), 2.5);
}

function drawSubject(rng: Rng, noise: number): { subject: Subject; warp: Warp } {
  const f = (sd: number, lo: number, hi: number) =>
    Math.min(Math.max(1 + sd * noise * clippedNormal(rng), lo), hi);
  const subject: Subject = {
    length: f(0.05, 0.8, 1.2),
    arch: f(0.07, 0.75, 1.3),
    thickness: f(0.08, 0.65, 1.4),
    genu: f(0.07, 0.75, 1.3),
    splenium: f(0.07, 0.75, 1.3),
    spleniumDrop: Math.min(Math.max(1.0 * noise * clippedNormal(rng), -3), 3),
    rostrum: f(0.1, 0.6, 1.4),
    atrophy: f(0.3, 0.2, 1.8),
  };
  const warp: Warp = new Float64Array(4 * WAVE);
  let lipschitz = 0;
  for (let j = 0; j < 4; j++) {
    const dir = 2 * Math.PI * rng.uniform();
    const wavelength = 30 + 40 * rng.uniform();
    const k = (2 * Math.PI) / wavelength;
    const kx = k * Math.cos(dir);
    const ky = k * Math.sin(dir);
    const phase = 2 * Math.PI * rng.uniform();
    const ax = 0.3 * noise * rng.normal();
    const ay = 0.3 * noise * rng.normal();
    lipschitz += k * Math.hypot(ax, ay);
    warp.set([kx, ky, phase, ax, ay], j * WAVE);
  }
  // Keep x ↦ x + d(x) a diffeomorphism (Lipschitz constant of d < 1, with margin).
  if (lipschitz > 0.6) {
    for (let w = 0; w < warp.length; w += WAVE) {
      warp[w + 3] *= 0.6 / lipschitz;
      warp[w + 4] *= 0.6 / lipschitz;
    }
  }
  return { subject, warp };
}

export interface CorpusCallosumOptions {
  n: number;
  seed: number;
  /** Ages are drawn uniformly on this range (years). */
  ageRange?: readonly [number, number];
  /** Multiplies every between-subject spread (0: every subject is the mean outline for its age). */
  noise?: number;
  /**
   * Landmarks per outline (default 50, as in the paper): fewer sample the same outlines more coarsely, and the
   * shape space's dimension 2k − 4 falls with them.
   */
  landmarks?: number;
}

/**
 * n synthetic subjects: ages ~ U(ageRange), outlines from the model above, responses = Kendall preshapes
 * (kendall(50).projectPoint: centred, unit Frobenius norm, k×2 row-major; orientation kept), covariates = ages
 * rescaled to [0, 1] (min 0, max 1).
 */
export function corpusCallosumData({
  n,
  seed,
  ageRange = [50, 90],
  noise = 1,
  landmarks = CORPUS_CALLOSUM_LANDMARKS,
}: CorpusCallosumOptions): RegressionData & { ages: Float64Array; outlinesMm: Float64Array[] } {
  if (!Number.isInteger(n) || n < 2)
    throw new RangeError(`corpusCallosumData: n must be an integer ≥ 2, got ${n}`);
  const [lo, hi] = ageRange;
  if (!(Number.isFinite(lo) && Number.isFinite(hi) && hi > lo)) {
    throw new RangeError(
      `corpusCallosumData: ageRange must be [min, max] with min < max, got [${lo}, ${hi}]`,
    );
  }
  if (!(noise >= 0) || !Number.isFinite(noise)) {
    throw new RangeError(`corpusCallosumData: noise must be a finite number ≥ 0, got ${noise}`);
  }
  if (!Number.isInteger(landmarks) || landmarks < 3)
    throw new RangeError(`corpusCallosumData: landmarks must be an integer ≥ 3, got ${landmarks}`);
  const M = kendall(landmarks);
  const rng = Rng.fromKey(seed, 0xcc);
  const ages = Float64Array.from({ length: n }, () => lo + (hi - lo) * rng.uniform());
  const outlinesMm = Array.from(ages, (age, i) => {
    const { subject, warp } = drawSubject(Rng.fromKey(seed, 0xcc, 1, i), noise);
    return outline(age, subject, warp, landmarks);
  });
  const ys = outlinesMm.map((z) => M.projectPoint(z));
  const { xs, scale } = rescaleCovariates(ages);
  return {
    xs,
    ys,
    xRange: [scale.min, scale.max],
    xLabel: 'age (years)',
    covariates: { raw: ages, publicRange: [lo, hi] },
    description:
      `SYNTHETIC corpus-callosum outlines (not patient data): ${n} simulated subjects aged ` +
      `${Math.round(scale.min)}–${Math.round(scale.max)}, ${landmarks} boundary landmarks each, generated from a model ` +
      'with age-related thinning of the body and splenium and between-subject variation. The ADNI shapes used ' +
      'in the paper are access-restricted and cannot be shipped; load your own landmark data to analyse real ' +
      'shapes.',
    ages,
    outlinesMm,
  };
}

/**
 * Relative thickness of the corpus callosum across its body: the two landmarks farthest apart define the long
 * axis (≈ genu front to splenium back, length L); the line perpendicular to it at fraction `at` of the way from
 * the anterior end is intersected with the outline, and the distance between the outermost crossings is divided
 * by L. Dimensionless, so it applies equally to millimetre outlines and to preshapes, in any orientation.
 * Works on any closed landmark outline of this generator's layout (landmark 0 near the anterior end).
 */
export function corpusCallosumBodyThickness(z: Float64Array, at = 0.5): number {
  const k = z.length / 2;
  let best = -1;
  let ia = 0;
  let ib = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const d = Math.hypot(z[2 * j] - z[2 * i], z[2 * j + 1] - z[2 * i + 1]);
      if (d > best) {
        best = d;
        ia = i;
        ib = j;
      }
    }
  }
  // Anterior end: the one of the pair closer (along the contour) to landmark 0, the rostrum tip.
  const contourDist = (i: number) => Math.min(i, k - i);
  if (contourDist(ib) < contourDist(ia)) [ia, ib] = [ib, ia];
  const L = best;
  const ex = (z[2 * ib] - z[2 * ia]) / L;
  const ey = (z[2 * ib + 1] - z[2 * ia + 1]) / L;
  const c = at * L; // position along the axis
  const crossings: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = (i + 1) % k;
    const ui = (z[2 * i] - z[2 * ia]) * ex + (z[2 * i + 1] - z[2 * ia + 1]) * ey - c;
    const uj = (z[2 * j] - z[2 * ia]) * ex + (z[2 * j + 1] - z[2 * ia + 1]) * ey - c;
    if ((ui <= 0 && uj > 0) || (ui > 0 && uj <= 0)) {
      const f = ui / (ui - uj);
      const px = z[2 * i] + f * (z[2 * j] - z[2 * i]);
      const py = z[2 * i + 1] + f * (z[2 * j + 1] - z[2 * i + 1]);
      crossings.push(-(px - z[2 * ia]) * ey + (py - z[2 * ia + 1]) * ex);
    }
  }
  if (crossings.length < 2) return 0;
  return (Math.max(...crossings) - Math.min(...crossings)) / L;
}
