// Runs the npm scripts named on the command line side by side (the linter, the format check and the type-check each
// use one core: side by side they keep both cores busy until all end) and fails when any of them fails; their
// output is printed whole, one after the other, when each ends.
import { spawn } from 'node:child_process';

const runs = process.argv.slice(2).map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        process.stdout.write(`> ${name}${code === 0 ? '' : ` (failed, exit code ${code})`}\n${out}`);
        resolve(code === 0);
      });
    }),
);
if (!(await Promise.all(runs)).every(Boolean)) process.exit(1);
