import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitState, provenance, sha256File } from './provenance';

describe('provenance', () => {
  it('outside a git checkout the commit is null, not an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-nogit-'));
    try {
      expect(gitState(dir)).toEqual({ commit: null, modified: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the version of package.json, a commit hash or null, the seeds and the data file’s SHA-256', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dp-sha-'));
    try {
      const path = join(dir, 'abc.csv');
      writeFileSync(path, 'abc');
      // the SHA-256 of "abc" (FIPS 180-2, appendix B.1)
      expect(sha256File(path)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
      const p = provenance(['fit', '--data', path], { data: null, samplers: 3 }, path);
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
      expect(p).toMatchObject({
        tool: pkg.name,
        version: pkg.version,
        argv: ['fit', '--data', path],
        seeds: { data: null, samplers: 3 },
        dataSha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      });
      expect(p.commit === null || /^[0-9a-f]{40}$/.test(p.commit)).toBe(true);
      expect(provenance([], { data: 1, samplers: 1 }, null).dataSha256).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
