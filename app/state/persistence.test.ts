import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/data';
import { newImportId, useLab, type ImportedData } from '../store';
import {
  DATA_KEY,
  SETTINGS_KEY,
  decodeImported,
  decodeSettings,
  encodeImported,
  encodeSettings,
  linkSetsSettings,
  readSession,
  startFresh,
  startPersistence,
  type KeyValueStorage,
} from './persistence';
import { DEFAULT_SETTINGS, defaultsFor, type LabSettings } from './settings';

/** An in-memory Storage; `failOn` makes setItem of that key throw (e.g. a full quota). */
class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  failOn: { key: string; error: Error } | null = null;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.failOn?.key === k) throw this.failOn.error;
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const SETTINGS: LabSettings = {
  ...defaultsFor('spd'),
  eps: 0.5,
  split: 0.3,
  seed: 42,
  sigmaRule: 'strict',
  tauMode: 'public',
  tau: 2,
  curves: [20, 80],
  camera: [1, 2, 3],
};

function imported(): Partial<Record<'sphere' | 'kendall', ImportedData>> {
  const g = generate('sphere', { n: 12, seed: 5 });
  const k = generate('kendall', { n: 8, seed: 5 });
  return {
    sphere: {
      id: newImportId(),
      fileName: 'directions.csv',
      xs: g.xs,
      ys: g.ys,
      xLabel: 'day',
      xRange: [3, 9],
    },
    kendall: {
      id: newImportId(),
      fileName: 'shapes.json',
      xs: k.xs,
      ys: k.ys,
      xLabel: 'age',
      xRange: k.xRange as [number, number],
    },
  };
}

describe('stored settings', () => {
  it('round-trip', () => {
    expect(decodeSettings(encodeSettings(SETTINGS))).toEqual(SETTINGS);
  });

  it.each([
    ['not JSON', '{"version":1,"query":', /not valid JSON/],
    ['not an object', '[1,2]', /not an object/],
    ['another version', '{"version":2,"query":"eps=0.5"}', /version 2, not 1/],
    ['no version', '{"query":"eps=0.5"}', /version undefined/],
    ['a query that is not a string', '{"version":1,"query":42}', /no query string/],
    ['a value that is not a number', '{"version":1,"query":"eps=abc"}', /"eps=abc" is not valid/],
    ['NaN', '{"version":1,"query":"n=NaN"}', /"n=NaN" is not valid/],
    ['an out-of-range value', '{"version":1,"query":"eps=1e9"}', /out of range/],
    ['an unknown workspace', '{"version":1,"query":"ws=moon"}', /"ws=moon" is not valid/],
  ])('are refused when %s', (_what, text, message) => {
    expect(() => decodeSettings(text)).toThrow(message);
  });
});

