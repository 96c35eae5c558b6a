import { accessSync, constants, statSync } from 'node:fs';

/**
 * Where the test suites keep their data folders (each server test file's copy of the migrated
 * PGlite, the portals' data in the fault and e2e suites): the memory-backed /dev/shm where the
 * machine has a writable one, else the system's temp folder (undefined: TMPDIR is left alone).
 * On these machines the disk is ext4 mounted with `discard`: copying the 41 MB migrated template
 * took 2.8 s there and 0.3 s in /dev/shm, and removing a fuzzed server's data folder up to 4 s
 * (ADR 038). TEST_TMPDIR chooses another folder.
 */
export function testScratchDir(): string | undefined {
  if (process.env.TEST_TMPDIR) return process.env.TEST_TMPDIR;
  try {
    if (!statSync('/dev/shm').isDirectory()) return undefined;
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}
