import { describe, expect, it } from 'vitest';
import { aggregateSweep, type ReleaseCell } from '../../src/experiments';
import { json } from '../../src/cli/testing';
import { TASKS, type TaskName, type TaskParams, type TaskResult } from '../../src/workers/tasks';
import { KNG_ADAPT_TARGET } from '../../src/privacy/kng';
import { LAB_ADAPT_TARGET, releaseSpec, sweepSpec } from '../compute/jobs';
import { defaultsFor, type LabSettings } from '../state/settings';
import type { ImportedData } from '../store';
import { CLI_PREFIX, cliCommand, cliFields, shellQuote, type CliReproduction } from './cliCommand';
import { csvComments, exportMeta, toCsv } from './results';

/** The cells of a job as the lab's worker computes them: one scratch from setup, then every cell in turn. */
function runLikeTheWorker<K extends TaskName>(task: K, params: TaskParams<K>): TaskResult<K>[] {
  const def = TASKS[task] as unknown as {
    cellCount(p: unknown): number;
    setup?(p: unknown): unknown;
    cell(p: unknown, i: number, s: unknown): TaskResult<K>;
  };
  const scratch = def.setup?.(params);
  return Array.from({ length: def.cellCount(params) }, (_, i) => def.cell(params, i, scratch));
}

/** The words of a POSIX shell command of plain words, single-quoted parts and \-escapes (what sh reads). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      expect(end, `unterminated quote in ${command}`).toBeGreaterThan(i);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + command[++i];
    } else {
      expect('"$`*?[]{}();&|<>~#!'.includes(c), `unquoted ${c} in ${command}`).toBe(false);
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** The command's arguments, read back from the shell text (so the quoting is checked too). */
function argsOf(r: CliReproduction): string[] {
  expect(r.command, r.note).not.toBeNull();
  const words = shellWords(r.command!);
  const prefix = CLI_PREFIX.split(' ');
  expect(words.slice(0, prefix.length)).toEqual(prefix);
  expect(words.slice(prefix.length)).toEqual(r.args);
  return words.slice(prefix.length);
}

/** Numbers as the CLI's JSON prints them (typed arrays as arrays, NaN as null). */
const asJson = (x: unknown) =>
  JSON.parse(JSON.stringify(x, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v)));

/** Small lab settings of each kind: few records, chains and curves, so that the lab and the CLI run in seconds. */
const CASES: { name: string; settings: LabSettings }[] = [
  {
    name: 'sphere, kng-joint (the default release)',
    settings: { ...defaultsFor('sphere'), n: 30, curves: [30], m: 2, eps: 1.7, split: 0.35, seed: 5 },
  },
  {
    name: 'sphere, paper 000’s kng with a public τ, the strict rule and the adaptive step',
    settings: {
      ...defaultsFor('sphere', 'kng'),
      n: 25,
      curves: [20, 25],
      m: 2,
      burnIn: 60,
      eps: 3,
      split: 0.6,
      tauMode: 'public',
      sigmaRule: 'strict',
      adaptive: true,
    },
  },
  {
    name: 'Euclidean, paper 000’s kng (the only release there)',
    settings: { ...defaultsFor('euclidean'), n: 20, curves: [20], m: 2, burnIn: 40, scheme: 'consecutive' },
  },
  {
    name: 'SPD(2), kng-joint',
    settings: { ...defaultsFor('spd'), n: 15, curves: [15], m: 1, eps: 0.8, seed: 3 },
  },
  {
    name: 'shapes with 8 landmarks, kng-joint',
    settings: { ...defaultsFor('kendall'), n: 12, curves: [12], m: 1, eps: 2 },
  },
  {
    name: 'sphere, kng-joint, with a sampler seed of its own',
    settings: { ...defaultsFor('sphere'), n: 30, curves: [30], m: 2, eps: 1.7, seed: 5, samplerSeed: 8 },
  },
  {
    name: 'sphere, paper 000’s kng, with a sampler seed of its own',
    settings: {
      ...defaultsFor('sphere', 'kng'),
      n: 20,
      curves: [20],
      m: 2,
      burnIn: 40,
      seed: 2,
      samplerSeed: 6,
    },
  },
];

describe('a lab export’s CLI command gives the lab’s numbers', () => {
  for (const { name, settings } of CASES) {
    it(`${name}: the release`, async () => {
      const spec = releaseSpec(settings, undefined);
      const cells = runLikeTheWorker('release', spec) as ReleaseCell[];
      const out = await json(...argsOf(cliCommand(settings, undefined).release), '--quiet');
      expect(out.settings).toMatchObject({
        manifold: settings.workspace,
        seed: settings.seed,
        n: [settings.n],
      });
      if (spec.mechanism === 'kng-joint') {
        expect(out.settings.mechanism).toBe('kng-joint');
        expect(out.releases).toHaveLength(settings.m);
        expect(out.releases.map((r: { p: number[] }) => r.p)).toEqual(
          asJson(cells.map((c) => c.footpoints[0])),
        );
        expect(out.releases.map((r: { v: number[] }) => r.v)).toEqual(
          asJson(cells.map((c) => c.shootingVectors[0][0])),
        );
        expect(out.releases.map((r: { mse: number }) => r.mse)).toEqual(cells.map((c) => c.mse[0][0]));
      } else {
        expect(out.settings).toMatchObject({
          mechanism: 'kng',
          adaptTarget: settings.adaptive ? 0.3 : null,
          sigmaRule: settings.sigmaRule,
          scheme: settings.scheme,
        });
        expect(out.footpoints).toEqual(asJson(cells.flatMap((c) => c.footpoints)));
        expect(out.shootingVectors).toEqual(asJson(cells.flatMap((c) => c.shootingVectors)));
        expect(out.mse).toEqual(cells.flatMap((c) => c.mse));
      }
      expect(out.nonPrivate.lnMse).toBe(cells[0].lnNonPrivateMse);
    });

    it(`${name}: the MSE sweep`, async () => {
      const spec = sweepSpec(settings, undefined);
      const lab = aggregateSweep(spec, runLikeTheWorker('sweep', spec));
      // --workers changes how the cells are shared out, not the numbers: one keeps the test light
      const out = await json(...argsOf(cliCommand(settings, undefined).sweep), '--workers', '1', '--quiet');
      expect(out.settings).toMatchObject({
        mechanism: spec.mechanism,
        n: settings.curves,
        eps: [settings.eps],
        epsRange: spec.budgets!.equalRange,
        epsScale: 'log',
        points: spec.budgets!.points,
      });
      expect(out.rows).toHaveLength(lab.rows.length);
      expect(out.rows).toEqual(asJson(lab.rows.map(({ isPrivate: _, ...r }) => r)));
      expect(out.notes).toEqual(expect.arrayContaining(lab.notes));
    });
  }
});

