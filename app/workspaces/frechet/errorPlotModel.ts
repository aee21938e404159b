/**
 * From the experiment's rows to what the Fréchet error plots draw: one series per mechanism (its mean error
 * at each x with ±2 standard errors), and, instead of NaN, a note for every (mechanism, reason) whose rows do
 * not apply, listing the x values it covers. Pure, so it is unit-tested.
 */
import type { FrechetRow } from '../../../src/experiments/frechetRows';
import type { FrechetMechanismId, LabSettings } from '../../state/settings';
import { labMechanism } from './jobs';

export interface ErrorPoint {
  x: number;
  y: number;
  /** ±2 SE band (NaN when unknown). */
  lo: number;
  hi: number;
  row: FrechetRow;
}

export interface ErrorSeries {
  mechanism: FrechetMechanismId;
  points: ErrorPoint[];
  /** Every drawn row is private (else the series is labelled "not private"). */
  isPrivate: boolean;
  /** The distance its errors are measured in. */
  distance: 'riemannian' | 'euclidean';
}

export interface ErrorNote {
  mechanism: FrechetMechanismId;
  /** The reason given for the first x (numbers in it, such as σ, are those of that x). */
  reason: string;
  xs: number[];
}

/** A refusal in plain words: without the throwing function's name and the echo of the input ("(got ε = 2)"). */
export const plainReason = (note: string) =>
  note.replace(/^[a-zA-Z]+: (?=[a-z])/, '').replace(/\s*\(got [^)]*\)/g, '');

export interface ErrorModel {
  series: ErrorSeries[];
  notes: ErrorNote[];
  /** Rows whose error is not a positive finite number although they apply (none expected). */
  skipped: number;
}

export function errorModel(
  rows: readonly FrechetRow[],
  x: 'eps' | 'k',
  measure: LabSettings['errorMeasure'],
): ErrorModel {
  const series = new Map<FrechetMechanismId, ErrorSeries>();
  const notes = new Map<string, ErrorNote>();
  let skipped = 0;
  for (const row of rows) {
    const mechanism = labMechanism(row.mechanism);
    const xv = row[x];
    if (!row.applicable) {
      const reason = plainReason(row.notes.at(-1) ?? 'not applicable');
      // one note per kind of reason: the numbers in it (ε, σ …) vary along the axis
      const key = `${mechanism}|${reason.replace(/[0-9.]+(e[-+]?[0-9]+)?/g, '#')}`;
      const note = notes.get(key) ?? { mechanism, reason, xs: [] };
      note.xs.push(xv);
      notes.set(key, note);
      continue;
    }
    const euclidean = measure === 'euclidean';
    const y = euclidean ? row.meanEuclideanDist : row.meanDist;
    const se = euclidean ? row.seEuclideanDist : row.seDist;
    if (!(y > 0) || !Number.isFinite(y)) {
      skipped++;
      continue;
    }
    let s = series.get(mechanism);
    if (!s) {
      s = { mechanism, points: [], isPrivate: true, distance: euclidean ? 'euclidean' : row.distance };
      series.set(mechanism, s);
    }
    s.isPrivate &&= row.isPrivate;
    const band = Number.isFinite(se) ? 2 * se : NaN;
    s.points.push({ x: xv, y, lo: y - band, hi: y + band, row });
  }
  for (const s of series.values()) s.points.sort((a, b) => a.x - b.x);
  for (const n of notes.values()) n.xs.sort((a, b) => a - b);
  return { series: [...series.values()], notes: [...notes.values()], skipped };
}

/** Log-scale extent of the values (and bands), padded; null when there are none. */
export function logExtent(model: ErrorModel, extra: readonly number[] = []): [number, number] | null {
  const ys: number[] = [...extra.filter((v) => v > 0 && Number.isFinite(v))];
  for (const s of model.series)
    for (const p of s.points) {
      ys.push(p.y);
      if (p.lo > 0) ys.push(p.lo);
      if (Number.isFinite(p.hi)) ys.push(p.hi);
    }
  if (!ys.length) return null;
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const pad = Math.max(0.08, 0.06 * Math.log10(hi / lo));
  return [lo / 10 ** pad, hi * 10 ** pad];
}
