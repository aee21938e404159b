/**
 * The layout a workspace's file needs, stated beside the file box, with a template to download: the first rows
 * of the data shown, in the import format (loading it gives those rows back).
 */
import { MANIFOLDS, type DataManifold } from '../../src/data/manifolds';
import { useWorkspaceDataOrNull } from '../compute/useData';
import { dataLayoutNote, dataTable, tableRecords } from '../export/dataExport';
import { downloadText } from '../export/download';
import { toCsv } from '../export/results';
import { regressionWorkspace } from '../state/settings';
import { useLab } from '../store';

const TEMPLATE_ROWS = 6;

export function ImportTemplate() {
  const workspace = useLab((s) => s.settings.workspace);
  const wd = useWorkspaceDataOrNull();
  const manifold = regressionWorkspace(workspace) as DataManifold;
  const download = () => {
    if (!wd) return;
    const { data } = wd;
    const table = dataTable(manifold, {
      ...data,
      xs: data.xs.slice(0, TEMPLATE_ROWS),
      ys: data.ys.slice(0, TEMPLATE_ROWS),
    });
    const csv = toCsv(tableRecords(table), table.columns, [dataLayoutNote(manifold)]);
    downloadText(csv, `dp-lab-${workspace}-template.csv`, 'text/csv');
  };
  return (
    <p className="hint" data-testid="import-layout">
      A row: the covariate, then {MANIFOLDS[manifold].rows.layout}; a header may name the columns.{' '}
      <button type="button" className="link-button" disabled={!wd} onClick={download}>
        Download a template
      </button>
    </p>
  );
}
