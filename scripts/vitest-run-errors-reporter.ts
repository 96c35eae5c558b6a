import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

/** What `npm test` reads back from RUN_ERRORS_FILE (scripts/test-all.ts). */
export type RunErrors = {
  reason: TestRunEndReason;
  /** `during`: the test file, and the test if one was running, that the error came from (as Vitest tells it). */
  errors: { name: string; message: string; stack: string; during: string }[];
};

/**
 * Vitest fails a run for an error outside any test (a rejection nobody awaited after its test
 * ended, a worker that crashed) although every test passed: such errors are not in its JSON
 * report, and CI keeps only the tail of the output, where the default reporter's account of them
 * is long gone. This reporter writes them to RUN_ERRORS_FILE, and `npm test` names them last.
 */
export default class RunErrorsReporter implements Reporter {
  onTestRunEnd(
    _testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ) {
    const file = process.env.RUN_ERRORS_FILE;
    if (!file) return;
    const runErrors: RunErrors = {
      reason,
      errors: unhandledErrors.map((error) => ({
        name: String(error.name ?? 'Error'),
        message: String(error.message ?? ''),
        stack: String(error.stack ?? ''),
        during: [
          typeof error.VITEST_TEST_PATH === 'string' ? path.relative(process.cwd(), error.VITEST_TEST_PATH) : '',
          typeof error.VITEST_TEST_NAME === 'string' ? error.VITEST_TEST_NAME : '',
        ]
          .filter((part) => part !== '')
          .join(' › '),
      })),
    };
    writeFileSync(file, JSON.stringify(runErrors));
  }
}
