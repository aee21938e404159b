import { describe, expect, it } from 'vitest';
import { auditInfo, runAudit } from '../../src/audit';
import { privacyBoundary } from '../../src/audit/bounds';
import { MECHANISMS } from '../../src/experiments/mechanisms';
import { jobKey } from '../compute/jobs';
import {
  AUDIT_MECHANISMS,
  defaultsFor,
  queryToSettings,
  settingsToQuery,
  type WorkspaceId,
} from '../state/settings';
import {
  auditCellReleases,
  auditMechanismOf,
  auditMechanismOptions,
  boundaryCorners,
  labAuditSpec,
  measuredPower,
  powerBound,
  scoreRows,
  tradeOffRows,
  verdictTone,
} from './model';

const small = { n: 20, burnIn: 50 };

describe('audit view-model', () => {
  it('offers the table mechanisms of each workspace: regression ones, or Fréchet-mean ones', () => {
    for (const id of AUDIT_MECHANISMS) expect(MECHANISMS.some((m) => m.id === id)).toBe(true);
    const ids = (workspace: WorkspaceId, frechetSpace: 'sphere' | 'spd' = 'sphere') =>
      auditMechanismOptions({ workspace, frechetSpace }).map((o) => o.id);
    expect(ids('sphere')).toEqual(['kng', 'kng-footpoint', 'kng-joint', 'nonprivate']);
    expect(ids('kendall')).toEqual(['kng', 'kng-footpoint', 'kng-joint', 'nonprivate']);
    expect(ids('spd')).toEqual(['kng', 'kng-footpoint', 'kng-joint', 'nonprivate']);
    expect(ids('euclidean')).toEqual(['kng', 'kng-footpoint', 'nonprivate', 'dpgr', 'ssp', 'dpsgd']);
    const frechet = MECHANISMS.filter((m) => m.family === 'frechet' && m.spaces.includes('sphere'));
    expect(ids('frechet')).toEqual(frechet.map((m) => m.id));
    expect(ids('frechet', 'spd')).toContain('riemannian-laplace');
    expect(ids('frechet', 'spd')).not.toContain('kng');
    expect(auditMechanismOptions({ workspace: 'sphere', frechetSpace: 'sphere' })[0].label).toBe(
      'KNG (current settings)',
    );
  });

  it('falls back to KNG where the chosen mechanism does not apply', () => {
    expect(auditMechanismOf({ ...defaultsFor('sphere'), auditMechanism: 'ssp' })).toBe('kng');
    expect(auditMechanismOf({ ...defaultsFor('euclidean'), auditMechanism: 'ssp' })).toBe('ssp');
    expect(auditMechanismOf(defaultsFor('frechet'))).toBe('riemannian-laplace');
  });

  it('audits the Fréchet workspace’s mechanisms on points like its data (n, r, spread, seed in the key)', () => {
    const s = { ...defaultsFor('frechet'), n: 30, auditReleases: 200 };
    const spec = labAuditSpec(s, undefined);
    expect(spec.data).toMatchObject({ kind: 'points', space: 'sphere', n: 30, seed: s.seed });
    expect(spec.settings.frechet.radius).toBe(s.radius);
    const key = jobKey(spec, undefined);
    for (const patch of [{ n: 31 }, { spread: 'heterogeneous' as const }, { radius: 0.3 }, { eps: 2 }])
      expect(jobKey(labAuditSpec({ ...s, ...patch }, undefined), undefined)).not.toBe(key);
    const r = runAudit(spec);
    expect(r.claimedEpsilon).toBe(1);
    expect(r.isPrivate).toBe(true);
    expect(Number.isFinite(r.epsilonLower)).toBe(true);
    expect(r.exactEpsilon).not.toBeNull(); // the exact S² Laplace: its ε for this pair
    expect(r.exactEpsilon!).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('keeps the audit settings in the link, and refuses a release count it does not offer', () => {
    const s = {
      ...defaultsFor('euclidean'),
      auditMechanism: 'dpgr' as const,
      auditReleases: 200,
      plotTab: 'audit' as const,
    };
    expect(queryToSettings(settingsToQuery(s)).settings).toEqual(s);
    // shapes default to fewer releases (96-dimensional chains), and a link keeps another count
    expect(defaultsFor('kendall').auditReleases).toBe(200);
    expect(queryToSettings('ws=kendall').settings.auditReleases).toBe(200);
    expect(queryToSettings('ws=kendall&an=1000').settings.auditReleases).toBe(1000);
    const bad = queryToSettings('ws=sphere&an=300&amech=nope');
    expect(bad.settings.auditReleases).toBe(1000);
    expect(bad.settings.auditMechanism).toBe('kng');
    expect(bad.problems).toHaveLength(2);
  });

  it('the picked record (1-based, 0 = largest residual) reaches the spec and the link; a bad one is reported', () => {
    const s = { ...defaultsFor('sphere'), ...small, plotTab: 'audit' as const, auditRecord: 7 };
    expect(labAuditSpec(s, undefined).neighbour).toEqual({ kind: 'index', index: 6 });
    expect(labAuditSpec({ ...s, auditRecord: 0 }, undefined).neighbour).toEqual({ kind: 'largest-residual' });
    expect(settingsToQuery(s)).toMatch(/(^|&)arec=7(&|$)/);
    expect(queryToSettings(settingsToQuery(s)).settings).toEqual(s);
    const key = jobKey(labAuditSpec(s, undefined), undefined);
    expect(jobKey(labAuditSpec({ ...s, auditRecord: 8 }, undefined), undefined)).not.toBe(key);
    const bad = queryToSettings('ws=sphere&arec=-3');
    expect(bad.settings.auditRecord).toBe(0);
    expect(bad.problems[0]).toMatch(/arec=-3/);
    // a record the data do not have: the audit says which and how many there are
    expect(() => auditInfo(labAuditSpec({ ...s, auditRecord: s.n + 1 }, undefined))).toThrow(
      new RegExp(`record ${s.n + 1} does not exist: the data have ${s.n} records`),
    );
  });

  it('cells hold a multiple of 4 releases (the bound splits releases by index mod 4), about 20 per run', () => {
    for (const n of [200, 1000, 2000, 10000]) {
      const c = auditCellReleases(n);
      expect(c % 4).toBe(0);
      expect(Math.ceil(n / c)).toBeGreaterThanOrEqual(16);
      expect(Math.ceil(n / c)).toBeLessThanOrEqual(25);
    }
  });

  it('audits what the workspace releases: its budget split, τ mode and data; m does not matter', () => {
    const s = { ...defaultsFor('sphere'), ...small, eps: 1.4, split: 0.25 };
    const spec = labAuditSpec(s, undefined);
    expect(spec.settings.kng.epsP).toBeCloseTo(0.35);
    expect(spec.settings.kng.epsV).toBeCloseTo(1.05);
    expect(spec.settings.kng.tau).toBe('data');
    const info = auditInfo(spec);
    expect(info.claimedEpsilon).toBeCloseTo(1.4);
    expect(info.isPrivate).toBe(false); // data-driven τ
    expect(auditInfo(labAuditSpec({ ...s, tauMode: 'public' }, undefined)).isPrivate).toBe(true);
    expect(jobKey(labAuditSpec({ ...s, m: 3 }, undefined), undefined)).toBe(jobKey(spec, undefined));
    expect(jobKey(labAuditSpec({ ...s, eps: 2 }, undefined), undefined)).not.toBe(jobKey(spec, undefined));
  });

  it('finds the non-private fit leaking on a small run', () => {
    const s = { ...defaultsFor('spd'), ...small, auditMechanism: 'nonprivate' as const, auditReleases: 200 };
    const r = runAudit(labAuditSpec(s, undefined));
    expect(r.releases).toBe(200);
    expect(r.epsilonLower).toBeGreaterThan(Math.log(150) - 2);
    expect(verdictTone(r)).toBe('leaks');
  });

  it('draws the (ε, δ) boundary exactly by its corners', () => {
    for (const [eps, delta] of [
      [1, 0],
      [0.3, 1e-3],
      [3, 0.05],
    ]) {
      const c = boundaryCorners(eps, delta);
      expect(c[0]).toEqual({ alpha: 0, beta: 1 - delta });
      expect(c[c.length - 1].beta).toBe(0);
      // linear between corners: the boundary at any α is the interpolation
      for (let a = 0; a <= 1; a += 0.037) {
        const i = c.findIndex((p, j) => j > 0 && p.alpha >= a);
        const [p, q] = [c[i - 1], c[i]];
        const interp = p.beta + ((q.beta - p.beta) * (a - p.alpha)) / (q.alpha - p.alpha);
        expect(interp).toBeCloseTo(privacyBoundary(a, eps, delta), 12);
      }
    }
    expect(boundaryCorners(Infinity, 0)).toEqual([]);
  });

  it('states an attacker’s power: at most e^ε α (+ δ) for small α', () => {
    expect(powerBound(0.05, 1, 0)).toBeCloseTo(Math.E * 0.05, 12);
    expect(powerBound(0.05, 1, 0.01)).toBeCloseTo(Math.E * 0.05 + 0.01, 12);
    expect(powerBound(0.5, 5, 0)).toBeCloseTo(1 - 0.5 * Math.exp(-5), 12); // the second inequality
    const curve = { alpha: [1, 0.5, 0.04, 0], beta: [0, 0.1, 0.7, 1] };
    expect(measuredPower(curve, 0.05)).toBeCloseTo(0.3);
    expect(measuredPower(curve, 0.6)).toBeCloseTo(0.9);
  });

  it('says undecided before any release, consistent or leaks after', () => {
    const base = { releases: 10, leaks: false, claimedEpsilon: 1, epsilonLower: 0.5 };
    expect(verdictTone({ ...base, releases: 0 })).toBe('undecided');
    expect(verdictTone(base)).toBe('consistent');
    expect(verdictTone({ ...base, leaks: true, epsilonLower: 1.5 })).toBe('leaks');
    expect(verdictTone({ ...base, claimedEpsilon: Infinity, epsilonLower: 0 })).toBe('consistent');
    expect(verdictTone({ ...base, claimedEpsilon: Infinity, epsilonLower: 3 })).toBe('leaks');
  });

  it('exports scores in release order whatever order the cells arrived in, and the curve with its boundary', () => {
    const cell = (first: number, d: number[], d2: number[]) => ({
      first,
      scoresD: Float64Array.from(d),
      scoresD2: Float64Array.from(d2),
    });
    const rows = scoreRows([cell(2, [5, 6], [7, 8]), undefined, cell(0, [1, 2], [3, 4])]);
    expect(rows.map((r) => `${r.side}${r.release}:${r.score}`)).toEqual([
      'D0:1',
      'D1:2',
      'D′0:3',
      'D′1:4',
      'D2:5',
      'D3:6',
      'D′2:7',
      'D′3:8',
    ]);
    const t = { alpha: [1, 0.2, 0], beta: [0, 0.5, 1] };
    expect(tradeOffRows({ tradeOff: t, claimedEpsilon: 1, delta: 0 })[1].boundary).toBeCloseTo(
      privacyBoundary(0.2, 1, 0),
    );
    expect(tradeOffRows({ tradeOff: t, claimedEpsilon: Infinity, delta: 0 })[1].boundary).toBe(0);
  });
});
