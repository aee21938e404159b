import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type {
  ParseOutcome,
  ParseSpec,
  PointsOutcome,
  PointsParseSpec,
} from '../../src/experiments/parseTask';
import { MAX_DATA_BYTES, SPHERE_TOLERANCE, isIdColumnName, sizeText, type PointSpace } from '../../src/io';
import { labRunner, runForCells, step } from '../compute/runner';
import { formatSignificant } from '../format';
import { DataPrivacyNote } from '../help/DataPrivacyNote';
import { newImportId, useLab } from '../store';
import { regressionWorkspace, type WorkspaceId } from '../state/settings';
import { workspaceOf } from '../workspaces/registry';
import { labImportMessage } from './importMessages';
import { ImportTemplate } from './ImportTemplate';
import './importData.css';

/**
 * A file read and checked, waiting for the user: columns to choose (Euclidean), or an offer to normalise
 * (sphere data, and sphere points of the Fréchet workspace — `points` says which reader).
 */
type Pending = { workspace: WorkspaceId; fileName: string; text: string; points?: PointSpace } & (
  | {
      kind: 'columns';
      header: string[];
      /** 0-based column indices. */
      x: number;
      y: number[];
      error: string | null;
    }
  | { kind: 'normalize'; message: string; count: number; maxDeviation: number }
);

/** How a points file was read, for the data panel. */
const LAYOUTS: Record<string, string> = {
  'unit-vectors': 'unit vectors',
  'lat-lon': 'latitude and longitude in degrees',
  'upper-triangle': 'upper triangles',
  matrices: 'matrices',
};

/**
 * Load a CSV or JSON file of the current workspace's format (README, "Data formats"). The file is read and
 * validated in a worker, in this browser only; a bad file leaves the current data untouched and says what is
 * wrong and where. Euclidean files with a header first ask which column is the covariate and which are the
 * responses; sphere files whose points are off the unit sphere can be normalised on request. The Fréchet-mean
 * workspace reads points-only files of the space it shows (src/io/points.ts) through the same zone and worker.
 */
