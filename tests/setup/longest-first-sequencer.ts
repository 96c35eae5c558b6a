import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where the last measured run's file durations are kept (`npm run test:durations` writes it). */
export const DURATIONS_FILE = path.resolve(import.meta.dirname, '../durations.json');

/** `project:path` → milliseconds, as `durationKey` names a file. */
export type FileDurations = Record<string, number>;

export function durationKey(projectName: string, root: string, moduleId: string) {
  return `${projectName}:${path.relative(root, moduleId)}`;
}

function committedDurations(): FileDurations {
  if (!existsSync(DURATIONS_FILE)) return {};
  return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as FileDurations;
}

/**
 * Longest file first, across the projects of a group (issue 23 §5, ADR 038). Vitest's own order
 * runs a group's projects one after the other and, without a cache (every CI run starts from a
 * fresh clone), the largest files first: the five fuzz files, the longest work of the run, are four
 * lines each and came last, so one worker went on alone for minutes while the other idled. Here a
 * file's duration is this machine's last run of it (Vitest's cache) or else the committed
 * `tests/durations.json`; a file in neither (a new one) runs first, since nothing says it is short.
 */
export class LongestFirstSequencer extends BaseSequencer {
  private readonly committed = committedDurations();

  private durationOf(file: TestSpecification) {
    const key = durationKey(file.project.name, this.ctx.config.root, file.moduleId);
    return this.ctx.cache.getFileTestResults(key)?.duration ?? this.committed[key] ?? Number.POSITIVE_INFINITY;
  }

  override async sort(files: TestSpecification[]) {
    const durations = new Map(files.map((file) => [file, this.durationOf(file)]));
    const longer = (a: TestSpecification, b: TestSpecification) => {
      const [ofA, ofB] = [durations.get(a) ?? 0, durations.get(b) ?? 0];
      return ofA === ofB ? 0 : ofA > ofB ? -1 : 1;
    };
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || longer(a, b),
    );
  }
}
