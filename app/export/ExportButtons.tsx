import { useState } from 'react';
import { useLab } from '../store';
import type { CliReproduction } from './cliCommand';
import { exportFileName } from './download';
import { downloadCsv, downloadJson } from './results';
import { downloadPng, downloadSvg } from './svg';
import './export.css';

export interface CsvExport {
  rows: readonly Record<string, unknown>[];
  columns?: readonly string[];
  notes?: readonly string[];
  /** The CLI command that reproduces the rows (a `# cli` line), where the export has one. */
  cli?: CliReproduction;
}

/**
 * Download buttons for one figure and/or its results. File names follow `dp-lab-<workspace>-<name>.<ext>`;
 * CSV and JSON carry the effective settings and seed. Give only the exports that apply.
 */
export function ExportButtons(props: {
  /** What is exported, for the buttons' accessible names and the files' metadata ("MSE vs split"). */
  what: string;
  /** File-name part, e.g. "mse" → dp-lab-sphere-mse.svg. */
  name: string;
  /** The figure (SVG and PNG buttons). */
  svg?: () => SVGSVGElement | null;
  /** Separate file-name part for the figure, when the results cover more than one figure. */
  figureName?: string;
  csv?: () => CsvExport | null;
  json?: () => Record<string, unknown> | null;
  disabled?: boolean;
  /** Word after `what` in the CSV/JSON buttons' names ("Download MSE sweep results as CSV"); '' for none. */
  noun?: string;
  /** Visible text before the buttons (default "Export"; '' for none, when a row label says it already). */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  // the user's file in the current workspace, when the results were computed on it
  const fileUsed = () => {
    const st = useLab.getState();
    const f = st.imported[st.settings.workspace];
    return f ? { fileName: f.fileName, rows: f.ys.length, xLabel: f.xLabel, xRange: f.xRange } : null;
  };
  const file = (name: string, ext: string) => exportFileName(useLab.getState().settings.workspace, name, ext);
  const figureName = props.figureName ?? props.name;
  const fail = (e: unknown) =>
    useLab.getState().notify(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
  const svgTitle = () => `DP Manifold Lab — ${props.what}`;
  const results = props.noun ?? 'results';
  const dataName = results ? `${props.what} ${results}` : props.what;
  return (
    <div className="export-buttons" role="group" aria-label={`Export ${props.what}`}>
      {props.label !== '' && (
        <span className="export-label" aria-hidden="true">
          {props.label ?? 'Export'}
        </span>
      )}
      {props.svg && (
        <>
          <button
            type="button"
            disabled={props.disabled}
            aria-label={`Download ${props.what} as SVG`}
            onClick={() => {
              const el = props.svg?.();
              if (el) downloadSvg(el, file(figureName, 'svg'), { title: svgTitle() });
            }}
          >
            SVG
          </button>
          <button
            type="button"
            disabled={props.disabled || busy}
            aria-label={`Download ${props.what} as PNG`}
            onClick={() => {
              const el = props.svg?.();
              if (!el) return;
              setBusy(true);
              downloadPng(el, file(figureName, 'png'), 2, { title: svgTitle() })
                .catch(fail)
                .finally(() => setBusy(false));
            }}
          >
            PNG
          </button>
        </>
      )}
      {props.csv && (
        <button
          type="button"
          disabled={props.disabled}
          aria-label={`Download ${dataName} as CSV`}
          onClick={() => {
            const r = props.csv?.();
            if (!r) return;
            downloadCsv(
              file(props.name, 'csv'),
              props.what,
              useLab.getState().settings,
              fileUsed(),
              r.rows,
              r.columns,
              r.notes,
              r.cli,
            );
          }}
        >
          CSV
        </button>
      )}
      {props.json && (
        <button
          type="button"
          disabled={props.disabled}
          aria-label={`Download ${dataName} as JSON`}
          onClick={() => {
            const payload = props.json?.();
            if (payload)
              downloadJson(
                file(props.name, 'json'),
                props.what,
                useLab.getState().settings,
                fileUsed(),
                payload,
              );
          }}
        >
          JSON
        </button>
      )}
    </div>
  );
}
