/**
 * Results as CSV and JSON files that carry what produced them: the effective settings, the seeds and the link
 * that reproduces the view. CSV metadata goes in leading `#` lines (the lab's own CSV reader, pandas with
 * `comment='#'` and R's `read.csv(comment.char = '#')` skip them).
 */
import { samplerSeedOf, settingsToQuery, type LabSettings } from '../state/settings';
import { cliCommentLines, type CliReproduction } from './cliCommand';
import { downloadText } from './download';

export type CsvValue = string | number | boolean | null | undefined;

function csvField(v: CsvValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const s = String(v);
  return /[",\n\r#]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * RFC 4180 CSV of `rows`: one column per key of `columns` (default: the keys of the first row); non-finite
 * numbers become empty fields (never "NaN"). `comments` become leading `# …` lines.
 */
export function toCsv(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[] = rows.length ? Object.keys(rows[0]) : [],
  comments: readonly string[] = [],
): string {
  const lines = comments.map((c) => `# ${c.replace(/[\r\n]+/g, ' ')}`);
  lines.push(columns.map((c) => csvField(c)).join(','));
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c] as CsvValue)).join(','));
  return lines.join('\n') + '\n';
}

/** JSON text in which typed arrays become arrays and non-finite numbers become null. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (ArrayBuffer.isView(v) && !(v instanceof DataView))
        return Array.from(v as unknown as ArrayLike<number>);
      if (typeof v === 'number' && !Number.isFinite(v)) return null;
      return v;
    },
    2,
  );
}

/** A user's file behind an export: what the settings' n, noise and curves then do not describe. */
export interface DataUsed {
  fileName: string;
  rows: number;
  xLabel: string;
  xRange: readonly [number, number];
}

/** What every exported result carries: which app, when, the data, the effective settings, the seed and the link. */
export interface ExportMeta {
  app: 'DP Manifold Lab';
  what: string;
  exported: string;
  /** The data the result was computed on, in words. */
  data: string;
  seed: number;
  /** The samplers' seed: the private draws follow it (the data's `seed` unless a sampler seed is set). */
  samplerSeed: number;
  /** Query string that reproduces the settings (append to the lab's address). */
  query: string;
  link: string | null;
  settings: LabSettings;
}

/** The data of an export in words: the user's file, or the seeded synthetic data the settings describe. */
export function dataUsed(settings: LabSettings, file?: DataUsed | null): string {
  if (file)
    return (
      `your file ${file.fileName}: ${file.rows} rows` +
      (file.xLabel ? `, covariate ${file.xLabel} in [${file.xRange[0]}, ${file.xRange[1]}]` : '') +
      " (the settings' n, noise and curves do not apply to it)"
    );
  return `synthetic, from seed ${settings.seed}: n = ${settings.n}, noise ${settings.noise}, curves at n = ${settings.curves.join(', ')}`;
}

export function exportMeta(what: string, settings: LabSettings, file?: DataUsed | null): ExportMeta {
  const query = settingsToQuery(settings);
  const link =
    typeof window === 'undefined'
      ? null
      : `${window.location.origin}${window.location.pathname}${query ? `?${query}` : ''}`;
  return {
    app: 'DP Manifold Lab',
    what,
    exported: new Date().toISOString(),
    data: dataUsed(settings, file),
    seed: settings.seed,
    samplerSeed: samplerSeedOf(settings),
    query,
    link,
    settings,
  };
}

/** The `# …` lines of a CSV export (with the CLI command that reproduces it, where there is one). */
export function csvComments(
  meta: ExportMeta,
  notes: readonly string[] = [],
  cli?: CliReproduction,
): string[] {
  return [
    `${meta.app}: ${meta.what}`,
    `exported ${meta.exported}`,
    `data: ${meta.data}`,
    `seed ${meta.seed}`,
    `sampler seed ${meta.samplerSeed}`,
    `settings ${meta.query || "the lab's defaults"}`,
    // every value, defaults included (the query and the link carry only what differs from them)
    `every setting ${JSON.stringify(meta.settings)}`,
    ...(meta.link ? [`link ${meta.link}`] : []),
    ...(cli ? cliCommentLines(cli) : []),
    ...notes.map((n) => `note: ${n}`),
  ];
}

/** Saves rows as CSV with the settings and seed in the leading comment lines. */
export function downloadCsv(
  filename: string,
  what: string,
  settings: LabSettings,
  file: DataUsed | null,
  rows: readonly Record<string, unknown>[],
  columns?: readonly string[],
  notes: readonly string[] = [],
  cli?: CliReproduction,
): void {
  const meta = exportMeta(what, settings, file);
  downloadText(toCsv(rows, columns, csvComments(meta, notes, cli)), filename, 'text/csv');
}

/** Saves results as JSON: the metadata (settings, seed, link) and then `payload`'s fields. */
export function downloadJson(
  filename: string,
  what: string,
  settings: LabSettings,
  file: DataUsed | null,
  payload: Record<string, unknown>,
): void {
  downloadText(toJson({ ...exportMeta(what, settings, file), ...payload }), filename, 'application/json');
}
