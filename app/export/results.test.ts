import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/settings';
import { csvComments, dataUsed, exportMeta } from './results';

describe('what an export says about its data and settings', () => {
  it('after an import: the file, its rows and covariate, and that n, noise and curves do not apply', () => {
    const file = {
      fileName: 'directions_covlast.csv',
      rows: 150,
      xLabel: 'year',
      xRange: [1990, 2020] as const,
    };
    const text = dataUsed(DEFAULT_SETTINGS, file);
    expect(text).toBe(
      "your file directions_covlast.csv: 150 rows, covariate year in [1990, 2020] (the settings' n, noise and " +
        'curves do not apply to it)',
    );
    const lines = csvComments(exportMeta('MSE sweep', DEFAULT_SETTINGS, file));
    expect(lines).toContain(`data: ${text}`);
  });

  it('synthetic data by their generator’s settings; every setting as a value, defaults included', () => {
    const lines = csvComments(exportMeta('MSE sweep', DEFAULT_SETTINGS));
    expect(lines).toContain(
      `data: synthetic, from seed 1: n = ${DEFAULT_SETTINGS.n}, noise ${DEFAULT_SETTINGS.noise}, curves at n = ` +
        DEFAULT_SETTINGS.curves.join(', '),
    );
    expect(lines).toContain("settings the lab's defaults");
    const every = lines.find((l) => l.startsWith('every setting '))!;
    expect(JSON.parse(every.slice('every setting '.length))).toEqual(DEFAULT_SETTINGS);
  });

  it('both seeds: the data’s, and the samplers’ (the data seed’s unless one of their own is set)', () => {
    const lines = csvComments(exportMeta('MSE sweep', DEFAULT_SETTINGS));
    expect(lines).toContain('seed 1');
    expect(lines).toContain('sampler seed 1');
    const own = exportMeta('private release', { ...DEFAULT_SETTINGS, samplerSeed: 6 });
    expect(own).toMatchObject({ seed: 1, samplerSeed: 6 });
    expect(csvComments(own)).toEqual(expect.arrayContaining(['seed 1', 'sampler seed 6']));
  });
});
