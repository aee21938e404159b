import { describe, expect, it } from 'vitest';
import { MECHANISMS } from '../experiments/mechanisms';
import { OPTIONS } from './options';
import { cli, csvParts, json } from './testing';

describe('audit --help', () => {
  it('documents the audit options with defaults; the global help lists the command', async () => {
    const r = await cli('audit', '--help');
    expect(r.code).toBe(0);
    for (const o of OPTIONS.filter((x) => (x.commands as readonly string[]).includes('audit')))
      expect(r.stdout).toContain(`--${o.name}`);
    expect(r.stdout).toMatch(/--releases INT[\s\S]*\[default:\s+2000\]/);
    expect(r.stdout).toMatch(/--mechanism LIST[\s\S]*\[default:\s+kng-joint\s+\(euclidean:\s+kng\)\]/);
    expect(r.stdout).not.toContain('--reps');
    expect((await cli('--help')).stdout).toContain('  audit ');
  });
});

describe('audit output', () => {
  const rl = ['audit', '--mechanism', 'riemannian-laplace', '--eps', '1', '--n', '30', '--releases', '400'];

  it('JSON: one object with claimedEpsilon, delta, releases, confidence, epsilonLower, ceiling, statistic, privacy', async () => {
    const out = await json(...rl, '--workers', '1');
    expect(out).toMatchObject({
      command: 'audit',
      mechanism: 'riemannian-laplace',
      claimedEpsilon: 1,
      delta: 0,
      releases: 400,
      confidence: 0.95,
      statistic: 'log-likelihood ratio',
      leaks: false,
    });
    expect(out).not.toHaveProperty('isPrivate');
    // 300 clean evaluations per side: ln((1 − β_hi)/α_hi) with α_hi = β_hi = 1 − 0.025^{1/300}
    const hi = 1 - 0.025 ** (1 / 300);
    expect(out.ceiling).toBeCloseTo(Math.log((1 - hi) / hi), 10);
    // the mechanism's releases meet their claim; the audit's output (records, scores) is not a release
    expect(out.privacy).toMatchObject({
      private: false,
      epsilon: 1,
      delta: 0,
      releases: 800,
      totalEpsilon: 800,
    });
    expect(out.privacy.statement).toMatch(/^Not a private release: it prints the record that differs/);
    expect(out.neighbour.inDataUnits).toMatchObject({
      record: out.neighbour.index + 1,
      x: null,
      xLabel: null,
    });
    expect(out.neighbour.inDataUnits.columns).toEqual(['x', 'y', 'z']);
    expect(out.settings).toMatchObject({
      mechanism: 'riemannian-laplace',
      manifold: 'sphere',
      eps: [1],
      n: [30],
    });
    expect(out.epsilonLower).toBeGreaterThanOrEqual(0);
    expect(out.epsilonLower).toBeLessThanOrEqual(out.exactEpsilon);
    expect(out.epsilonEstimate).toBeGreaterThan(0);
    expect(out.tradeOff.alpha.length).toBe(out.tradeOff.beta.length);
    expect(out.verdict).toMatch(/^consistent with ε = 1/);
  });

  it('the numbers do not depend on the number of workers', async () => {
    const one = await json(...rl, '--workers', '1');
    const two = await json(...rl, '--workers', '2');
    expect(two.epsilonLower).toBe(one.epsilonLower);
    expect(two.histogram).toEqual(one.histogram);
  });

  it('the non-private fit: ε = ∞ (null in JSON), not private, ε_lb ≥ ln N − 2', async () => {
    const out = await json('audit', '--mechanism', 'nonprivate', '--releases', '1000', '--workers', '1');
    expect(out.claimedEpsilon).toBeNull();
    expect(out.privacy.private).toBe(false);
    expect(out.epsilonLower).toBeGreaterThanOrEqual(Math.log(1000) - 2);
    // a release without noise is told apart every time: the bound reaches the ceiling of 1000 releases
    expect(out.epsilonLower).toBeCloseTo(out.ceiling, 10);
    expect(out.statistic).toBe('distance along the line between the non-private outputs');
  });

  it('KNG with the data-driven τ is labelled not private, with the reason, in JSON and on stderr', async () => {
    const r = await cli(
      ...['audit', '--mechanism', 'kng', '--n', '20', '--burn-in', '20', '--releases', '8'],
      ...['--workers', '1'],
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.privacy.private).toBe(false);
    expect(out.privacy.statement).toMatch(/τ = [\d.]+ is the largest residual of the data/);
    expect(out.reason).toMatch(/τ is the largest residual/);
    expect(out.claimedEpsilon).toBe(2);
    expect(out.statistic).toBe('unnormalised log-likelihood ratio');
    expect(r.stderr).toMatch(/note: τ is the largest residual/);
  });

  it('--sampler paper, --statistic distance and --neighbour index:I (1-based) reach the spec', async () => {
    const out = await json(
      ...['audit', '--mechanism', 'kng', '--n', '20', '--tau', '0.2', '--sampler', 'paper'],
      ...['--statistic', 'distance'],
      ...['--neighbour', 'index:3', '--releases', '8', '--workers', '1'],
    );
    expect(out.settings).toMatchObject({
      sampler: 'paper',
      burnIn: 100,
      scheme: 'consecutive',
      stepP: 0.2,
      stepV: 0.2,
    });
    expect(out.statistic).toBe('distance along the line between the non-private outputs');
    expect(out.neighbour.index).toBe(2);
    expect(out.neighbour.description).toMatch(/^record 3 \(chosen/);
    const short = await json(
      ...['audit', '--mechanism', 'kng', '--n', '20', '--tau', '0.2', '--sampler', 'paper'],
      ...['--statistic', 'distance'],
      ...['--record', '3', '--releases', '8', '--workers', '1'],
    );
    expect(short.neighbour).toEqual(out.neighbour);
    expect(short.epsilonLower).toBe(out.epsilonLower);
    const explicit = await json(
      'audit',
      '--mechanism',
      'kng',
      '--n',
      '20',
      '--sampler',
      'paper',
      '--burn-in',
      '50',
      '--releases',
      '4',
    );
    expect(explicit.settings.burnIn).toBe(50);
  });

  it('CSV: a header line and one row', async () => {
    const r = await cli(...rl, '--workers', '1', '--format', 'csv', '--quiet');
    const { head, lines } = csvParts(r.stdout);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'mechanism,claimedEpsilon,delta,releases,confidence,epsilonLower,epsilonEstimate,ceiling,exactEpsilon,statistic,leaks,verdict',
    );
    expect(lines[1]).toMatch(/^riemannian-laplace,1,0,400,0\.95,/);
    expect(head.command).toBe('audit');
    expect(r.stderr).toBe('');
  });

  it('every mechanism of the table is an --mechanism value (a new entry appears here by itself)', async () => {
    for (const m of MECHANISMS) {
      const r = await cli(
        ...[
          'audit',
          '--mechanism',
          m.id,
          '--n',
          '12',
          '--releases',
          '4',
          // kng-joint has its own sampler and refuses paper KNG's --burn-in
          ...(m.id === 'kng-joint' ? [] : ['--burn-in', '10']),
          '--workers',
          '1',
        ],
        '--quiet',
      );
      expect(r.stderr, m.id).toBe('');
      expect(JSON.parse(r.stdout).mechanism).toBe(m.id);
    }
  });
});

describe('audit: bad options exit 2 with a message', () => {
  const cases: [string[], RegExp][] = [
    [['--neighbour', 'index:0'], /--neighbour must be largest-residual or index:I/],
    [['--record', '3', '--neighbour', 'index:3'], /give one of them, not both/],
    [['--neighbour', 'index:99'], /record 99 does not exist: the data have 50 records/],
    [
      ['--mechanism', 'nope'],
      /--mechanism must be kng, kng-footpoint, kng-joint, nonprivate, .* or dpsgd \(got "nope"\)/,
    ],
    [['--mechanism', 'riemannian-laplace', '--manifold', 'kendall'], /--manifold must be sphere or spd/],
    [['--eps', '1', '--eps-p', '0.5'], /give either --eps or --eps-p\/--eps-v/],
    [['--mechanism', 'riemannian-laplace', '--data', 'x.csv'], /runs on synthetic points/],
    [['--releases', '2'], /--releases must be an integer from 4/],
    [['--reps', '3'], /--reps does not apply to the audit command/],
  ];
  for (const [args, message] of cases)
    it(args.join(' '), async () => {
      const r = await cli('audit', '--workers', '1', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    });
});
