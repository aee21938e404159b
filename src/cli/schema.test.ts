import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from './options';
import { SCHEMA_VERSION } from './provenance';
import { SchemaSet, validate, type Schema } from './schema';
import { json } from './testing';

const DIR = fileURLToPath(new URL('../../docs/schema/', import.meta.url));
const schemas = new SchemaSet(DIR);
const check = (command: string, out: unknown) =>
  validate(out, schemas.file(`${command}.schema.json`), schemas, `${command}.schema.json`);

describe('the validator', () => {
  let dir: string;
  let set: SchemaSet;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-schema-'));
    writeFileSync(
      join(dir, 'defs.json'),
      JSON.stringify({
        $defs: {
          count: { type: 'integer', minimum: 0 },
          pair: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
        },
      }),
    );
    set = new SchemaSet(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const v = (value: unknown, schema: Schema) => validate(value, schema, set, 'main.json');

  it('checks types (integer, number without NaN, null, lists of types), const and enum', () => {
    expect(v(3, { type: 'integer' })).toEqual([]);
    expect(v(3.5, { type: 'integer' })).toEqual(['$: expected integer, got number 3.5']);
    expect(v(null, { type: ['number', 'null'] })).toEqual([]);
    expect(v(NaN, { type: 'number' })).toHaveLength(1);
    expect(v('a', { type: 'number' })).toHaveLength(1);
    expect(v([1], { type: 'object' })).toEqual(['$: expected object, got array [1]']);
    expect(v('x', { const: 'x' })).toEqual([]);
    expect(v('y', { const: 'x' })).toHaveLength(1);
    expect(v(null, { enum: ['a', null] })).toEqual([]);
    expect(v('b', { enum: ['a', null] })).toHaveLength(1);
    expect(v(-1, { minimum: 0 })).toEqual(['$: -1 < 0']);
    expect(v(2, { maximum: 1 })).toEqual(['$: 2 > 1']);
  });

  it('checks objects (required, properties, additionalProperties) and arrays (items, sizes), with paths', () => {
    const schema = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'array', items: { type: 'integer' }, minItems: 1 } },
      additionalProperties: false,
    };
    expect(v({ a: [1, 2] }, schema)).toEqual([]);
    expect(v({}, schema)).toEqual(['$: missing "a"']);
    expect(v({ a: [1, 'x'] }, schema)).toEqual(['$.a[1]: expected integer, got string "x"']);
    expect(v({ a: [] }, schema)).toEqual(['$.a: 0 items, fewer than 1']);
    expect(v({ a: [1], b: 2 }, schema)).toEqual(['$: unexpected property "b"']);
    expect(v({ b: 2 }, { additionalProperties: { type: 'string' } })).toEqual([
      '$.b: expected string, got number 2',
    ]);
  });

  it('follows $ref within a file and across files, and combines anyOf and allOf', () => {
    expect(v(2, { $ref: 'defs.json#/$defs/count' })).toEqual([]);
    expect(v(-2, { $ref: 'defs.json#/$defs/count' })).toEqual(['$: -2 < 0']);
    expect(v([1, 2, 3], { $ref: 'defs.json#/$defs/pair' })).toEqual(['$: 3 items, more than 2']);
    const any = { anyOf: [{ type: 'null' }, { $ref: 'defs.json#/$defs/pair' }] };
    expect(v(null, any)).toEqual([]);
    expect(v([1, 2], any)).toEqual([]);
    expect(v([1], any)).toHaveLength(1);
    expect(v(1, { allOf: [{ type: 'integer' }, { minimum: 2 }] })).toEqual(['$: 1 < 2']);
    expect(() => v(1, { $ref: 'defs.json#/$defs/nothing' })).toThrow(/cannot resolve/);
  });

  it('refuses keywords it does not check', () => {
    expect(() => v('abc', { type: 'string', pattern: '^a' })).toThrow(/unsupported keyword "pattern"/);
  });
});

describe('the schemas', () => {
  it('one per command, each with the schemaVersion every output carries', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.schema.json'));
    expect(files.sort()).toEqual([...COMMANDS.map((c) => `${c}.schema.json`), 'common.schema.json'].sort());
    for (const f of files) {
      const s = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { schemaVersion: number };
      expect(s.schemaVersion, f).toBe(SCHEMA_VERSION);
    }
  });
});

