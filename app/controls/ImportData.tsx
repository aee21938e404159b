import { useId, useRef, useState, type DragEvent } from 'react';
import { MAX_DATA_BYTES } from '../../src/io';
import { createBrowserPool } from '../../src/workers/browser';
import { CancelledError, type WorkerPool } from '../../src/workers/pool';
import { useLab } from '../store';

let parsePool: WorkerPool | null = null;
let nextId = 1;

/**
 * Load a CSV or JSON file of the current workspace's format (README, "Data formats"). The file is read and
 * validated in a worker, in this browser only; a bad file leaves the current data untouched and says what is
 * wrong and where.
 */
export function ImportData() {
  const workspace = useLab((s) => s.settings.workspace);
  const setImported = useLab((s) => s.setImported);
  const notify = useLab((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function load(file: File) {
    if (file.size > MAX_DATA_BYTES) {
      notify(
        `${file.name} is ${(file.size / 1e6).toFixed(1)} MB; files up to ${MAX_DATA_BYTES / 1024 / 1024} MB can be loaded.`,
      );
      return;
    }
    setBusy(true);
    try {
      const text = await file.text();
      parsePool ??= createBrowserPool(1);
      const [outcome] = await parsePool.run('parse', { text, fileName: file.name, manifold: workspace })
        .promise;
      if (!outcome.ok) {
        notify(`Could not load the file — ${outcome.message}`);
        return;
      }
      setImported(workspace, {
        id: nextId++,
        fileName: file.name,
        xs: outcome.xs,
        ys: outcome.ys,
        xLabel: outcome.xLabel,
        xRange: outcome.xRange,
      });
      for (const w of outcome.warnings) notify(`${file.name}: ${w}`);
    } catch (e) {
      if (!(e instanceof CancelledError))
        notify(`Could not load ${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void load(file);
  };

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
      <label htmlFor={inputId}>Your data (CSV or JSON): drop a file here or</label>
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
      <div className="hint">{busy ? 'Reading and checking the file…' : 'It stays in this browser.'}</div>
    </div>
  );
}
