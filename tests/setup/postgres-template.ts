import type { TestProject } from 'vitest/node';
import { buildPostgresTemplate } from '../support/database-templates';

/** Global setup: one migrated database per run on DATABASE_URL, the template of every test file's database (ADR 038). */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return;
  const template = await buildPostgresTemplate(baseUrl);
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
