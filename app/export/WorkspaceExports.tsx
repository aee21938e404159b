import type { ComponentProps } from 'react';
import { useWorkspaceDataOrNull } from '../compute/useData';
import { useLab } from '../store';
import { workspaceOf } from '../workspaces/registry';
import { cliFields, releaseCliCommand } from './cliCommand';
import { dataJson, dataLayoutNote, dataTable, tableRecords } from './dataExport';
import { ExportButtons } from './ExportButtons';
import { fitJson, fitTable, releaseJson, releaseTable } from './releaseExport';

/** One export row: a label and its CSV/JSON buttons. */
interface ExportRow {
  label: string;
  buttons: Omit<ComponentProps<typeof ExportButtons>, 'noun' | 'label'>;
}

/** The downloads panel every workspace shows: a row per thing to export, then what the files hold. */
export function DownloadSection({ rows, format }: { rows: ExportRow[]; format: string }) {
  return (
    <section className="panel workspace-exports" aria-labelledby="workspace-exports-title">
      <h2 id="workspace-exports-title" className="workspace-exports-title">
        Download
      </h2>
      {rows.map((r) => (
        <div key={r.label} className="workspace-export-row">
          <span>{r.label}</span>
          <ExportButtons noun="" label="" {...r.buttons} />
        </div>
      ))}
      <p className="hint">
        {format} CSV files carry the settings and seed in their leading # lines, JSON files in their fields.
      </p>
    </section>
  );
}

/**
 * Downloads of a regression workspace's data (in an import format: loading the file again gives the same fit),
 * its non-private fit and its private release, as CSV and JSON carrying the settings and seed that produced
 * them. Buttons are enabled only while what they export belongs to the current settings.
 */
export function RegressionExports() {
  const manifold = useLab((s) => workspaceOf(s.settings.workspace).manifold);
  const release = useLab((s) => s.release);
  const wd = useWorkspaceDataOrNull();
  if (!manifold || !wd) return null;
  const { data } = wd;
  const dim = data.ys[0]?.length ?? 0;
  const covariate = { xLabel: data.xLabel, xRange: data.xRange };
  const source = wd.fileName ? `your data from ${wd.fileName}` : data.description;
  // a release still running (or marked stale by a settings change) belongs to other settings than the buttons'
  const releaseDone = release.status === 'done' && !wd.stale;
  const cells = () => useLab.getState().release.cells;
  // the buttons are enabled only while the release belongs to the current settings, so these describe it
  const releaseCli = () => {
    const st = useLab.getState();
    return releaseCliCommand(st.settings, st.imported[st.settings.workspace]);
  };
  return (
    <DownloadSection
      format="The data file is in the lab’s import format: loading it again gives the same fit."
      rows={[
        {
          label: 'Data',
          buttons: {
            what: 'data',
            name: 'data',
            disabled: wd.stale,
            csv: () => {
              const table = dataTable(manifold, data);
              return {
                rows: tableRecords(table),
                columns: table.columns,
                notes: [dataLayoutNote(manifold), source],
              };
            },
            json: () => ({ source, ...dataJson(manifold, data) }),
          },
        },
        {
          label: 'Non-private fit',
          buttons: {
            what: 'non-private fit',
            name: 'fit',
            disabled: !releaseDone,
            csv: () => fitTable(cells(), dim, covariate),
            json: () => fitJson(cells(), dim, covariate),
          },
        },
        {
          label: 'Private release',
          buttons: {
            what: 'private release',
            name: 'release',
            disabled: !releaseDone,
            csv: () => {
              const table = releaseTable(cells(), dim, covariate);
              return table && { ...table, cli: releaseCli() };
            },
            json: () => {
              const release = releaseJson(cells(), dim, covariate);
              return release && { ...release, ...cliFields(releaseCli()) };
            },
          },
        },
      ]}
    />
  );
}
