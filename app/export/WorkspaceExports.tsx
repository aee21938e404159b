import type { ComponentProps } from 'react';
import type { DataManifold } from '../../src/data';
import { pointsJson, pointsTable } from '../../src/io';
import { useWorkspaceDataOrNull } from '../compute/useData';
import { ownData } from '../frechet/jobs';
import { useFrechetData } from '../frechet/useFrechet';
import { useLab } from '../store';
import { cliFields, releaseCliCommand } from './cliCommand';
import { dataJson, dataLayoutNote, dataTable, tableRecords } from './dataExport';
import { ExportButtons } from './ExportButtons';
import { fitJson, fitTable, releaseJson, releaseTable } from './releaseExport';

const DATA_WORKSPACES: readonly string[] = ['sphere', 'spd', 'kendall', 'euclidean'];

/**
 * Downloads of the workspace's data (in an import format: loading the file again gives the same fit), its
 * non-private fit and its private release, as CSV and JSON carrying the settings and seed that produced them.
 * Buttons are enabled only while what they export belongs to the current settings.
 */
export function WorkspaceExports() {
  const workspace = useLab((s) => s.settings.workspace);
  if (workspace === 'frechet') return <FrechetDataExport />;
  return <RegressionExports />;
}

/** One export row: a label and its CSV/JSON buttons. */
interface ExportRow {
  label: string;
  buttons: Omit<ComponentProps<typeof ExportButtons>, 'noun' | 'label'>;
}

/** The downloads panel both kinds of workspace share: a row per thing to export, then what the files hold. */
function DownloadSection({ rows, format }: { rows: ExportRow[]; format: string }) {
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
 * The Fréchet workspace's data (the user's points, or the synthetic data set the view draws) in the points
 * import format (src/io/points.ts): loading the file again gives the same points.
 */
function FrechetDataExport() {
  const { data } = useFrechetData();
  const s = useLab((st) => st.settings);
  const own = ownData(
    s,
    useLab((st) => st.imported.frechet),
  );
  if (!data) return null;
  const space = s.frechetSpace;
  const k = Math.round(Math.sqrt(data.points[0].length));
  const source = own
    ? `your points from ${own.fileName}`
    : `${data.points.length} synthetic points (seed ${s.seed}, r = ${s.radius})`;
  const layout =
    space === 'sphere'
      ? 'columns x, y, z: the unit vector of each point'
      : `columns m11, m12, …: the upper triangle of each ${k}×${k} matrix, row by row`;
  return (
    <DownloadSection
      format="The file is in the lab’s points format: loading it again gives the same points."
      rows={[
        {
          label: 'Data',
          buttons: {
            what: 'data',
            name: 'points',
            csv: () => {
              const table = pointsTable(space, k, data.points);
              return {
                rows: table.rows.map((r) => Object.fromEntries(table.columns.map((c, j) => [c, r[j]]))),
                columns: table.columns,
                notes: [`${layout}; the lab imports this file as it is`, source],
              };
            },
            json: () => ({ source, ...pointsJson(space, k, data.points) }),
          },
        },
      ]}
    />
  );
}

function RegressionExports() {
  const workspace = useLab((s) => s.settings.workspace);
  const release = useLab((s) => s.release);
  const wd = useWorkspaceDataOrNull();
  if (!DATA_WORKSPACES.includes(workspace) || !wd) return null;
  const manifold = workspace as DataManifold;
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