describe('stored data', () => {
  it('round-trip through the importer (same data, fresh ids, labels kept)', () => {
    const before = imported();
    const { imported: after, problems } = decodeImported(encodeImported(before));
    expect(problems).toEqual([]);
    for (const w of ['sphere', 'kendall'] as const) {
      const a = before[w]!;
      const b = after[w]!;
      expect(b.fileName).toBe(a.fileName);
      expect(b.xRange).toEqual(a.xRange);
      expect(b.ys.length).toBe(a.ys.length);
      b.xs.forEach((x, i) => expect(x).toBeCloseTo(a.xs[i], 13));
      b.ys.forEach((y, i) => y.forEach((c, j) => expect(c).toBeCloseTo(a.ys[i][j], 14)));
      expect(b.id).not.toBe(a.id);
    }
    expect(after.sphere!.xLabel).toBe('day');
    expect(after.sphere!.id).not.toBe(after.kendall!.id);
  });

  it("keep the Fréchet workspace's own points (sphere and SPD(k)) and read them back with the points importer", () => {
    const sphere = [Float64Array.of(0.6, 0.8, 0), Float64Array.of(0, 0, 1), Float64Array.of(0, -0.6, 0.8)];
    const spd3 = [
      Float64Array.of(2, 0.5, 0, 0.5, 1, 0.1, 0, 0.1, 3),
      Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1),
    ];
    for (const [space, k, ys] of [
      ['sphere', 2, sphere],
      ['spd', 3, spd3],
    ] as const) {
      const before: ImportedData = {
        id: newImportId(),
        fileName: 'points.csv',
        xs: new Float64Array(0),
        ys: [...ys],
        xLabel: '',
        xRange: [0, 0],
        yLabels: ['layout label'],
        points: { space, k },
      };
      const { imported: after, problems } = decodeImported(encodeImported({ frechet: before }));
      expect(problems).toEqual([]);
      const b = after.frechet!;
      expect(b.points).toEqual({ space, k });
      expect(b.fileName).toBe('points.csv');
      expect(b.yLabels).toEqual(['layout label']);
      expect(b.xs.length).toBe(0);
      expect(b.ys.map((y) => [...y])).toEqual(ys.map((y) => [...y]));
    }
    // a stored copy the importer refuses (a matrix that is not positive definite) is named and left out
    const good = JSON.parse(
      encodeImported({
        frechet: {
          id: newImportId(),
          fileName: 'tensors.csv',
          xs: new Float64Array(0),
          ys: spd3,
          xLabel: '',
          xRange: [0, 0],
          points: { space: 'spd', k: 3 },
        },
      }),
    );
    const lines = (good.workspaces.frechet.csv as string).trim().split('\n');
    const bad = { ...good.workspaces.frechet, csv: [lines[0], '1,2,0,1,0,1', lines[2]].join('\n') };
    const out = decodeImported(JSON.stringify({ ...good, workspaces: { frechet: bad } }));
    expect(out.imported.frechet).toBeUndefined();
    expect(out.problems[0]).toMatch(/points from tensors\.csv could not be read back.*row 2/);
    const noSpace = { ...good.workspaces.frechet, points: { k: 3 } };
    expect(decodeImported(JSON.stringify({ ...good, workspaces: { frechet: noSpace } })).problems[0]).toMatch(
      /workspace "frechet" are not in the expected form/,
    );
  });

  it.each([
    ['not JSON', 'nope', /not valid JSON/],
    ['another version', '{"version":0,"workspaces":{}}', /version 0/],
    ['workspaces that are not an object', '{"version":1,"workspaces":[]}', /no workspaces/],
  ])('are refused as a whole when %s', (_what, text, message) => {
    expect(() => decodeImported(text)).toThrow(message);
  });

  it('leave out a workspace with wrong shapes or values the importer refuses, naming it, and keep the others', () => {
    const good = JSON.parse(encodeImported(imported()));
    const csv = good.workspaces.sphere.csv as string;
    const lines = csv.trim().split('\n');
    const withNaN = [lines[0], 'NaN,1,0,0', ...lines.slice(2)].join('\n');
    const offSphere = [lines[0], '0.5,2,0,0', ...lines.slice(2)].join('\n');
    for (const [bad, message] of [
      [{ fileName: 'directions.csv', csv: withNaN }, /directions\.csv.*row 2.*not a finite number/],
      [{ fileName: 'directions.csv', csv: offSphere }, /directions\.csv.*row 2.*length 2, not 1/],
      [{ fileName: 'directions.csv', csv: 42 }, /workspace "sphere" are not in the expected form/],
      [{ csv }, /workspace "sphere" are not in the expected form/],
      [null, /workspace "sphere" are not in the expected form/],
    ] as const) {
      const text = JSON.stringify({ ...good, workspaces: { ...good.workspaces, sphere: bad } });
      const { imported: out, problems } = decodeImported(text);
      expect(out.sphere).toBeUndefined();
      expect(out.kendall?.fileName).toBe('shapes.json');
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    }
    const moon = JSON.stringify({ ...good, workspaces: { moon: good.workspaces.sphere } });
    expect(decodeImported(moon).problems[0]).toMatch(/workspace "moon"/);
  });
});

