/**
 * The long layout of shapes: one row per landmark, with a subject column holding the same covariate on all
 * its rows, two coordinate columns and optionally a landmark-index column that orders the landmarks.
 */
import { DataFormatError } from './errors';
import { ID_NAME, LANDMARK_NAME, Reader, RowChecks, type Core, type ReadOptions } from './reader';
import { fmt, preshape } from './rows';

export function readKendallLong(reader: Reader, opts: ReadOptions, warnings: string[]): Core {
  const { file } = reader;
  const cols = opts.columns ?? {};
  const subject = cols.subject !== undefined ? reader.resolve(cols.subject, 'subject') : reader.find(ID_NAME);
  const landmark = reader.find(LANDMARK_NAME);
  const rest = Array.from({ length: reader.width }, (_, k) => k).filter(
    (k) => k !== subject && k !== landmark,
  );
  const x = cols.x !== undefined ? reader.resolve(cols.x, 'x') : (rest[0] ?? -1);
  const y = cols.y?.map((c) => reader.resolve(c, 'y')) ?? rest.filter((k) => k !== x);
  if (x < 0 || y.length !== 2) {
    throw new DataFormatError(
      'the long format for shapes needs a subject column, the covariate x and two landmark coordinates per row ' +
        `(and optionally a landmark index); found ${y.length} coordinate column${y.length === 1 ? '' : 's'}`,
      { file },
    );
  }
  interface Subject {
    name: string;
    firstRow: number;
    x: number;
    points: { order: number; row: number; px: number; py: number }[];
  }
  const subjects = new Map<string, Subject>();
  reader.table.rows.forEach((r, i) => {
    const cell = r.cells[subject];
    const name = cell === null || cell === undefined ? '' : String(cell).trim();
    if (name === '')
      throw new DataFormatError('the subject is empty', { file, row: r.row, column: reader.name(subject) });
    const xv = reader.num(r, x);
    let s = subjects.get(name);
    if (!s) {
      s = { name, firstRow: r.row, x: xv, points: [] };
      subjects.set(name, s);
    } else if (xv !== s.x) {
      throw new DataFormatError(
        `${fmt(xv)} differs from ${fmt(s.x)}, the covariate of subject "${name}" on row ${s.firstRow} ` +
          '(x must be the same on all rows of a subject)',
        { file, row: r.row, column: reader.name(x) },
      );
    }
    const order = landmark >= 0 ? reader.num(r, landmark) : i;
    if (landmark >= 0 && s.points.some((p) => p.order === order)) {
      throw new DataFormatError(`subject "${name}" already has a landmark ${fmt(order)}`, {
        file,
        row: r.row,
        column: reader.name(landmark),
      });
    }
    s.points.push({ order, row: r.row, px: reader.num(r, y[0]), py: reader.num(r, y[1]) });
  });
  const list = [...subjects.values()];
  const k = list[0].points.length;
  if (k < 3)
    throw new DataFormatError(`subject "${list[0].name}" has ${k} landmarks; shapes need at least 3`, {
      file,
      row: list[0].firstRow,
    });
  for (const s of list) {
    if (s.points.length !== k) {
      throw new DataFormatError(
        `subject "${s.name}" has ${s.points.length} landmarks, expected ${k} like subject "${list[0].name}"`,
        { file, row: s.firstRow },
      );
    }
  }
  const checks = new RowChecks();
  const ys = list.map((s) => {
    const pts = [...s.points].sort((a, b) => a.order - b.order);
    const raw = pts.flatMap((p) => [p.px, p.py]);
    checks.row(`${s.x}|${raw.join('|')}`, `subject "${s.name}"`);
    return preshape(raw, { file, row: s.firstRow }, s.name);
  });
  warnings.push(...checks.warnings());
  return {
    xs: Float64Array.from(list, (s) => s.x),
    ys,
    xLabel: reader.label(x),
    yLabels: y.map((c) => reader.label(c)),
    rows: list.map((s) => s.firstRow),
    subjects: list.map((s) => s.name),
    landmarks: k,
    xColumn: x,
  };
}
