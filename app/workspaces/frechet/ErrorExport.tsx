import { FRECHET_ROW_COLUMNS, type FrechetRow } from '../../../src/experiments/frechetRows';
import { ExportButtons } from '../../export/ExportButtons';
import { useLab } from '../../store';
import { epsSweepSpecs, kSweepSpecs } from './jobs';

/** CSV rows: notes joined into one field. */
const csvRows = (rows: readonly FrechetRow[]) =>
  rows.map((r) => ({ ...r, notes: r.notes.join('; ') })) as unknown as Record<string, unknown>[];

/** An error plot's rows as CSV, or as JSON with the sweep's specs; read from the store when clicked. */
export function ErrorExport({ x, disabled }: { x: 'eps' | 'k'; disabled: boolean }) {
  return (
    <ExportButtons
      what={x === 'eps' ? 'Fréchet error vs ε' : 'Fréchet error vs k'}
      name={`error-vs-${x}`}
      disabled={disabled}
      csv={() => ({
        rows: csvRows(useLab.getState()[x === 'eps' ? 'frechetEps' : 'frechetK'].rows),
        columns: FRECHET_ROW_COLUMNS as readonly string[],
      })}
      json={() => {
        const st = useLab.getState();
        return {
          specs: (x === 'eps' ? epsSweepSpecs : kSweepSpecs)(st.settings, st.imported.frechet),
          status: st[x === 'eps' ? 'frechetEps' : 'frechetK'].status,
          rows: st[x === 'eps' ? 'frechetEps' : 'frechetK'].rows,
        };
      }}
    />
  );
}
