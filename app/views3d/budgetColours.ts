/**
 * Colour of a total budget in the Fig. 5 view: viridis (perceptually uniform, colour-blind safe), darker for
 * smaller ε as in the paper ("darker blue indicates a smaller total budget"); the light end is cut at 0.78 so the
 * largest budgets still read against the pale globe.
 */
import { color as d3color, interpolateViridis } from 'd3';

const LO = 0.2;
const HI = 2.0;

export function budgetColour(eps: number): string {
  const t = Math.min(1, Math.max(0, (eps - LO) / (HI - LO)));
  return interpolateViridis(0.78 * t);
}

/** The same colour as linear rgb in [0, 1] (for three.js vertex colours). */
export function budgetRgb(eps: number): [number, number, number] {
  return linearRgb(budgetColour(eps));
}

/** A CSS colour as linear rgb in [0, 1] (three.js vertex colours are linear). */
export function linearRgb(css: string): [number, number, number] {
  const c = d3color(css)!.rgb();
  const lin = (x: number) => {
    const s = x / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [lin(c.r), lin(c.g), lin(c.b)];
}
