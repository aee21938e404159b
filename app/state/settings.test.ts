import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, queryToSettings, settingsToQuery, type LabSettings } from './settings';

describe('lab settings round-trip through the URL', () => {
  it('defaults give an empty query, and every changed field survives the round trip', () => {
    expect(settingsToQuery(DEFAULT_SETTINGS)).toBe('');
    const s: LabSettings = {
      ...DEFAULT_SETTINGS,
      workspace: 'kendall',
      n: 77,
      noise: 0.5,
      seed: 42,
      eps: 0.3,
      split: 0.27,
      sigmaRule: 'strict',
      tauMode: 'public',
      tau: 1.2,
      tauM: 3,
      vDomain: 'plane',
      burnIn: 500,
      m: 4,
      stepScaleP: 2.5,
      stepScaleV: 7,
      scheme: 'consecutive',
      adaptive: true,
      curves: [10, 30],
      ages: [55, 85],
      showLandmarks: true,
      camera: [1, -2, 0.5],
      figure: 'fig3',
      plotTab: 'histograms',
    };
    const back = queryToSettings(settingsToQuery(s));
    expect(back.problems).toEqual([]);
    expect(back.settings).toEqual(s);
  });
  it("a workspace's own data defaults apply when the link names the workspace", () => {
    const { settings } = queryToSettings('ws=kendall');
    expect(settings.n).toBe(100);
    expect(settings.noise).toBe(1);
    const k = { ...settings, n: 50 };
    expect(queryToSettings(settingsToQuery(k)).settings).toEqual(k);
  });
  it('bad values fall back to defaults with a message naming the parameter', () => {
    const { settings, problems } = queryToSettings('ws=moon&n=abc&eps=1e9&curves=1,x&cam=1,2');
    expect(settings.workspace).toBe('sphere');
    expect(settings.n).toBe(DEFAULT_SETTINGS.n);
    expect(settings.eps).toBe(100);
    expect(settings.curves).toEqual(DEFAULT_SETTINGS.curves);
    expect(settings.camera).toBeNull();
    expect(problems.join('\n')).toMatch(/"ws=moon"/);
    expect(problems.join('\n')).toMatch(/"n=abc"/);
    expect(problems.join('\n')).toMatch(/"eps=1e9" is out of range/);
    expect(problems).toHaveLength(5);
  });
});
