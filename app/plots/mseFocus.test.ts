import { describe, expect, it } from 'vitest';
import { focusExists, focusKey, focusOrder, nextFocus } from './mseFocus';

const pts = (...xs: number[]) => xs.map((x) => ({ x }));
const curves = { series: [{ points: pts(0, 1, 2) }, { points: pts(0.1, 1.6) }], hasRelease: true };

describe('MSE plot keyboard focus', () => {
  it('orders the stops curve by curve, then the release marker', () => {
    expect(focusOrder(curves).map(focusKey)).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', 'release']);
    expect(focusOrder({ ...curves, hasRelease: false }).at(-1)).toEqual({ s: 1, p: 1 });
  });
  it('moves along a curve, past its end to the release, and back', () => {
    expect(nextFocus({ s: 0, p: 1 }, 'ArrowRight', curves)).toEqual({ s: 0, p: 2 });
    expect(nextFocus({ s: 0, p: 2 }, 'ArrowRight', curves)).toBe('release');
    expect(nextFocus({ s: 0, p: 2 }, 'ArrowRight', { ...curves, hasRelease: false })).toBeNull();
    expect(nextFocus({ s: 0, p: 0 }, 'ArrowLeft', curves)).toBeNull();
    expect(nextFocus('release', 'ArrowLeft', curves)).toEqual({ s: 1, p: 1 });
    expect(nextFocus('release', 'ArrowRight', curves)).toBeNull();
  });
  it('jumps between curves to the nearest point in x, wrapping around; Home and End', () => {
    expect(nextFocus({ s: 0, p: 2 }, 'ArrowDown', curves)).toEqual({ s: 1, p: 1 });
    expect(nextFocus({ s: 1, p: 0 }, 'ArrowDown', curves)).toEqual({ s: 0, p: 0 });
    expect(nextFocus({ s: 0, p: 1 }, 'ArrowUp', curves)).toEqual({ s: 1, p: 1 });
    expect(nextFocus({ s: 0, p: 1 }, 'End', curves)).toEqual({ s: 0, p: 2 });
    expect(nextFocus({ s: 0, p: 1 }, 'Home', curves)).toEqual({ s: 0, p: 0 });
    expect(nextFocus({ s: 0, p: 1 }, 'a', curves)).toBeNull();
  });
  it('knows which stops exist as the curves fill in', () => {
    expect(focusExists({ s: 1, p: 2 }, curves)).toBe(false);
    expect(focusExists('release', { ...curves, hasRelease: false })).toBe(false);
    expect(focusExists(null, curves)).toBe(false);
  });
});
