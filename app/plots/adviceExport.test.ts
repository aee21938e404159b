/**
 * The lab's advice export says what `advise` prints for the same settings: the same recommendation, interval,
 * curve and points (the same core on the same streams), and the same privacy statement (the same function);
 * after an import it names the synthetic stand-in and its settings.
 */
import { describe, expect, it } from 'vitest';
import { json } from '../../src/cli/testing';
import { runAdvice } from '../../src/experiments';
import { adviseSpec } from '../compute/advise';
import { DEFAULT_SETTINGS, type LabSettings } from '../state/settings';
import type { ImportedData } from '../store';
import { advicePrivacyOf } from '../../src/experiments/advicePrivacy';
import { TASKS } from '../../src/workers/tasks';
import { ADVICE_POINT_COLUMNS, adviceCsv, adviceJson } from './adviceExport';

// small: 20 records, m = 2 (the lab's 11 coarse splits, fine m = 4)
const settings: LabSettings = {
  ...DEFAULT_SETTINGS,
  workspace: 'sphere',
  mechanism: 'kng-joint',
  n: 20,
  m: 2,
  eps: 1,
  seed: 2,
};
const roundTrip = (x: unknown) => JSON.parse(JSON.stringify(x));

const file: ImportedData = {
  id: 7,
  fileName: 'directions.csv',
  xs: Float64Array.from({ length: 20 }, (_, i) => i / 19),
  ys: Array.from({ length: 20 }, (_, i) => {
    const a = 0.3 + 0.02 * i + 0.01 * Math.sin(7 * i);
    return Float64Array.of(Math.cos(a), Math.sin(a), 0);
  }),
  xLabel: 'year',
  xRange: [1990, 2020],
};

describe('the advice export', () => {
  it('gives the numbers and the privacy statement of `advise` on the same settings', async () => {
    const spec = adviseSpec(settings, undefined, 'synthetic');
    const advice = runAdvice(spec);
    const out = adviceJson({
      advice,
      spec,
      file: null,
      privacy: advicePrivacyOf(spec, advice),
    });
    const cli = await json(
      ...['advise', '--manifold', 'sphere', '--n', '20', '--noise-var', String(settings.noise)],
      ...['--seed', '2', '--eps', '1', '--mechanism', 'kng-joint', '--m', '2', '--workers', '1', '--quiet'],
    );
    expect(roundTrip(out.advice)).toEqual(cli.advice);
    expect(roundTrip(out.curve)).toEqual(cli.curve);
    expect(roundTrip(out.points)).toEqual(cli.points);
    expect(roundTrip(out.privacy)).toEqual(cli.privacy);
    // the settings it was computed for, and the release the split gives (the CLI's note)
    expect(out.computedOn).toMatchObject({
      data: 'synthetic',
      standIn: false,
      manifold: 'sphere',
      n: 20,
      noise: settings.noise,
      seed: 2,
      samplerSeed: 2,
      mechanism: 'kng-joint',
      eps: 1,
      m: 2,
      fineM: cli.settings.fineM,
    });
    // the chains as they ran: the even split's steps, and the longer ones at the advice's extreme splits
    const sampler = (out.computedOn as { sampler: Record<string, unknown> }).sampler;
    for (const key of ['sampler', 'burnIn', 'frozenSteps', 'longerStepsAtSplits'])
      expect(roundTrip(sampler[key])).toEqual(cli.settings[key]);
    expect(sampler.longerStepsAtSplits).toContainEqual({ split: 0.02, burnIn: 400, frozenSteps: 400 });
    expect(cli.notes.join(' ')).toContain(
      `--eps-e ${+(out.release as { epsE: number }).epsE.toPrecision(3)}`,
    );
    const csv = adviceCsv({ advice, spec, file: null, privacy: out.privacy as never });
    expect(csv.columns).toEqual(ADVICE_POINT_COLUMNS);
    expect(csv.rows).toHaveLength(cli.points.length);
    const line = (key: string) =>
      JSON.parse(csv.notes!.find((n) => n.startsWith(`${key}: `))!.slice(key.length + 2));
    expect(line('advice')).toEqual(cli.advice);
    expect(line('curve')).toEqual(cli.curve);
    expect(line('privacy')).toEqual(cli.privacy);
    expect(line('computedOn')).toEqual(roundTrip(out.computedOn));
  });

  it('after an import: the stand-in, its settings and that your data were not used; or the data, not private', () => {
    const standIn = adviseSpec(settings, file, 'synthetic');
    const advice = runAdvice(standIn);
    const out = adviceJson({
      advice,
      spec: standIn,
      file: { fileName: file.fileName, rows: 20 },
      privacy: advicePrivacyOf(standIn, advice, file.xRange),
    });
    expect(out.computedOn).toMatchObject({
      data: 'synthetic stand-in',
      standIn: true,
      file: { fileName: 'directions.csv', rows: 20 },
      n: 20,
      noise: settings.noise,
      seed: 2,
    });
    expect((out.computedOn as { note: string }).note).toMatch(/synthetic stand-in.*not on your data/);
    expect(out.data).toMatch(/stand-in for your file directions\.csv .*your data were not used/);
    expect((out.privacy as { statement: string }).statement).toMatch(/The data are synthetic/);
    const csv = adviceCsv({
      advice,
      spec: standIn,
      file: { fileName: file.fileName, rows: 20 },
      privacy: null,
      privacyError: 'test',
    });
    expect(csv.notes!.some((n) => /stand-in/.test(n))).toBe(true);
    expect(csv.notes).toContain('privacy: not built (test)');

    // the user's own data: the same statement as `advise --data` (no public covariate range: not private)
    const onData = adviseSpec(settings, file, 'data');
    const privacy = advicePrivacyOf(onData, advice, file.xRange);
    expect(privacy.private).toBe(false);
    expect(privacy.statement).not.toMatch(/synthetic/);
    expect(privacy.assumptions).toContainEqual({
      text: 'the covariate range [1990, 2020] is public (covariates outside it are clamped)',
      holdsForThisData: false,
    });
    const data = adviceJson({ advice, spec: onData, file: null, privacy });
    expect(data.computedOn).toMatchObject({ data: 'imported', standIn: false, noise: null });
  });
});

describe('the statement’s worker task', () => {
  it('gives what advise says; where it failed, the export goes without the statement and says why', () => {
    const spec = adviseSpec(settings, undefined, 'synthetic');
    const advice = runAdvice(spec);
    const task = TASKS.advicePrivacy;
    expect(task.cellCount({ spec, advice })).toBe(1);
    expect(task.cell({ spec, advice }, 0, undefined)).toEqual(advicePrivacyOf(spec, advice));
    const csv = adviceCsv({ advice, spec, file: null, privacy: null, privacyError: 'the worker died' });
    expect(csv.notes).toContain('privacy: not built (the worker died)');
  });
});
