import { useCallback, useState, useSyncExternalStore } from 'react';
import { useLab } from '../store';
import type { CliReproduction } from './cliCommand';
import { exportFileName } from './download';
import { downloadCsv, downloadJson } from './results';
import { UI_STATE } from './uiState';
import './export.css';

// the figure export (style inlining, PNG encoding) loads on the first click: the first view does not need it
const figureExport = () => import('./svg');

export interface CsvExport {
  rows: readonly Record<string, unknown>[];
  columns?: readonly string[];
  notes?: readonly string[];
  /** The CLI command that reproduces the rows (a `# cli` line), where the export has one. */
  cli?: CliReproduction;
}

/** Whether the figure draws interface state (uiState.ts): its marks come and go with the release and settings. */
function useDrawsUiState(svg: (() => SVGSVGElement | null) | undefined): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const el = svg?.();
      if (!el) return () => {};
      const watch = new MutationObserver(onChange);
      watch.observe(el, { subtree: true, childList: true, attributeFilter: ['data-ui'] });
      return () => watch.disconnect();
    },
    [svg],
  );
  return useSyncExternalStore(
    subscribe,
    () => !!svg?.()?.querySelector(UI_STATE),
    () => false,
  );
}

/**
 * Download buttons for one figure and/or its results. File names follow `dp-lab-<workspace>-<name>.<ext>`;
 * CSV and JSON carry the effective settings and seed. Give only the exports that apply. The figure's SVG and PNG
 * show its results only; where it draws interface state (uiState.ts), a "with markers" box keeps that too.
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
  const [keepUi, setKeepUi] = useState(false);
  const hasUi = useDrawsUiState(props.svg);
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
  const figureOptions = () => ({ title: `DP Manifold Lab — ${props.what}`, keepUiState: hasUi && keepUi });
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
              if (!el) return;
              const opts = figureOptions();
              figureExport()
                .then((m) => m.downloadSvg(el, file(figureName, 'svg'), opts))
                .catch(fail);
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
              const opts = figureOptions();
              setBusy(true);
              figureExport()
                .then((m) => m.downloadPng(el, file(figureName, 'png'), undefined, opts))
                .catch(fail)
                .finally(() => setBusy(false));
            }}
          >
            PNG
          </button>
          {/* not while the figure is empty: its "waiting…" text is interface state too, but no marker */}
          {hasUi && !props.disabled && (
            <label
              className="export-ui-state"
              title="Keep the marks of the current setting (current release, rule at the current value) in the SVG and PNG"
            >
              <input
                type="checkbox"
                checked={keepUi}
                aria-label={`Export ${props.what} with markers`}
                onChange={(e) => setKeepUi(e.target.checked)}
              />
              with markers
            </label>
          )}
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
