import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, csvParts, json, WINE_CSV, tempFiles } from './testing';

const WINE = fileURLToPath(WINE_CSV);

const file = tempFiles();

describe('--data', () => {
  it('sphere (lat/lon CSV): fit, release and sweep use the file; --n is ignored with a note', async () => {
    const path = file('sphere.csv', 'age,lat,lon\n50,10,20\n60,12,25\n70,15,29\n90,17,33\n80,16,31\n');
    const fit = await json('fit', '--data', path, '--n', '100');
    expect(fit.fit.n).toBe(5);
    expect(fit.settings.data).toMatchObject({ file: path, n: 5, xLabel: 'age', xRange: [50, 90] });
    expect(fit.notes.join(' ')).toMatch(/--n is ignored/);
    expect(Math.hypot(...fit.fit.p)).toBeCloseTo(1, 12);
    const rel = await json('release', '--mechanism', 'kng', '--data', path, '--m', '2', '--burn-in', '50');
    expect(rel.footpoints).toHaveLength(2);
    const sweep = await json(
      'sweep',
      '--mechanism',
      'kng',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '50',
      '--points',
      '2',
      '--workers',
      '1',
    );
    expect(sweep.rows).toHaveLength(4);
    expect(sweep.rows[0].n).toBe(5);
  });

  it('sphere coordinates off the unit sphere: an error suggesting --normalize, which projects them', async () => {
    const path = file('xyz.csv', '0,2,0,0\n0.5,0,2,0\n1,0,0,2\n0.7,1,1,0\n');
    const r = await cli('fit', '--data', path);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/row 1: the point \(2, 0, 0\) has length 2, not 1.*--normalize/);
    const ok = await json('fit', '--data', path, '--normalize');
    expect(ok.fit.n).toBe(4);
    expect(ok.notes.join(' ')).toMatch(/4 points were projected/);
  });

  it('synthetic shapes with --landmarks k live on Kendall(k); a file’s own landmarks win, with a note', async () => {
    const out = await json('fit', '--manifold', 'kendall', '--landmarks', '8', '--n', '12');
    expect(out.settings.landmarks).toBe(8);
    expect(out.fit.p).toHaveLength(16);
    expect((await json('fit', '--manifold', 'kendall', '--n', '12')).settings.landmarks).toBe(50);
    const path = file(
      'tri-landmarks.csv',
      'age,x1,y1,x2,y2,x3,y3\n60,0,0,1,0,0,1\n70,0,0,1.1,0,0,0.9\n80,0,0,1.2,0,0,0.8\n',
    );
    const own = await json('fit', '--manifold', 'kendall', '--data', path, '--landmarks', '8');
    expect(own.settings).not.toHaveProperty('landmarks');
    expect(own.fit.p).toHaveLength(6);
    expect(own.notes.join(' ')).toMatch(/--landmarks is ignored/);
  });

  it('kendall shapes with any number of landmarks (fit)', async () => {
    const path = file(
      'tri.csv',
      'age,x1,y1,x2,y2,x3,y3\n60,0,0,1,0,0,1\n70,0,0,1.1,0,0,0.9\n80,0,0,1.2,0,0,0.8\n',
    );
    const out = await json('fit', '--manifold', 'kendall', '--data', path);
    expect(out.fit.space).toBe('kendall(3)');
    expect(out.fit.p).toHaveLength(6);
  });

  it('kendall shapes with 20 landmarks release on the 20-landmark shape space (manifold read off the data)', async () => {
    // 8 subjects: a circle of 20 landmarks stretched with the covariate, plus a seeded wobble
    const rows = Array.from({ length: 8 }, (_, i) => {
      const coords = Array.from({ length: 20 }, (_, j) => {
        const t = (2 * Math.PI * j) / 20;
        const wobble = 0.01 * Math.sin(7 * i + 3 * j);
        return [(1 + 0.05 * i) * Math.cos(t) + wobble, Math.sin(t) - wobble];
      }).flat();
      return [50 + 5 * i, ...coords].join(',');
    });
    const names = Array.from({ length: 20 }, (_, j) => `x${j + 1},y${j + 1}`).join(',');
    const path = file('k20.csv', [`age,${names}`, ...rows].join('\n'));
    const rel = await json(
      'release',
      '--mechanism',
      'kng',
      '--manifold',
      'kendall',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '20',
    );
    expect(rel.footpoints).toHaveLength(2);
    expect(rel.footpoints[0]).toHaveLength(40);
  });

  it('spd (x, a, b, c CSV, semicolons)', async () => {
    const path = file('spd.csv', 'x;a;b;c\n0;1;0.1;1\n0.5;1.5;0.2;1.2\n1;2;0.3;1.5\n0.7;1.7;0.2;1.3\n');
    const fit = await json('fit', '--manifold', 'spd', '--data', path);
    expect(fit.fit.n).toBe(4);
    expect(fit.fit.p).toHaveLength(4);
    expect(fit.fit.converged).toBe(true);
    const rel = await json(
      'release',
      '--mechanism',
      'kng',
      '--manifold',
      'spd',
      '--data',
      path,
      '--m',
      '2',
      '--burn-in',
      '50',
    );
    expect(rel.calibration.tauM).toBeGreaterThan(0);
    expect(rel.footpoints).toHaveLength(2);
  });

  it('fit on the wine table with chosen columns', async () => {
    const out = await json('fit', '--manifold', 'euclidean', '--data', WINE, '--columns', 'x=alcohol,y=pH');
    expect(out.fit.n).toBe(1599);
    expect(out.fit.p).toHaveLength(1);
    expect(out.fit.converged).toBe(true);
    expect(out.settings.data).toMatchObject({ xLabel: 'alcohol', yLabels: ['pH'], separator: 'semicolon' });
    expect(out.fit.lnNonPrivateMse).toBeLessThan(0);
    const two = await json(
      'fit',
      '--manifold',
      'euclidean',
      '--data',
      WINE,
      '--columns',
      'x=alcohol,y=pH,density',
    );
    expect(two.fit.p).toHaveLength(2);
    const csv = await cli(
      'fit',
      '--manifold',
      'euclidean',
      '--data',
      WINE,
      '--columns',
      'x=alcohol,y=pH',
      '--format',
      'csv',
    );
    const { head, lines } = csvParts(csv.stdout);
    expect(lines[0]).toBe('n,energy,lnNonPrivateMse,iterations,converged,gradNorm,maxResidual,p1,v1');
    // the data file's hash, as sha256sum would print it
    expect(head.dataSha256).toBe(createHash('sha256').update(readFileSync(WINE)).digest('hex'));
    expect(JSON.parse(head.settings).data).toMatchObject({ file: WINE, n: 1599, xLabel: 'alcohol' });
  });
});
