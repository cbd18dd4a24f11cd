'use strict';
// Charts as SVG through vega-lite -> vega with the 'none' renderer: no canvas or native module needed,
// and the SVG embeds directly in Markdown (issue 7: plots rendered by a maintained charting package).
const vegaLite = require('vega-lite');
const vega = require('vega');

const WIDTH = 520;
const HEIGHT = 260;

function base(title, values) {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title,
    width: WIDTH,
    height: HEIGHT,
    background: 'white',
    data: { values },
    config: { font: 'sans-serif', axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelLimit: 320 } },
  };
}

/**
 * Line chart of rows `{x, y, series}`; `logX`/`logY` for quantities spanning decades (N = 10..1,000).
 * An optional `column` facets the chart into small multiples side by side.
 */
function lineChart({ title, rows, xTitle, yTitle, logX = true, logY = false, column }) {
  const spec = base(title, rows);
  const encoding = {
    x: { field: 'x', type: 'quantitative', title: xTitle, scale: logX ? { type: 'log' } : {}, axis: { values: [...new Set(rows.map((r) => r.x))] } },
    y: { field: 'y', type: 'quantitative', title: yTitle, scale: logY ? { type: 'log' } : { zero: true } },
    color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom', columns: 2 } },
    tooltip: [{ field: 'series' }, { field: 'x' }, { field: 'y' }],
  };
  if (column) {
    encoding.column = { field: 'facet', type: 'nominal', title: column };
    spec.width = Math.round(WIDTH / 2);
  }
  return { ...spec, mark: { type: 'line', point: true }, encoding };
}

/** Grouped bar chart of rows `{group, series, y}` (e.g. group = concurrency, series = server). */
function barChart({ title, rows, groupTitle, yTitle, logY = false }) {
  const spec = base(title, rows);
  return {
    ...spec,
    width: { step: 22 },
    mark: { type: 'bar' },
    encoding: {
      column: { field: 'group', type: 'ordinal', title: groupTitle, header: { labelOrient: 'bottom', titleOrient: 'bottom' } },
      x: { field: 'series', type: 'nominal', axis: null },
      y: { field: 'y', type: 'quantitative', title: yTitle, scale: logY ? { type: 'log' } : {} },
      color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom', columns: 2 } },
      tooltip: [{ field: 'group' }, { field: 'series' }, { field: 'y' }],
    },
  };
}

/** The SVG text of a vega-lite spec. */
async function renderSvg(spec) {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

module.exports = { lineChart, barChart, renderSvg };
