import { pointsJson, pointsTable } from '../../../src/io';
import { DownloadSection } from '../../export/WorkspaceExports';
import { useLab } from '../../store';
import { ownData } from './jobs';
import { useFrechetData } from './useFrechet';

/**
 * The Fréchet workspace's data (the user's points, or the synthetic data set the view draws) in the points
 * import format (src/io/points.ts): loading the file again gives the same points.
 */
export function FrechetDataExport() {
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
