#!/usr/bin/env node
/**
 * Lints OpenAPI documents with Redocly's linter (@redocly/openapi-core, the engine of `redocly lint`) and its
 * `recommended` ruleset. Usage: node scripts/lint-openapi.mjs doc.json [doc.json ...]
 * Prints one JSON line per document: { file, errors: [...], warnings: [...] }; exits 1 when any has errors.
 * A script rather than an import in jest: the library is ESM-only.
 */
import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: lint-openapi.mjs doc.json [doc.json ...]');
  process.exit(2);
}
const config = await createConfig({ extends: ['recommended'] });
let failed = false;
for (const file of files) {
  const problems = await lintFromString({ source: await readFile(file, 'utf8'), absoluteRef: file, config });
  const describe = (p) => ({ rule: p.ruleId, message: p.message, at: p.location?.[0]?.pointer });
  const errors = problems.filter((p) => p.severity === 'error').map(describe);
  const warnings = problems.filter((p) => p.severity === 'warn').map(describe);
  if (errors.length) failed = true;
  console.log(JSON.stringify({ file, errors, warnings }));
}
process.exit(failed ? 1 : 0);
