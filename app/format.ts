/**
 * How the lab writes numbers for people, in one place so that plots, captions and readouts agree: a true minus
 * sign (−, not the hyphen JavaScript prints), a dash for a value that is missing or not finite, and exponent
 * notation only for the very small and the very large. Axis ticks: formatTick (plots/ticks.ts, with d3).
 */
/** What a missing or non-finite value (NaN, ±Infinity) prints as. */
export const NOT_FINITE = '—';

/** The text with every hyphen-minus made a true minus sign. */
export const trueMinus = (s: string) => s.replace(/-/g, '−');

/** The text with every true minus sign made a hyphen-minus: for numbers meant to be read back (Number() parses it). */
export const hyphenMinus = (s: string) => s.replace(/−/g, '-');

/** Where a number is written with an exponent: a magnitude below `below` (but not 0), or `from` and above. */
export interface ExponentRange {
  below: number;
  from: number;
}

/** The range the plots use: 0.001 ≤ |x| < 100 000 is written out. */
export const PLOT_EXPONENTS: ExponentRange = { below: 1e-3, from: 1e5 };
/** Never an exponent. */
export const NO_EXPONENT: ExponentRange = { below: 0, from: Infinity };

const needsExponent = (x: number, range: ExponentRange) =>
  x !== 0 && (Math.abs(x) < range.below || Math.abs(x) >= range.from);

/** Two decimals with an exponent (1.23e−5), for numbers outside their range. */
const exponential = (x: number) => trueMinus(x.toExponential(2));

/** `decimals` decimals (−3.21 with 2), or an exponent outside `range` (none by default). */
export function formatFixed(x: number, decimals: number, range: ExponentRange = NO_EXPONENT): string {
  if (!Number.isFinite(x)) return NOT_FINITE;
  return needsExponent(x, range) ? exponential(x) : trueMinus(x.toFixed(decimals));
}

/** `digits` significant digits without trailing zeros (0.5, 1230, 0.0123), or an exponent outside `range`. */
export function formatSignificant(x: number, digits = 3, range: ExponentRange = PLOT_EXPONENTS): string {
  if (!Number.isFinite(x)) return NOT_FINITE;
  return needsExponent(x, range) ? exponential(x) : trueMinus(String(+x.toPrecision(digits)));
}

/**
 * The plots' numbers: about `digits` significant digits, kept as decimals (0.500, 1.50, 12.5, 123), an exponent
 * outside 0.001 … 100 000; missing values print as a dash.
 */
export function formatNumber(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return NOT_FINITE;
  const a = Math.abs(x);
  if (needsExponent(x, PLOT_EXPONENTS)) return exponential(x);
  if (a >= 100) return formatFixed(x, 0);
  return formatFixed(x, Math.max(0, digits - (a >= 10 ? 2 : a >= 1 ? 1 : 0)));
}

/** A difference with its sign always written (+0.120, −0.120). */
export function formatSigned(x: number | null | undefined, digits = 3): string {
  const text = formatNumber(x, digits);
  return x !== null && x !== undefined && x >= 0 && text !== NOT_FINITE ? `+${text}` : text;
}

/** A budget ε as the controls show it: two decimals below 10 (0.50, 2.00), one from 10 (12.5), two digits below 1. */
export function formatBudget(x: number): string {
  if (!Number.isFinite(x)) return NOT_FINITE;
  return trueMinus(x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toPrecision(2));
}

/** A fraction as a percentage to about two significant digits (0.05 → 5.0%, 0.5 → 50%). */
export function formatPercent(x: number): string {
  const text = formatNumber(100 * x, 2);
  return text === NOT_FINITE ? text : `${text}%`;
}

/** A whole number with its thousands separated (12,500), for counts and large ratios. */
export function formatWhole(x: number): string {
  if (!Number.isFinite(x)) return NOT_FINITE;
  return trueMinus(Math.round(x).toLocaleString('en-US'));
}

/** A small quantity such as δ as a power of ten, its mantissa written only when it is not 1 (1e−6, 2.5e−6). */
export function formatPowerOfTen(x: number): string {
  if (!Number.isFinite(x)) return NOT_FINITE;
  const e = Math.log10(Math.abs(x));
  const exact = Number.isInteger(+e.toFixed(6));
  return trueMinus(exact ? `${x < 0 ? '-' : ''}1e${Math.round(e)}` : x.toExponential(1));
}
