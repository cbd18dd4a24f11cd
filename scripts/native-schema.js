#!/usr/bin/env node
// Writes what is generated from the native provider's declarations and committed: provider/schema.json (the
// Pulumi package schema, provider/src/native/schema) and docs/native/ (a page per resource and one for the
// functions, provider/src/native/docs). tests/unit/provider/native/schema.test.ts fails when the committed files
// and the code disagree, and names this command: `npm run schema` (it builds the provider first).
'use strict';
const { mkdirSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const { generateSchema, schemaFileText } = require(join(ROOT, 'provider', 'dist', 'native', 'schema'));
const { renderDocs } = require(join(ROOT, 'provider', 'dist', 'native', 'docs'));

const schema = generateSchema();
writeFileSync(join(ROOT, 'provider', 'schema.json'), schemaFileText(schema));
const docsDir = join(ROOT, 'docs', 'native');
mkdirSync(docsDir, { recursive: true });
const pages = renderDocs(schema);
// Pages of kinds that no longer exist go.
for (const file of readdirSync(docsDir)) if (file.endsWith('.md') && !(file in pages)) rmSync(join(docsDir, file));
for (const [file, text] of Object.entries(pages)) writeFileSync(join(docsDir, file), text);
process.stdout.write(`wrote provider/schema.json and ${Object.keys(pages).length} pages in docs/native/\n`);
