// Finds the Chromium the browser tests drive (Playwright cannot download its own browser here), and, run as a
// script, makes sure there is one before the browser tests start: on Debian as root it installs the `chromium`
// package; otherwise it stops with one line saying what to install or which variable to set.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const STANDARD = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The Chromium binary to use: `CHROMIUM_PATH` when it exists, else the standard places and the PATH; or null. */
export function findChromium() {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted && isExecutable(wanted)) return wanted;
  for (const path of STANDARD) if (isExecutable(path)) return path;
  return onPath('chromium') ?? onPath('chromium-browser');
}

function canInstallWithApt() {
  return process.platform === 'linux' && process.getuid?.() === 0 && onPath('apt-get') !== null;
}

function installWithApt() {
  console.error('Browser tests: no Chromium found; installing the Debian package "chromium" with apt-get …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  return install.status === 0;
}

/** Exit code 0 when a Chromium is (now) there; 1 with one line on stderr when not. */
export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH;
  let found = findChromium();
  if (!found && canInstallWithApt() && installWithApt()) found = findChromium();
  if (!found) {
    console.error(
      'Browser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install -y chromium) ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary' +
        (wanted ? ` (CHROMIUM_PATH=${wanted} does not exist or is not executable).` : '.'),
    );
    return 1;
  }
  if (wanted && found !== wanted)
    console.error(`Browser tests: CHROMIUM_PATH=${wanted} does not exist; using ${found}.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureChromium());
