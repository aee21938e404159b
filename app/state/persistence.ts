/**
 * The last session, kept in this browser's localStorage and restored on reload: the settings (as the query
 * string of the shareable link, so the link's forgiving parser validates them) and the data the user imported
 * (per workspace, as the CSV the data export writes, so the importer validates them again). Nothing leaves the
 * browser.
 *
 * Rules:
 *  - A link that sets any setting wins over the stored settings, as a whole (no merging): a link reproduces
 *    what its sender saw. Data imported in the last session are restored either way (a link carries no data;
 *    the data panel says which file is in use, and "Back to synthetic data" or "Start fresh" drop it).
 *  - Stored state that cannot be read (bad JSON, another version, wrong shapes, values the parsers refuse such
 *    as NaN) is discarded with a notice; the lab then starts as on a first visit.
 *  - Data too large for the storage quota are not kept (a notice says so); the lab works as usual.
 * Two keys, so that moving a slider rewrites a few hundred bytes, not the data.
 */
import { parseUserData } from '../../src/experiments/parseTask';
import { parsePointsFile, pointsTable, type PointSpace } from '../../src/io';
import { dataTable, tableRecords } from '../export/dataExport';
import { toCsv } from '../export/results';
import { newImportId, useLab, type ImportedData, type LabState } from '../store';
import {
  DEFAULT_SETTINGS,
  linkSetsSettings,
  queryToSettings,
  settingsToQuery,
  type LabSettings,
} from './settings';
import { errorText } from '../errors';
import { WORKSPACE_REGISTRY, type WorkspaceDescriptor } from '../workspaces/registry';

export const SESSION_VERSION = 1;
export const SETTINGS_KEY = 'dp-manifold-lab.session.settings';
export const DATA_KEY = 'dp-manifold-lab.session.data';

/** The part of the Web Storage API used here (tests pass a fake). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The workspace a stored key names, if any (a stored key can be any string). */
const storedWorkspace = (w: string): WorkspaceDescriptor | undefined =>
  WORKSPACE_REGISTRY.find((x) => x.id === w);

type ImportedMap = LabState['imported'];

// ---------------------------------------------------------------------------------------------------------
// (De)serialisation: pure.
// ---------------------------------------------------------------------------------------------------------

export function encodeSettings(settings: LabSettings): string {
  return JSON.stringify({ version: SESSION_VERSION, query: settingsToQuery(settings) });
}

