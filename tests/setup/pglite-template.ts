import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from '../support/database-templates';

/** Global setup: one migrated PGlite per run, copied into every test file's data folder (ADR 038). */
export default async function setup(project: TestProject) {
  const template = await buildPgliteTemplate();
  project.provide('pgliteTemplate', template.folder);
  return template.remove;
}