export function ImportData() {
  const workspace = useLab((s) => s.settings.workspace);
  // a workspace without regression reads points only (src/io/points.ts)
  const { manifold, anyDimension } = workspaceOf(workspace);
  const readsPoints = !manifold;
  const frechetSpace = useLab((s) => s.settings.frechetSpace);
  const setImported = useLab((s) => s.setImported);
  const notify = useLab((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  // what went wrong with the last file, shown next to the file box until the next file is chosen
  const [error, setError] = useState<{ workspace: WorkspaceId; message: string } | null>(null);
  const fail = (message: string) => setError({ workspace, message: labImportMessage(message) });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The worker starts with the page, so choosing a file later fetches nothing (not even the worker's script).
  useEffect(() => {
    labRunner().pool('parse');
  }, []);

  /** Parses in the worker; null when superseded (a newer file) or failed (the user has been told). */
  function parse(spec: ParseSpec): Promise<ParseOutcome | null> {
    return inWorker(spec.fileName, () =>
      runForCells(labRunner(), 'parse', { pool: 'parse', steps: [step('parse', spec)] }),
    );
  }

  function parsePoints(spec: PointsParseSpec): Promise<PointsOutcome | null> {
    return inWorker(spec.fileName, () =>
      runForCells(labRunner(), 'parse', { pool: 'parse', steps: [step('parsePoints', spec)] }),
    );
  }

  async function inWorker<T>(fileName: string, job: () => Promise<T[] | null>): Promise<T | null> {
    setBusy(true);
    try {
      return (await job())?.[0] ?? null;
    } catch (e) {
      fail(`Could not load ${fileName}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** Uses a parse outcome: the data, or the offer to normalise, or the message of what is wrong. */
  function accept(outcome: ParseOutcome, spec: ParseSpec) {
    if (!outcome.ok) {
      if (outcome.normalizable) {
        setPending({
          kind: 'normalize',
          workspace: spec.manifold,
          fileName: spec.fileName,
          text: spec.text,
          message: outcome.message,
          ...outcome.normalizable,
        });
      } else fail(`Could not load the file — ${outcome.message}`);
      return;
    }
    setPending(null);
    setImported(spec.manifold, {
      id: newImportId(),
      fileName: spec.fileName,
      xs: outcome.xs,
      ys: outcome.ys,
      xLabel: outcome.xLabel,
      yLabels: outcome.yLabels,
      xRange: outcome.xRange,
    });
    for (const w of outcome.warnings) notify(`${spec.fileName}: ${labImportMessage(w)}`);
  }

  /** Uses a points file's outcome (a workspace of points): the points, the offer to normalise, or the message. */
  function acceptPoints(outcome: PointsOutcome, spec: PointsParseSpec) {
    if (!outcome.ok) {
      if (outcome.normalizable)
        setPending({
          kind: 'normalize',
          workspace,
          points: spec.space,
          fileName: spec.fileName,
          text: spec.text,
          message: outcome.message,
          ...outcome.normalizable,
        });
      else fail(`Could not load the file — ${outcome.message}`);
      return;
    }
    setPending(null);
    setImported(workspace, {
      id: newImportId(),
      fileName: spec.fileName,
      xs: new Float64Array(0),
      ys: outcome.points,
      xLabel: '',
      xRange: [0, 0],
      yLabels: [LAYOUTS[outcome.layout] ?? outcome.layout],
      points: { space: spec.space, k: outcome.k },
    });
    for (const w of outcome.warnings) notify(`${spec.fileName}: ${labImportMessage(w)}`);
  }

  async function load(file: File) {
    setPending(null);
    setError(null);
    if (file.size > MAX_DATA_BYTES) {
      fail(`${file.name} is ${sizeText(file.size)}; files up to ${sizeText(MAX_DATA_BYTES)} can be loaded.`);
      return;
    }
    try {
      if (!manifold) {
        const spec: PointsParseSpec = { text: await file.text(), fileName: file.name, space: frechetSpace };
        const outcome = await parsePoints(spec);
        if (outcome) acceptPoints(outcome, spec);
        return;
      }
      const spec: ParseSpec = { text: await file.text(), fileName: file.name, manifold };
      const outcome = await parse(spec);
      if (!outcome) return;
      // R^d data with more columns than x and one response: the user says which is which, before fitting
      if (anyDimension && outcome.header && outcome.header.length > 2) {
        const x = 0;
        setPending({
          kind: 'columns',
          workspace: spec.manifold,
          fileName: spec.fileName,
          text: spec.text,
          header: outcome.header,
          x,
          y: defaultResponses(outcome.header, x),
          error: null,
        });
        return;
      }
      accept(outcome, spec);
    } catch (e) {
      fail(`Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function fitColumns(p: Extract<Pending, { kind: 'columns' }>) {
    const spec: ParseSpec = {
      text: p.text,
      fileName: p.fileName,
      manifold: regressionWorkspace(p.workspace),
      columns: { x: p.x + 1, y: p.y.map((k) => k + 1) },
    };
    const outcome = await parse(spec);
    if (!outcome) return;
    if (outcome.ok) accept(outcome, spec);
    else setPending({ ...p, error: outcome.message });
  }

  async function normalizeAndImport(p: Extract<Pending, { kind: 'normalize' }>) {
    if (p.points) {
      const spec: PointsParseSpec = { text: p.text, fileName: p.fileName, space: p.points, normalize: true };
      const outcome = await parsePoints(spec);
      if (outcome) acceptPoints(outcome, spec);
      return;
    }
    const spec: ParseSpec = {
      text: p.text,
      fileName: p.fileName,
      manifold: regressionWorkspace(p.workspace),
      normalize: true,
    };
    const outcome = await parse(spec);
    if (outcome) accept(outcome, spec);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void load(file);
  };

  const shown =
    pending && pending.workspace === workspace && (!pending.points || pending.points === frechetSpace)
      ? pending
      : null;
  return (
    <div
      className={`import-zone${over ? ' import-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-busy={busy}
      data-testid="import-zone"
    >
      <label htmlFor={inputId}>
        Your {readsPoints ? 'points' : 'data'} (CSV or JSON): drop a file here or
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept=".csv,.tsv,.txt,.json,text/csv,application/json"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void load(file);
        }}
      />
      <p className="hint">
        {busy
          ? 'Reading and checking the file…'
          : 'Read and analysed here, in this browser: nothing is uploaded.'}
      </p>
      {!readsPoints && <ImportTemplate />}
      {readsPoints && (
        <p className="hint" data-testid="points-format">
          {frechetSpace === 'sphere'
            ? 'One point per row, no covariate: x, y, z of a unit vector, or latitude and longitude in degrees (columns lat, lon).'
            : 'One k×k SPD matrix per row: its k(k+1)/2 upper-triangle entries m11, m12, …, mkk (3 for k = 2, 6 for k = 3), or a JSON array of matrices.'}
        </p>
      )}
      {error && error.workspace === workspace && (
        <p className="import-error" role="alert" data-testid="import-error">
          {error.message}
        </p>
      )}
      <DataPrivacyNote />
      {shown?.kind === 'columns' && (
        <ColumnChooser
          pending={shown}
          busy={busy}
          onChange={setPending}
          onFit={() => void fitColumns(shown)}
          onCancel={() => setPending(null)}
        />
      )}
      {shown?.kind === 'normalize' && (
        <div className="import-offer" role="alert" aria-label="Points off the unit sphere">
          <p>{labImportMessage(shown.message)}</p>
          <p>
            {shown.count} point{shown.count === 1 ? ' is' : 's are'} off the unit sphere by more than the
            tolerance {SPHERE_TOLERANCE} (lengths off by up to{' '}
            {formatSignificant(shown.maxDeviation, 3, { below: 0.01, from: 1000 })}). Normalising divides each
            of them by its length.
          </p>
          <div className="import-actions">
            <button type="button" disabled={busy} onClick={() => void normalizeAndImport(shown)}>
              Normalise and import
            </button>
            <button type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The parser's default responses: every column but x and id-like columns. */
function defaultResponses(header: readonly string[], x: number): number[] {
  return header.map((_, k) => k).filter((k) => k !== x && !isIdColumnName(header[k]));
}

function columnName(header: readonly string[], k: number): string {
  return header[k].trim() !== '' ? header[k] : `column ${k + 1}`;
}

function ColumnChooser(props: {
  pending: Extract<Pending, { kind: 'columns' }>;
  busy: boolean;
  onChange(p: Pending): void;
  onFit(): void;
  onCancel(): void;
}) {
  const { pending: p, busy } = props;
  const xId = useId();
  const errorId = useId();
  const set = (patch: Partial<Extract<Pending, { kind: 'columns' }>>) =>
    props.onChange({ ...p, error: null, ...patch });
  return (
    <form
      className="import-offer column-chooser"
      aria-label={`Columns of ${p.fileName}`}
      aria-describedby={p.error ? errorId : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        props.onFit();
      }}
    >
      <p>
        {p.fileName} has {p.header.length} columns. Choose the covariate x and the responses to fit:
      </p>
      <div>
        <label htmlFor={xId}>covariate x</label>
        <select
          id={xId}
          value={p.x}
          onChange={(e) => {
            const x = Number(e.target.value);
            set({ x, y: p.y.filter((k) => k !== x) });
          }}
        >
          {p.header.map((_, k) => (
            <option key={k} value={k}>
              {columnName(p.header, k)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>responses ({p.y.length} chosen)</legend>
        <div className="column-list">
          {p.header.map((_, k) =>
            k === p.x ? null : (
              <label key={k}>
                <input
                  type="checkbox"
                  checked={p.y.includes(k)}
                  onChange={(e) =>
                    set({
                      y: e.target.checked ? [...p.y, k].sort((a, b) => a - b) : p.y.filter((j) => j !== k),
                    })
                  }
                />
                {columnName(p.header, k)}
              </label>
            ),
          )}
        </div>
      </fieldset>
      {p.error && (
        <p id={errorId} className="import-error" role="alert">
          {p.error}
        </p>
      )}
      <div className="import-actions">
        <button type="submit" disabled={busy || p.y.length === 0}>
          Fit these columns
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
