'use strict';
// Charts as SVG through vega-lite -> vega with the 'none' renderer: no canvas or native module needed,
// and the SVG embeds directly in Markdown, rendered by a maintained charting package.
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
    x: {
      field: 'x',
      type: 'quantitative',
      title: xTitle,
      scale: logX ? { type: 'log' } : {},
      axis: { values: [...new Set(rows.map((r) => r.x))] },
    },
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

/**
 * Grouped bar chart of rows `{group, series, y}` (e.g. group = "list_wallets c=16", series = server), each
 * bar labelled with its value so that small bars next to large ones stay readable on a linear axis.
 */
function barChart({ title, rows, yTitle, format = ',.0f' }) {
  const spec = base(title, rows);
  const groups = [...new Set(rows.map((r) => r.group))];
  const series = [...new Set(rows.map((r) => r.series))];
  const encoding = {
    x: { field: 'group', type: 'nominal', title: null, sort: groups, axis: { labelAngle: groups.length > 4 ? -25 : 0, labelLimit: 200 } },
    xOffset: { field: 'series', type: 'nominal', sort: series },
    y: { field: 'y', type: 'quantitative', title: yTitle },
    color: { field: 'series', type: 'nominal', title: null, sort: series, legend: { orient: 'bottom', columns: 2 } },
  };
  return {
    ...spec,
    width: Math.max(WIDTH, groups.length * series.length * 26),
    encoding,
    layer: [
      { mark: { type: 'bar' }, encoding: { tooltip: [{ field: 'group' }, { field: 'series' }, { field: 'y', format }] } },
      { mark: { type: 'text', dy: -5, fontSize: 9 }, encoding: { text: { field: 'y', type: 'quantitative', format } } },
    ],
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