function parseVersioned(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`the stored ${what} are not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`the stored ${what} are not an object`);
  const obj = value as Record<string, unknown>;
  if (obj.version !== SESSION_VERSION)
    throw new Error(
      `the stored ${what} are of version ${JSON.stringify(obj.version)}, not ${SESSION_VERSION}`,
    );
  return obj;
}

/** Stored settings → settings; throws an Error saying what is wrong (any invalid value rejects them all). */
export function decodeSettings(text: string): LabSettings {
  const obj = parseVersioned(text, 'settings');
  if (typeof obj.query !== 'string') throw new Error('the stored settings have no query string');
  const { settings, problems } = queryToSettings(obj.query);
  if (problems.length > 0) throw new Error(`the stored settings are invalid (${problems[0]})`);
  return settings;
}

/** One workspace's stored data: the file name and the data as CSV (the Fréchet workspace: its points' space). */
interface StoredData {
  fileName: string;
  csv: string;
  points?: { space: PointSpace; k: number; layout?: string };
}

/** Imported data of every workspace → stored text (per workspace: the file name and the data as CSV). */
export function encodeImported(imported: ImportedMap): string {
  const workspaces: Record<string, StoredData> = {};
  for (const [w, d] of Object.entries(imported) as [string, ImportedData | undefined][]) {
    if (!d) continue;
    const workspace = storedWorkspace(w);
    // a workspace without regression stores points (its import format)
    if (workspace && !workspace.manifold && d.points) {
      const table = pointsTable(d.points.space, d.points.k, d.ys);
      const csv = toCsv(tableRecords(table), table.columns);
      workspaces[w] = { fileName: d.fileName, csv, points: { ...d.points, layout: d.yLabels?.[0] } };
      continue;
    }
    if (!workspace?.manifold) continue;
    const table = dataTable(workspace.manifold, d);
    workspaces[w] = { fileName: d.fileName, csv: toCsv(tableRecords(table), table.columns) };
  }
  return JSON.stringify({ version: SESSION_VERSION, workspaces });
}

/**
 * Stored text → imported data, each workspace read again by the importer (so it is validated exactly like a
 * file). A workspace whose data cannot be read is left out and named in `problems`; a wrong container
 * (not JSON, other version, no workspaces object) throws.
 */
export function decodeImported(text: string): { imported: ImportedMap; problems: string[] } {
  const obj = parseVersioned(text, 'data');
  const stored = obj.workspaces;
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored))
    throw new Error('the stored data have no workspaces');
  const imported: ImportedMap = {};
  const problems: string[] = [];
  for (const [w, entry] of Object.entries(stored as Record<string, unknown>)) {
    const e = entry as { fileName?: unknown; csv?: unknown; points?: unknown } | null;
    const fileName = typeof e?.fileName === 'string' && e.fileName !== '' ? e.fileName : null;
    const workspace = storedWorkspace(w);
    if (workspace && !workspace.manifold && fileName && typeof e?.csv === 'string') {
      const points = decodePoints(e.csv, fileName, e.points);
      if (typeof points === 'string') problems.push(points);
      else imported[workspace.id] = points;
      continue;
    }
    if (!workspace?.manifold || !fileName || typeof e?.csv !== 'string') {
      problems.push(`the stored data of workspace "${w}" are not in the expected form`);
      continue;
    }
    // the copy is CSV whatever the original file was (a name ending in .json would make it read as JSON)
    const out = parseUserData({
      text: e.csv,
      fileName: `${fileName} (stored copy)`,
      manifold: workspace.manifold,
    });
    if (!out.ok) {
      problems.push(`your data from ${fileName} could not be read back (${out.message})`);
      continue;
    }
    imported[workspace.id] = {
      id: newImportId(),
      fileName,
      xs: out.xs,
      ys: out.ys,
      xLabel: out.xLabel,
      yLabels: out.yLabels,
      xRange: out.xRange,
    };
  }
  return { imported, problems };
}

/** The Fréchet workspace's stored points, read again by the points importer; a string says what is wrong. */
function decodePoints(csv: string, fileName: string, stored: unknown): ImportedData | string {
  const p = stored as { space?: unknown; k?: unknown; layout?: unknown } | null | undefined;
  if ((p?.space !== 'sphere' && p?.space !== 'spd') || typeof p.k !== 'number')
    return 'the stored data of workspace "frechet" are not in the expected form';
  try {
    const out = parsePointsFile(csv, { fileName: `${fileName} (stored copy)`, space: p.space });
    if (out.k !== p.k) throw new Error(`its points are ${out.k}×${out.k} matrices, not ${p.k}×${p.k}`);
    return {
      id: newImportId(),
      fileName,
      xs: new Float64Array(0),
      ys: out.points,
      xLabel: '',
      xRange: [0, 0],
      yLabels: typeof p.layout === 'string' ? [p.layout] : undefined,
      points: { space: p.space, k: p.k },
    };
  } catch (e) {
    return `your points from ${fileName} could not be read back (${errorText(e)})`;
  }
}

export { linkSetsSettings };

export interface RestoredSession {
  /** Stored settings to apply (null: keep those of the link, or the defaults). */
  settings: LabSettings | null;
  imported: ImportedMap;
  notices: string[];
}

/** Reads the stored session; never throws (unreadable parts are removed from storage and reported). */
export function readSession(storage: KeyValueStorage, query: string): RestoredSession {
  const out: RestoredSession = { settings: null, imported: {}, notices: [] };
  const discarded: string[] = [];
  const settingsText = storage.getItem(SETTINGS_KEY);
  if (settingsText !== null) {
    try {
      const settings = decodeSettings(settingsText);
      if (!linkSetsSettings(query)) out.settings = settings;
    } catch (e) {
      discarded.push(errorText(e));
      storage.removeItem(SETTINGS_KEY);
    }
  }
  const dataText = storage.getItem(DATA_KEY);
  if (dataText !== null) {
    try {
      const { imported, problems } = decodeImported(dataText);
      out.imported = imported;
      discarded.push(...problems);
      // rewrite without the unreadable workspaces
      if (problems.length > 0) {
        if (Object.keys(imported).length > 0) storage.setItem(DATA_KEY, encodeImported(imported));
        else storage.removeItem(DATA_KEY);
      }
    } catch (e) {
      discarded.push(errorText(e));
      storage.removeItem(DATA_KEY);
    }
  }
  const files = Object.values(out.imported).map((d) => d!.fileName);
  if (files.length > 0 || out.settings) {
    const what = [
      ...(out.settings ? ['the settings'] : []),
      ...(files.length > 0 ? [`your data from ${files.join(', ')}`] : []),
    ].join(' and ');
    out.notices.push(`Restored ${what} from your last session in this browser. “Start fresh” clears them.`);
  }
  if (discarded.length > 0)
    out.notices.push(
      `Part of your last session could not be restored and was discarded: ${discarded.join('; ')}.`,
    );
  return out;
}

function isQuotaError(e: unknown): boolean {
  return (
    e instanceof DOMException &&
    (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22)
  );
}

// ---------------------------------------------------------------------------------------------------------
// Wiring to the store and the browser.
// ---------------------------------------------------------------------------------------------------------

let active: KeyValueStorage | null = null;

/** localStorage, or null when the browser refuses it (storage disabled, sandboxed frame). */
export function browserStorage(): KeyValueStorage | null {
  try {
    const s = window.localStorage;
    s.getItem(SETTINGS_KEY);
    return s;
  } catch {
    return null;
  }
}

/**
 * Restores the stored session into the store (before the URL sync writes the address bar), then keeps storage
 * up to date: settings shortly after they settle, data as soon as they change. Returns a stop function.
 */
export function startPersistence(storage: KeyValueStorage | null = browserStorage()): () => void {
  const notify = (m: string) => useLab.getState().notify(m);
  if (!storage) {
    notify('This browser does not let the lab keep your session, so nothing is restored after a reload.');
    return () => undefined;
  }
  active = storage;
  const restored = readSession(storage, window.location.search);
  useLab.setState((s) => ({
    ...(restored.settings ? { settings: restored.settings } : {}),
    imported: { ...restored.imported, ...s.imported },
    notices: [...s.notices, ...restored.notices],
  }));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveSettings = () => {
    clearTimeout(timer);
    timer = undefined;
    try {
      const settings = useLab.getState().settings;
      // the defaults need no keeping (and a reload after "Start fresh" then restores nothing)
      if (settingsToQuery(settings) === '') storage.removeItem(SETTINGS_KEY);
      else storage.setItem(SETTINGS_KEY, encodeSettings(settings));
    } catch {
      // settings are a few hundred bytes: only a full or disabled storage refuses them; the data notice covers it
    }
  };
  let warnedFiles = '';
  const saveData = (imported: ImportedMap) => {
    try {
      if (Object.keys(imported).length === 0) storage.removeItem(DATA_KEY);
      else storage.setItem(DATA_KEY, encodeImported(imported));
      warnedFiles = '';
    } catch (e) {
      // never restore older data in place of the new: drop what is stored
      storage.removeItem(DATA_KEY);
      const files = Object.values(imported)
        .map((d) => d!.fileName)
        .join(', ');
      if (files === warnedFiles) return;
      warnedFiles = files;
      notify(
        isQuotaError(e)
          ? `Your data (${files}) are too large for this browser's storage, so they will not be restored after a reload; everything else works as usual.`
          : `Your data (${files}) could not be kept in this browser's storage (${errorText(e)}); they will not be restored after a reload.`,
      );
    }
  };
  saveSettings();
  const unsubscribe = useLab.subscribe((s, prev) => {
    if (s.imported !== prev.imported) saveData(s.imported);
    if (s.settings !== prev.settings) {
      clearTimeout(timer);
      timer = setTimeout(saveSettings, 300);
    }
  });
  // a reload right after a change must not lose it
  const flush = () => {
    if (timer !== undefined) saveSettings();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    flush();
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    active = null;
  };
}

/** "Start fresh": forgets the stored session and returns the lab to its defaults (no imported data). */
export function startFresh(): void {
  active?.removeItem(SETTINGS_KEY);
  active?.removeItem(DATA_KEY);
  useLab.setState({
    settings: DEFAULT_SETTINGS,
    imported: {},
    notices: ['Started fresh: default settings and synthetic data; nothing of the last session is kept.'],
  });
}