describe('the sampler seed in the command', () => {
  const base = { ...defaultsFor('sphere'), n: 30, curves: [30], seed: 5 };
  const words = (r: CliReproduction) => r.args!.join(' ');

  it('--sampler-seed follows --seed where the samplers have a seed of their own', () => {
    const { release, sweep } = cliCommand({ ...base, samplerSeed: 8 }, undefined);
    expect(words(release)).toContain('--seed 5 --sampler-seed 8');
    expect(words(sweep)).toContain('--seed 5 --sampler-seed 8');
  });

  it('is left out where the samplers take the data seed (absent, or equal to it)', () => {
    for (const samplerSeed of [null, 5]) {
      const { release, sweep } = cliCommand({ ...base, samplerSeed }, undefined);
      expect(release.args).not.toContain('--sampler-seed');
      expect(sweep.args).not.toContain('--sampler-seed');
      expect(words(release)).toContain('--seed 5');
    }
  });
});

describe('where the CLI cannot reproduce a result, the export says so and gives no command', () => {
  it('results on the user’s own file', () => {
    const imported: ImportedData = {
      id: 1,
      fileName: "my directions; rm -rf ~ 'x'.csv",
      xs: Float64Array.of(0, 0.5, 1),
      ys: [Float64Array.of(1, 0, 0), Float64Array.of(0, 1, 0), Float64Array.of(0, 0, 1)],
      xLabel: 'year',
      xRange: [1990, 2020],
    };
    const { release, sweep } = cliCommand(defaultsFor('sphere'), imported);
    for (const r of [release, sweep]) {
      expect(r.command).toBeNull();
      expect(r.args).toBeNull();
      expect(r.note).toMatch(/^No CLI command: .*your file.*Data → CSV.*--data/);
    }
  });

  it('Fig. 6: curves at three noise levels (the release still has its command)', () => {
    const s: LabSettings = { ...defaultsFor('sphere', 'kng'), figure: 'fig6', curves: [50] };
    const { release, sweep } = cliCommand(s, undefined);
    expect(sweep.command).toBeNull();
    expect(sweep.note).toMatch(/noise levels/);
    expect(release.command).toMatch(/^npm run -s cli -- release --mechanism kng /);
  });
});

describe('the exports carry the command', () => {
  it('a # cli line and its note in CSV; cliCommand and cliNote in JSON (null and why, where there is none)', () => {
    const s = defaultsFor('sphere');
    const sweep = cliCommand(s, undefined).sweep;
    const lines = toCsv([{ a: 1 }], ['a'], csvComments(exportMeta('MSE sweep', s), ['a note'], sweep)).split(
      '\n',
    );
    expect(lines).toContain(`# cli ${sweep.command}`);
    expect(lines).toContain(`# cli note: ${sweep.note}`);
    expect(lines.indexOf(`# cli ${sweep.command}`)).toBeLessThan(lines.indexOf('# note: a note'));
    expect(cliFields(sweep)).toEqual({ cliCommand: sweep.command, cliNote: sweep.note });
    const fig6 = cliCommand({ ...s, mechanism: 'kng', figure: 'fig6' }, undefined).sweep;
    expect(csvComments(exportMeta('MSE sweep', s), [], fig6)).toContain('cli none');
    expect(cliFields(fig6).cliCommand).toBeNull();
  });
});

describe('the lab and the CLI agree on the adaptive step', () => {
  it("the lab's target acceptance is the one `--adaptive` sets", () => {
    expect(LAB_ADAPT_TARGET).toBe(KNG_ADAPT_TARGET);
  });
});

describe('shellQuote', () => {
  it('leaves plain words alone and single-quotes the rest, so that the shell reads back the same words', () => {
    expect(shellQuote('0.01,20')).toBe('0.01,20');
    expect(shellQuote('kng-joint')).toBe('kng-joint');
    const nasty = ["it's mine.csv", 'a b', '$(rm -rf ~)', '`x`', '', 'semi;colon', 'new\nline', '*.csv'];
    for (const word of nasty) {
      const quoted = shellQuote(word);
      expect(quoted.startsWith("'")).toBe(true);
      expect(shellWords(`${quoted} next`)).toEqual([word, 'next']);
    }
  });
});
