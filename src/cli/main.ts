/**
 * Command line of DP Manifold Lab: `npm run cli -- <command> [options]` (see `usage.ts`, or run with --help).
 *
 * `main(argv, io)` does everything and returns the exit code, so tests can call it in-process with captured
 * output; running this file as a script wires it to the process.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DataFormatError } from '../io';
import { adviseCommand } from './advise';
import { auditCommand } from './audit';
import { resolveConfig } from './config';
import type { Ctx } from './context';
import { fitCommand } from './fit';
import { frechetCommand } from './frechet';
import { histogramsCommand } from './histograms';
import { linregCommand } from './linreg';
import { CliError, COMMANDS, parseCommandLine, type Command } from './options';
import type { ErrorSink, Sink } from './output';
import { releaseCommand } from './release';
import { sensitivityCommand } from './sensitivity';
import { sweepCommand } from './sweep';
import { usage } from './usage';

export interface CliIo {
  stdout: Sink;
  stderr: ErrorSink;
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();

/** Runs one command line; resolves with the exit code (0 ok, 1 computation failed, 2 bad input). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.command === undefined) {
      if (parsed.values.help) {
        io.stdout.write(usage());
        return 0;
      }
      io.stderr.write(usage());
      io.stderr.write('\nerror: no command given\n');
      return 2;
    }
    if (parsed.command === 'help') {
      const topic = parsed.topic;
      if (topic !== undefined && !(COMMANDS as readonly string[]).includes(topic))
        throw new CliError(`help: unknown command "${topic}"; the commands are ${COMMANDS.join(', ')}`);
      io.stdout.write(usage(topic as Command | undefined));
      return 0;
    }
    if (parsed.values.help) {
      io.stdout.write(usage(parsed.command));
      return 0;
    }
    if (parsed.command === 'linreg') {
      await linregCommand(parsed.values, { ...io, argv });
      return 0;
    }
    if (parsed.command === 'frechet') {
      await frechetCommand(parsed.values, { ...io, argv });
      return 0;
    }
    if (parsed.command === 'audit') {
      await auditCommand(parsed.values, { ...io, argv });
      return 0;
    }
    const cfg = resolveConfig(parsed.command, parsed.values);
    const ctx: Ctx = { cfg, stdout: io.stdout, stderr: io.stderr, notes: [], argv };
    switch (cfg.command) {
      case 'fit':
        fitCommand(ctx);
        break;
      case 'release':
        releaseCommand(ctx);
        break;
      case 'sweep':
        await sweepCommand(ctx);
        break;
      case 'advise':
        await adviseCommand(ctx);
        break;
      case 'sensitivity':
        await sensitivityCommand(ctx);
        break;
      case 'histograms':
        await histogramsCommand(ctx);
        break;
    }
    return 0;
  } catch (e) {
    if (e instanceof CliError || e instanceof DataFormatError) {
      io.stderr.write(`error: ${oneLine(e.message)}\n`);
      return 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.stderr.write(`error: ${oneLine(message)}\n`);
    return 1;
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // A closed pipe (e.g. `| head`) is not an error of ours.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
  // Let pending output drain, then leave (the worker pool is already terminated).
  process.exitCode = code;
}
