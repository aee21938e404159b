import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  LIMITS,
  queryToSettings,
  settingsToQuery,
  sliderRange,
  type LabSettings,
} from './settings';

describe('lab settings round-trip through the URL', () => {
  it('defaults give an empty query, and every changed field survives the round trip', () => {
    expect(settingsToQuery(DEFAULT_SETTINGS)).toBe('');
    const s: LabSettings = {
      ...DEFAULT_SETTINGS,
      workspace: 'kendall',
      n: 77,
      noise: 0.5,
      seed: 42,
      samplerSeed: 7,
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
    // shapes open on the release private for any data, at the size and landmarks where it pays
    const { settings } = queryToSettings('ws=kendall');
    expect(settings).toMatchObject({ n: 2000, noise: 1, landmarks: 8, mechanism: 'kng-joint' });
    const k = { ...settings, n: 50 };
    expect(queryToSettings(settingsToQuery(k)).settings).toEqual(k);
    // with paper 000's KNG named in the link, the paper's sizes
    const paper = queryToSettings('ws=kendall&mech=kng').settings;
    expect(paper).toMatchObject({ n: 100, landmarks: 50, mechanism: 'kng' });
    expect(settingsToQuery(paper)).toBe('ws=kendall&mech=kng');
    const mixed = { ...paper, n: 2000 };
    expect(queryToSettings(settingsToQuery(mixed)).settings).toEqual(mixed);
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
  it('the Fréchet workspace: its keys survive the round trip, links stay short, bad values are named', () => {
    const { settings } = queryToSettings('ws=frechet');
    expect(settings.workspace).toBe('frechet');
    expect(settingsToQuery(settings)).toBe('ws=frechet');
    const s: LabSettings = {
      ...settings,
      frechetSpace: 'spd',
      radius: 0.4,
      spread: 'heterogeneous',
      delta: 1e-8,
      calibration: 'classical',
      metric: 'affine',
      mechanisms: ['rl', 'conformal'],
      phiSource: 'public',
      errorMeasure: 'euclidean',
      eps: 0.2,
    };
    const back = queryToSettings(settingsToQuery(s));
    expect(back.problems).toEqual([]);
    expect(back.settings).toEqual(s);
    // no mechanism at all is a valid choice, and survives too
    expect(queryToSettings(settingsToQuery({ ...s, mechanisms: [] })).settings.mechanisms).toEqual([]);
    // mechanisms come back in the canonical order whatever the link's order
    expect(queryToSettings('ws=frechet&mechs=conformal,tg,rl').settings.mechanisms).toEqual([
      'rl',
      'tg',
      'conformal',
    ]);
    const bad = queryToSettings('ws=frechet&mechs=rl,moon&fspace=torus&r=-1&delta=0.5');
    expect(bad.settings.mechanisms).toEqual(DEFAULT_SETTINGS.mechanisms);
    expect(bad.settings.frechetSpace).toBe('sphere');
    expect(bad.settings.radius).toBe(0.01);
    expect(bad.settings.delta).toBe(0.1);
    const text = bad.problems.join('\n');
    expect(text).toMatch(/"mechs=rl,moon" is not valid/);
    expect(text).toMatch(/"fspace=torus" is not valid/);
    expect(text).toMatch(/"r=-1" is out of range/);
    expect(text).toMatch(/"delta=0.5" is out of range/);
    expect(bad.problems).toHaveLength(4);
    // a repeated mechanism is refused rather than silently merged
    expect(queryToSettings('ws=frechet&mechs=rl,rl').problems).toHaveLength(1);
  });
});

describe('the sampler seed', () => {
  it('is absent by default (the data seed’s), goes into links as sseed, and comes back', () => {
    expect(DEFAULT_SETTINGS.samplerSeed).toBeNull();
    expect(settingsToQuery({ ...DEFAULT_SETTINGS, seed: 4 })).toBe('seed=4');
    const s = { ...DEFAULT_SETTINGS, seed: 4, samplerSeed: 11 };
    expect(settingsToQuery(s)).toBe('seed=4&sseed=11');
    expect(queryToSettings('seed=4&sseed=11')).toEqual({ settings: s, problems: [] });
    // equal to the data seed it is still the user's choice, and survives
    expect(queryToSettings(settingsToQuery({ ...s, samplerSeed: 4 })).settings.samplerSeed).toBe(4);
  });
  it('bad values fall back to the data seed’s, with a message naming the parameter', () => {
    const bad = queryToSettings('sseed=abc');
    expect(bad.settings.samplerSeed).toBeNull();
    expect(bad.problems).toEqual(['link parameter "sseed=abc" is not valid; using the default']);
    const low = queryToSettings('sseed=-3');
    expect(low.settings.samplerSeed).toBe(0);
    expect(low.problems).toEqual(['link parameter "sseed=-3" is out of range; using 0']);
    expect(queryToSettings('sseed=2.6').settings.samplerSeed).toBe(3);
  });
});

describe('the settings table', () => {
  it('every default lies within its limits, integers are whole, and an out-of-range link value is clamped', () => {
    for (const [key, [lo, hi]] of Object.entries(LIMITS)) {
      const value = DEFAULT_SETTINGS[key as keyof LabSettings] as number | null;
      // a setting that is absent by default (the sampler seed: the data seed's then) has no value to check
      if (value === null) continue;
      expect(value, key).toBeGreaterThanOrEqual(lo);
      expect(value, key).toBeLessThanOrEqual(hi);
    }
    const { settings, problems } = queryToSettings('m=2.6&burn=-5&eps=0.5');
    expect(settings.m).toBe(3);
    expect(settings.burnIn).toBe(0);
    expect(settings.eps).toBe(0.5);
    expect(problems).toEqual(['link parameter "burn=-5" is out of range; using 0']);
  });
  it('a slider spans its setting’s limits or a part of them, around the default', () => {
    for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      const [lo, hi] = sliderRange(key);
      expect(lo, key).toBeGreaterThanOrEqual(LIMITS[key][0]);
      expect(hi, key).toBeLessThanOrEqual(LIMITS[key][1]);
      const value = DEFAULT_SETTINGS[key];
      if (value !== null) expect(value >= lo && value <= hi, key).toBe(true);
    }
    expect(sliderRange('eps')).toEqual([0.01, 10]);
  });
  it('each setting has its own link key: changing one setting changes exactly one parameter', () => {
    const changed: Partial<LabSettings> = {
      n: 77,
      tau: 2,
      landmarks: 20,
      radius: 1,
      auditRecord: 5,
      seed: 9,
      samplerSeed: 9,
    };
    const keys = Object.entries(changed).map(([k, v]) =>
      [...new URLSearchParams(settingsToQuery({ ...DEFAULT_SETTINGS, [k]: v })).keys()].join(),
    );
    expect(new Set(keys).size).toBe(keys.length);
    keys.forEach((k) => expect(k).not.toContain(','));
  });
});
