/** How the audit writes its numbers. */
import { fmt } from '../chart';

/** ε, which is infinite for a release that claims nothing. */
export const epsText = (x: number) => (Number.isFinite(x) ? fmt(x) : '∞');

/** A record's coordinates, shortened when there are many (a shape has 2 × landmarks of them). */
export function coords(v: readonly number[]): string {
  const shown = v.slice(0, 4).map((x) => fmt(x));
  return `(${shown.join(', ')}${v.length > 4 ? `, … ${v.length} values` : ''})`;
}