describe('restoring a session', () => {
  it('tells links that set settings from links that do not', () => {
    expect(linkSetsSettings('')).toBe(false);
    expect(linkSetsSettings('?notour=1')).toBe(false);
    expect(linkSetsSettings('notour=1&eps=0.5')).toBe(true);
    expect(linkSetsSettings('ws=sphere')).toBe(true);
    expect(linkSetsSettings('cam=1,2,3')).toBe(true);
  });

  it('applies stored settings only when the link sets none; restores data either way', () => {
    const storage = new MemoryStorage();
    storage.setItem(SETTINGS_KEY, encodeSettings(SETTINGS));
    storage.setItem(DATA_KEY, encodeImported(imported()));
    const bare = readSession(storage, '?notour=1');
    expect(bare.settings).toEqual(SETTINGS);
    expect(bare.imported.sphere?.fileName).toBe('directions.csv');
    expect(bare.notices.join(' ')).toMatch(
      /Restored the settings and your data from directions\.csv, shapes\.json/,
    );
    const linked = readSession(storage, '?eps=2');
    expect(linked.settings).toBeNull();
    expect(linked.imported.kendall?.fileName).toBe('shapes.json');
  });

  it('discards corrupt stored state with a notice, removes it, and never throws', () => {
    const storage = new MemoryStorage();
    storage.setItem(SETTINGS_KEY, '{"version":1,"query":"split=NaN"}');
    storage.setItem(DATA_KEY, '{"version":1,"workspaces":');
    const s = readSession(storage, '');
    expect(s.settings).toBeNull();
    expect(s.imported).toEqual({});
    expect(s.notices).toHaveLength(1);
    expect(s.notices[0]).toMatch(
      /could not be restored and was discarded: .*split=NaN.*; the stored data are not valid JSON/,
    );
    expect(storage.map.size).toBe(0);
  });

  // each kind of damage a stored session can have, with what the notice says about it
  it.each([
    ['bad JSON', { [SETTINGS_KEY]: '{"version":1,"que', [DATA_KEY]: 'not json at all' }, /not valid JSON/],
    [
      'another version',
      { [SETTINGS_KEY]: '{"version":99,"query":"eps=0.5"}' },
      /stored settings are of version 99, not 1/,
    ],
    [
      'wrong shapes',
      {
        [SETTINGS_KEY]: '{"version":1,"query":["eps=0.5"]}',
        [DATA_KEY]: '{"version":1,"workspaces":{"sphere":{"fileName":7,"csv":null}}}',
      },
      /no query string.*workspace "sphere" are not in the expected form/,
    ],
    [
      'NaN',
      {
        [SETTINGS_KEY]: '{"version":1,"query":"split=NaN"}',
        [DATA_KEY]:
          '{"version":1,"workspaces":{"sphere":{"fileName":"a.csv","csv":"t,y1,y2,y3\\n0,1,0,0\\n1,NaN,1,0\\n2,0,0,1\\n"}}}',
      },
      /"split=NaN" is not valid.*a\.csv could not be read back.*row 3.*not a finite number/,
    ],
  ])('discards a stored session with %s, saying what was wrong', (_what, items, message) => {
    const storage = new MemoryStorage();
    for (const [k, v] of Object.entries(items)) storage.setItem(k, v);
    // (stored settings are read, and checked, even when the link's settings win)
    const s = readSession(storage, '?eps=2');
    expect(s.settings).toBeNull();
    expect(s.imported).toEqual({});
    expect(s.notices).toHaveLength(1);
    expect(s.notices[0]).toMatch(/could not be restored and was discarded/);
    expect(s.notices[0]).toMatch(message);
    expect(storage.map.size).toBe(0);
  });

  it('keeps the readable workspaces and rewrites the stored data without the unreadable one', () => {
    const storage = new MemoryStorage();
    const good = JSON.parse(encodeImported(imported()));
    storage.setItem(
      DATA_KEY,
      JSON.stringify({
        ...good,
        workspaces: { ...good.workspaces, spd: { fileName: 'm.csv', csv: 'x,a,b,c\n0,1,2,1\n' } },
      }),
    );
    const s = readSession(storage, '');
    expect(Object.keys(s.imported).sort()).toEqual(['kendall', 'sphere']);
    expect(s.notices[1]).toMatch(/m\.csv could not be read back/);
    expect(Object.keys(JSON.parse(storage.getItem(DATA_KEY)!).workspaces).sort()).toEqual([
      'kendall',
      'sphere',
    ]);
    // nothing readable left: the key goes
    storage.setItem(
      DATA_KEY,
      JSON.stringify({ version: 1, workspaces: { spd: { fileName: 'm.csv', csv: 'x' } } }),
    );
    expect(readSession(storage, '').imported).toEqual({});
    expect(storage.getItem(DATA_KEY)).toBeNull();
  });
});

describe('keeping the session in storage', () => {
  const win = globalThis as unknown as { window?: unknown };
  beforeEach(() => {
    win.window = { location: { search: '' }, addEventListener() {}, removeEventListener() {} };
    useLab.setState({ settings: DEFAULT_SETTINGS, imported: {}, notices: [] });
  });
  afterEach(() => {
    delete win.window;
  });

  it('saves data at once and settings once they settle; restores them; Start fresh clears everything', async () => {
    const storage = new MemoryStorage();
    const stop = startPersistence(storage);
    useLab.getState().setImported('sphere', imported().sphere!);
    expect(JSON.parse(storage.getItem(DATA_KEY)!).workspaces.sphere.fileName).toBe('directions.csv');
    useLab.getState().set({ eps: 0.25 });
    await new Promise((r) => setTimeout(r, 400));
    expect(decodeSettings(storage.getItem(SETTINGS_KEY)!).eps).toBe(0.25);
    stop();

    useLab.setState({ settings: DEFAULT_SETTINGS, imported: {}, notices: [] });
    const stop2 = startPersistence(storage);
    expect(useLab.getState().settings.eps).toBe(0.25);
    expect(useLab.getState().imported.sphere?.fileName).toBe('directions.csv');
    startFresh();
    expect(useLab.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(useLab.getState().imported).toEqual({});
    await new Promise((r) => setTimeout(r, 400));
    expect(storage.map.size).toBe(0);
    stop2();
  });

  it('a full quota: says so once, keeps no stale data, does not throw', () => {
    const storage = new MemoryStorage();
    storage.setItem(DATA_KEY, encodeImported({ spd: undefined }));
    const stop = startPersistence(storage);
    storage.failOn = { key: DATA_KEY, error: new DOMException('full', 'QuotaExceededError') };
    const { sphere } = imported();
    expect(() => useLab.getState().setImported('sphere', sphere!)).not.toThrow();
    useLab.getState().setImported('sphere', { ...sphere!, id: 99 });
    const notices = useLab.getState().notices.filter((n) => /too large for this browser's storage/.test(n));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('directions.csv');
    expect(storage.getItem(DATA_KEY)).toBeNull();
    stop();
  });

  it('storage the browser refuses: a notice, and the lab goes on', () => {
    expect(() => startPersistence(null)).not.toThrow();
    expect(useLab.getState().notices[0]).toMatch(/does not let the lab keep your session/);
  });
});
