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
 * Which ticks get a label so that no two labels overlap: the round ones first (powers of ten, then the rest),
 * each only where its label clears those already placed. Widths are estimated (0.6 em per character, 6 px gap).
 */
export function labelledTicks(
  ticks: readonly number[],
  at: (t: number) => number,
  label: (t: number) => string,
  fontSize: number,
): Set<number> {
  const half = (t: number) => (label(t).length * 0.6 * fontSize) / 2 + 3;
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
    const box = { lo: c - half(t), hi: c + half(t) };
    if (placed.some((p) => box.lo < p.hi && p.lo < box.hi)) continue;
    placed.push(box);
    kept.add(t);
  }
  return kept;
}