describe('every command’s JSON output matches its schema', () => {
  let dir: string;
  let years: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-schema-out-'));
    years = join(dir, 'years.csv');
    writeFileSync(
      years,
      'year,lat,lon\n1990,10,20\n2000,12,25\n2010,15,29\n2020,17,33\n2005,16,31\n2015,14,27\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const runs: [string, () => string[]][] = [
    ['fit', () => ['fit', '--n', '20']],
    ['fit', () => ['fit', '--data', years]],
    ['release', () => ['release', '--n', '30', '--m', '2']],
    ['release', () => ['release', '--data', years, '--x-range', '1990,2020']],
    ['release', () => ['release', '--n', '20', '--sampler', 'mixture']],
    ['release', () => ['release', '--mechanism', 'kng', '--n', '20', '--m', '2', '--burn-in', '20']],
    ['release', () => ['release', '--mechanism', 'kng', '--manifold', 'spd', '--n', '20', '--burn-in', '20']],
    [
      'sweep',
      () => [
        ...['sweep', '--mechanism', 'kng', '--n', '20,30', '--m', '2', '--burn-in', '20', '--points', '2'],
        ...['--workers', '1'],
      ],
    ],
    [
      'sweep',
      () => [
        ...['sweep', '--manifold', 'kendall', '--landmarks', '8', '--n', '20', '--m', '1', '--points', '2'],
        ...['--mechanism', 'kng-joint', '--eps', '1.5', '--eps-range', '0.1,10', '--eps-scale', 'log'],
        ...['--workers', '1'],
      ],
    ],
    [
      'sweep',
      () => [
        'sweep',
        '--mechanism',
        'kng',
        '--n',
        '20',
        '--m',
        '2',
        '--burn-in',
        '20',
        '--points',
        '2',
        '--adaptive',
        '--workers',
        '1',
      ],
    ],
    [
      'sweep',
      () => [
        ...['sweep', '--mechanism', 'kng', '--n', '20', '--m', '2', '--burn-in', '20', '--points', '2'],
        ...['--sampler-seed', '1..2', '--workers', '1'],
      ],
    ],
    [
      'advise',
      () => [
        'advise',
        '--mechanism',
        'kng',
        '--n',
        '20',
        '--m',
        '2',
        '--fine-m',
        '2',
        '--burn-in',
        '20',
        '--points',
        '3',
        '--workers',
        '1',
      ],
    ],
    ['sensitivity', () => ['sensitivity', '--n', '20,30', '--pairs', '2', '--workers', '1']],
    ['histograms', () => ['histograms', '--draws', '4', '--burn-in', '20', '--workers', '1']],
    ['linreg', () => ['linreg', '--eps', '1,2', '--reps', '3', '--n', '30', '--workers', '1']],
    [
      'linreg',
      () => ['linreg', '--eps', '1', '--reps', '2', '--y-bounds', '0:1', '--tau', '1', '--workers', '1'],
    ],
    ['frechet', () => ['frechet', '--n', '30', '--eps', '1', '--reps', '2', '--workers', '1']],
    [
      'frechet',
      () => [
        'frechet',
        '--manifold',
        'spd',
        '--k',
        '2,3',
        '--n',
        '30',
        '--eps',
        '0.5,1.5',
        '--calibration',
        'classical',
        '--reps',
        '2',
        '--workers',
        '1',
      ],
    ],
    ['frechet', () => ['frechet', '--experiment', 'sensitivity', '--n', '10,20', '--pairs', '2']],
    ['advise', () => ['advise', '--n', '20', '--m', '2', '--fine-m', '2', '--points', '3', '--workers', '1']],
    [
      'audit',
      () => [
        'audit',
        '--mechanism',
        'kng',
        '--n',
        '20',
        '--burn-in',
        '20',
        '--releases',
        '8',
        '--workers',
        '1',
      ],
    ],
    ['audit', () => ['audit', '--n', '20', '--releases', '8', '--workers', '1']],
    ['audit', () => ['audit', '--n', '20', '--releases', '8', '--sampler', 'mixture', '--workers', '1']],
    [
      'sweep',
      () => [
        ...['sweep', '--n', '20', '--m', '1', '--points', '2', '--split', 'equal', '--sampler', 'mixture'],
        ...['--workers', '1'],
      ],
    ],
    [
      'audit',
      () => ['audit', '--data', years, '--mechanism', 'nonprivate', '--releases', '8', '--workers', '1'],
    ],
    [
      'audit',
      () => ['audit', '--mechanism', 'riemannian-laplace', '--n', '20', '--releases', '8', '--workers', '1'],
    ],
    ['audit', () => ['audit', '--mechanism', 'dpsgd', '--n', '20', '--releases', '8', '--workers', '1']],
  ];

  it.each(runs.map(([c, args], i) => [`${c} #${i}`, c, args] as const))(
    '%s',
    async (_label, command, args) => {
      const out = await json(...args(), '--quiet');
      expect(out.command).toBe(command);
      expect(out.schemaVersion).toBe(SCHEMA_VERSION);
      expect(check(command, out)).toEqual([]);
      // resolved settings only: no "default" left anywhere
      expect(JSON.stringify(out.settings)).not.toMatch(/"default"/);
    },
  );

  it('a changed type is caught (settings.n a number, a missing privacy field, an extra field)', async () => {
    const out = await json('fit', '--n', '20', '--quiet');
    expect(check('fit', { ...out, settings: { ...out.settings, n: 20 } })).toEqual([
      '$.settings.n: expected array, got number 20',
    ]);
    const { statement: _, ...privacy } = out.privacy;
    expect(check('fit', { ...out, privacy })).toEqual(['$.privacy: missing "statement"']);
    expect(check('fit', { ...out, isPrivate: false })).toEqual(['$: unexpected property "isPrivate"']);
  });

  it('a sweep over several sampler seeds: replicates and pooled rows instead of rows, never both', async () => {
    const args = ['sweep', '--mechanism', 'kng', '--n', '20', '--m', '2', '--burn-in', '20', '--points', '2'];
    const one = await json(...args, '--workers', '1', '--quiet');
    const several = await json(...args, '--sampler-seed', '1,2', '--workers', '1', '--quiet');
    expect(check('sweep', several)).toEqual([]);
    expect(check('sweep', { ...several, rows: one.rows })).toEqual([
      '$: matches none of anyOf ($.replicates: no value is allowed here; $.rows: no value is allowed here)',
    ]);
    const { pooled: _, ...noPooled } = several;
    expect(check('sweep', noPooled)).toHaveLength(1);
    const oneBlock = { ...several, replicates: several.replicates.slice(0, 1) };
    expect(check('sweep', oneBlock)).toEqual(['$.replicates: 1 items, fewer than 2']);
    const oneSeed = { ...one, provenance: { ...one.provenance, seeds: { data: 1, samplers: [1] } } };
    expect(check('sweep', oneSeed)).toHaveLength(1);
  });

  it('imported data: settings.data has the same shape in every command, with the file’s hash in the provenance', async () => {
    const fit = await json('fit', '--data', years, '--quiet');
    const audit = await json(
      'audit',
      '--data',
      years,
      '--mechanism',
      'nonprivate',
      '--releases',
      '8',
      '--workers',
      '1',
      '--quiet',
    );
    expect(Object.keys(fit.settings.data).sort()).toEqual(Object.keys(audit.settings.data).sort());
    expect(fit.settings.data).toMatchObject({ file: years, n: 6, xLabel: 'year', xRange: [1990, 2020] });
    expect(fit.provenance.dataSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(audit.provenance.dataSha256).toBe(fit.provenance.dataSha256);
    // the audit names the changed record in the file's own units: a year, latitude and longitude in degrees
    const record = audit.neighbour.inDataUnits;
    expect(record.xLabel).toBe('year');
    expect([1990, 2000, 2005, 2010, 2015, 2020]).toContain(Math.round(record.x));
    expect(record.columns).toEqual(['lat', 'lon']);
    const row = readFileSync(years, 'utf8').split('\n')[record.record].split(',').map(Number);
    expect(record.x).toBeCloseTo(row[0], 9);
    expect(record.before[0]).toBeCloseTo(row[1], 9);
    expect(record.before[1]).toBeCloseTo(row[2], 9);
  });
});
