'use strict';
// Number formatting and Markdown tables for the report and the console. Every table puts its ratio
// column first, so the reader sees "how far from the limit" before any absolute number.

function ratio(x, digits) {
  if (!Number.isFinite(x)) return 'n/a';
  if (digits === undefined && x > 0 && x < 0.1) return `${x.toPrecision(2)}×`;
  const d = digits ?? (x >= 100 ? 0 : x >= 10 ? 1 : 2);
  return `${x.toFixed(d)}×`;
}

function int(x) {
  if (!Number.isFinite(x)) return 'n/a';
  return Math.round(x).toLocaleString('en-US');
}

function ms(x) {
  if (!Number.isFinite(x)) return 'n/a';
  if (x >= 10000) return `${(x / 1000).toFixed(1)} s`;
  if (x >= 100) return `${Math.round(x)} ms`;
  if (x >= 10) return `${x.toFixed(1)} ms`;
  return `${x.toFixed(2)} ms`;
}

function mib(kib) {
  if (!Number.isFinite(kib)) return 'n/a';
  return `${(kib / 1024).toFixed(0)} MiB`;
}

function escapeCell(value) {
  return String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A Markdown table: `columns` are header strings, `rows` arrays of cell strings. */
function markdownTable(columns, rows) {
  const head = `| ${columns.map(escapeCell).join(' | ')} |`;
  const sep = `|${columns.map((_, i) => (i === 0 ? ' ---: ' : ' --- ')).join('|')}|`;
  return [head, sep, ...rows.map((r) => `| ${r.map(escapeCell).join(' | ')} |`)].join('\n');
}

/** The same table as aligned plain text, for progress output on the console. */
function textTable(columns, rows) {
  const widths = columns.map((c, i) => Math.max(String(c).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

module.exports = { ratio, int, ms, mib, markdownTable, textTable };
