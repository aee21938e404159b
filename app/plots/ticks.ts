/** Which ticks an axis has, and which of them get a label. */
import * as d3 from 'd3';
import { trueMinus } from '../format';

/** An axis tick's label: the shortest form (0.5, 20, 1e−5), with a true minus sign. */
export const formatTick = (x: d3.NumberValue) => trueMinus(d3.format('~g')(x));

/** The leading digit of a positive tick value (1 for 0.01, 2 for 20, 5 for 0.5). */
const leadingDigit = (t: number) => Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9));

/**
 * Ticks of a log axis that stay readable at any span: the powers of ten over two decades or more, else
 * the 1-2-5 values (d3's own log ticks label every integer multiple).
 */
export function logTicks(scale: d3.ScaleLogarithmic<number, number>): number[] {
  const [a, b] = scale.domain();
  const decades = Math.log10(b / a);
  return scale.ticks().filter((t) => {
    const lead = leadingDigit(t);
    return decades >= 2 ? lead === 1 : lead === 1 || lead === 2 || lead === 5;
  });
}

/** A log axis's ticks, only the powers of ten when there are many (and at least two of them). */
export function decadesWhenCrowded(scale: d3.ScaleLogarithmic<number, number>): number[] {
  const all = scale.ticks(5);
  const decades = all.filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9);
  return all.length > 8 && decades.length >= 2 ? decades : all;
}

/**
 * A tick label's width in px, a little wider than drawn (digits are 0.64 em in the sans fonts the lab falls back
 * to, points and commas half that), so that labels thinned by it never touch.
 */
export function tickLabelWidth(label: string, fontSize: number): number {
  let em = 0;
  for (const ch of label) em += ch === '.' || ch === ',' ? 0.34 : 0.64;
  return em * fontSize;
}

/** A tick label's height in px: its line box, which holds the tallest digits and the lowest. */
export const tickLabelHeight = (fontSize: number) => 1.2 * fontSize;

/**
 * Which ticks get a label so that no two labels touch: the round ones first (powers of ten, then fives, then the
 * rest), each only where its label, `extent(t)` px long along the axis and centred on its tick, keeps `gap` px
 * clear of those already placed.
 */
export function labelledTicks(
  ticks: readonly number[],
  at: (t: number) => number,
  extent: (t: number) => number,
  gap: number,
): Set<number> {
  const roundness = (t: number) => {
    if (!(t > 0)) return 0;
    const lead = leadingDigit(t);
    return lead === 1 ? 0 : lead === 5 ? 1 : 2;
  };
  const order = [...ticks].sort((a, b) => roundness(a) - roundness(b));
  const placed: { lo: number; hi: number }[] = [];
  const kept = new Set<number>();
  for (const t of order) {
    const c = at(t);
    const half = extent(t) / 2 + gap / 2;
    const box = { lo: c - half, hi: c + half };
    if (placed.some((p) => box.lo < p.hi && p.lo < box.hi)) continue;
    placed.push(box);
    kept.add(t);
  }
  return kept;
}

/** The ticks of a horizontal axis that get a label: labels side by side, 6 px apart at least. */
export const labelledXTicks = (
  ticks: readonly number[],
  at: (t: number) => number,
  format: (t: number) => string,
  fontSize: number,
) => labelledTicks(ticks, at, (t) => tickLabelWidth(format(t), fontSize), 6);

/** The ticks of a vertical axis that get a label: labels one above the other, 2 px apart at least. */
export const labelledYTicks = (ticks: readonly number[], at: (t: number) => number, fontSize: number) =>
  labelledTicks(ticks, at, () => tickLabelHeight(fontSize), 2);
