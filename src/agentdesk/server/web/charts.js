// Small SVG charts for query results (no libraries): metric, bar, line and pie.
//
// chartFor(kind, columns, rows, types) picks the columns a chart needs and draws it, or
// says why the rows do not fit that chart (then the caller shows the table alone).
// Every chart is an <svg data-chart="<kind>"> with a <title> and an aria-label.
//
// Columns are classified as the server's chart suggestion (domains/banking/agent/choices.py)
// classifies them: numbers are measures, except identifiers (`id`, `<thing>_id`), which name
// rows; the rest (text, dates) are categories. Numbers are written as the table and the
// summary write them (columns.js).

import { columnTypes, columnsOf, formatNumber, isDateColumn, isIdentifier, isNumericColumn, tickText, toNumber } from "./columns.js";

// What the table and the charts share, for the pages that import it from here.
export { columnTypes, columnsOf, formatNumber, isIdentifier, isNumericColumn, toNumber };

const SVG = "http://www.w3.org/2000/svg";
export const CHART_KINDS = ["metric", "bar", "line", "pie", "table"];
const PALETTE = ["#2456c9", "#e07a1f", "#1f9d74", "#c0392b", "#7c5cc4", "#b8860b", "#2a9fd6", "#d4548f", "#5f6b7a"];
const INK = "#1d2330";
const MUTED = "#5f6b7a";
const GRID = "#e3e7ed";
const MAX_PIE_SLICES = 8;
const MAX_SERIES = 4;

/** About `count` round tick values covering [min, max]. */
export function niceTicks(min, max, count = 5) {
  if (!(max > min)) { // one value: scale from zero to it (or to 1 when it is zero)
    if (max > 0) min = 0;
    else if (min < 0) max = 0;
    else { min = 0; max = 1; }
  }
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
  const start = Math.floor(min / step) * step;
  const end = Math.ceil(max / step) * step;
  const ticks = [];
  for (let v = start; v <= end + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

function cellText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// -- SVG helpers ----------------------------------------------------------------------------

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, fill: INK, "font-size": 12, ...attrs }, content);
}

function svgRoot(kind, width, height, label) {
  // Scales down with its box, but not below 70%: narrower boxes scroll instead, so text stays readable.
  return s("svg", {
    xmlns: SVG, viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    style: `min-width: ${Math.round(width * 0.7)}px`,
    "aria-label": label, "data-chart": kind, class: `chart chart-${kind}`,
    "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif",
  }, s("title", {}, label));
}

const approxWidth = (str, size = 12) => str.length * size * 0.58;

// -- choosing columns -----------------------------------------------------------------------

/**
 * Which columns a chart of `kind` would use, or {reason} when the rows do not fit it.
 * Categories are text-like columns; values are numeric columns.
 */
export function planChart(kind, columns, rows) {
  rows = Array.isArray(rows) ? rows : [];
  const cols = columnsOf(columns, rows);
  if (!CHART_KINDS.includes(kind) || kind === "table") return { reason: null };
  if (!rows.length) return { reason: "there are no rows to chart" };
  const numeric = cols.filter((c) => isNumericColumn(rows, c));
  const measures = numeric.filter((c) => !isIdentifier(c));
  const ids = numeric.filter((c) => isIdentifier(c));
  const textual = cols.filter((c) => !numeric.includes(c));
  if (kind === "metric") {
    if (rows.length !== 1) return { reason: `a single value was suggested but there are ${rows.length} rows` };
    const column = cols.length === 1 ? cols[0] : measures[0];
    if (!column) return { reason: "the row has no numeric value" };
    return { kind, value: column };
  }
  if (!numeric.length) return { reason: "the rows have no numeric column" };
  if (!measures.length) return { reason: "the only numbers are identifiers, which name rows" };
  if (kind === "bar" || kind === "pie") {
    // The category: a text column (two, such as a first and a last name, read together),
    // else an identifier, else (only numbers, e.g. a year and a count) the first column.
    let category = textual[0] || ids[0];
    let value = measures[0];
    if (!category) {
      if (measures.length < 2) return { reason: "the rows have no column to label the values with" };
      [category, value] = measures;
    }
    if (kind === "pie") {
      const values = rows.map((r) => toNumber(r[value]) ?? 0);
      if (values.some((v) => v < 0)) return { reason: "a pie cannot show negative values" };
      if (!values.some((v) => v > 0)) return { reason: "all the values are zero" };
    }
    const plan = { kind, category, value };
    if (textual.length === 2) plan.labels = textual;
    return plan;
  }
  // line: x is the first date/text column, in row order; y is the measures.
  let x = cols.find((c) => isDateColumn(rows, c)) || textual[0];
  let ys = measures;
  if (!x) {
    if (measures.length < 2) return { reason: "the rows have no column for the x axis" };
    [x, ...ys] = measures;
  }
  ys = ys.filter((c) => c !== x).slice(0, MAX_SERIES);
  if (!ys.length) return { reason: "the rows have no numeric column" };
  if (rows.length < 2) return { reason: "a line needs at least two rows" };
  return { kind, x, ys };
}

/**
 * {svg, plan} for the suggested chart, or {svg: null, reason} when the table alone is shown.
 * `types`: the server's column types, so the chart writes numbers as the table and summary do.
 */
export function chartFor(kind, columns, rows, types = null) {
  const plan = planChart(kind, columns, rows);
  if (!plan.kind) return { svg: null, reason: plan.reason };
  const draw = { metric: metricChart, bar: barChart, line: lineChart, pie: pieChart }[plan.kind];
  return { svg: draw(plan, rows, columnTypes(columns, rows, types)), plan, reason: null };
}

/** A row's name on a bar or a slice: its category, or its two text columns read together. */
function labelOf(plan, row) {
  return (plan.labels || [plan.category]).map((c) => cellText(row[c])).join(" ");
}

// -- metric ---------------------------------------------------------------------------------

function metricChart(plan, rows, types) {
  const raw = rows[0][plan.value];
  const n = toNumber(raw);
  const shown = n === null ? cellText(raw) : formatNumber(n, types[plan.value]);
  const size = shown.length > 14 ? 34 : 52;
  const width = Math.max(320, Math.min(720, approxWidth(shown, size) + 80));
  const height = 130;
  const svg = svgRoot("metric", width, height, `${plan.value}: ${shown}`);
  svg.append(
    s("rect", { x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 10, fill: "#f4f7fd", stroke: "#c9d6f2" }),
    text(width / 2, 70, shown, { "font-size": size, "font-weight": 700, "text-anchor": "middle", fill: "#2456c9", "data-value": n ?? shown, class: "metric-value" }),
    text(width / 2, 104, clip(plan.value.replace(/_/g, " "), 60), { "font-size": 14, "text-anchor": "middle", fill: MUTED, class: "metric-label" }));
  return svg;
}

// -- bar (horizontal: long category names stay readable) -------------------------------------

function barChart(plan, rows, types) {
  const items = rows.map((r) => ({ label: labelOf(plan, r), value: toNumber(r[plan.value]) ?? 0 }));
  const labels = items.map((i) => clip(i.label, 28));
  const valueTexts = items.map((i) => formatNumber(i.value, types[plan.value]));
  const labelWidth = Math.min(200, Math.max(40, ...labels.map((l) => approxWidth(l))) + 12);
  const valueWidth = Math.max(...valueTexts.map((v) => approxWidth(v))) + 12;
  const width = 720;
  const band = items.length > 30 ? 18 : 28;
  const top = 28;
  const height = top + items.length * band + 24;
  const plotLeft = labelWidth;
  const plotRight = width - valueWidth;
  const min = Math.min(0, ...items.map((i) => i.value));
  const max = Math.max(0, ...items.map((i) => i.value));
  const ticks = niceTicks(min, max, 4);
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const x = (v) => plotLeft + ((v - lo) / (hi - lo || 1)) * (plotRight - plotLeft);
  const by = (plan.labels || [plan.category]).join(" ");
  const svg = svgRoot("bar", width, height, `Bar chart of ${plan.value} by ${by}`);
  svg.append(
    text(plotLeft, 16, `${plan.value.replace(/_/g, " ")} by ${by.replace(/_/g, " ")}`, { fill: MUTED, "font-size": 12 }));
  const axisY = top + items.length * band;
  for (const t of ticks) {
    svg.append(s("line", { x1: x(t), x2: x(t), y1: top - 4, y2: axisY, stroke: GRID }),
      text(x(t), axisY + 16, tickText(t), { "text-anchor": "middle", fill: MUTED, "font-size": 11 }));
  }
  items.forEach((item, i) => {
    const y = top + i * band;
    const barHeight = band * 0.68;
    const x0 = x(Math.min(0, item.value));
    const x1 = x(Math.max(0, item.value));
    const color = PALETTE[0];
    svg.append(s("g", { class: "bar-group", "data-label": item.label, "data-value": item.value },
      s("title", {}, `${item.label}: ${valueTexts[i]}`),
      text(plotLeft - 8, y + band / 2 + 4, labels[i], { "text-anchor": "end", class: "bar-label" }),
      s("rect", { class: "bar", x: x0, y: y + (band - barHeight) / 2, width: Math.max(1, x1 - x0), height: barHeight, rx: 3, fill: color }),
      text(x1 + 6, y + band / 2 + 4, valueTexts[i], { "font-weight": 600, class: "bar-value" })));
  });
  svg.append(s("line", { x1: x(0), x2: x(0), y1: top - 4, y2: axisY, stroke: "#9aa6b8" }));
  return svg;
}

// -- line -------------------------------------------------------------------------------------

function lineChart(plan, rows, types) {
  const width = 900;
  const height = 300;
  const series = plan.ys.map((c, k) => ({ name: c, color: PALETTE[k % PALETTE.length],
    values: rows.map((r) => toNumber(r[c])) }));
  const all = series.flatMap((sr) => sr.values).filter((v) => v !== null);
  const ticks = niceTicks(Math.min(...all), Math.max(...all), 5);
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const tickWidth = Math.max(...ticks.map((t) => approxWidth(tickText(t), 11)));
  const legend = series.length > 1;
  const xLabels = rows.map((r) => cellText(r[plan.x]));
  const labelRoom = Math.max(...xLabels.map((l) => approxWidth(clip(l, 16), 11))) + 16;
  const left = Math.max(tickWidth + 16, labelRoom / 2);
  const right = width - Math.max(16, labelRoom / 2);
  const top = legend ? 34 : 22;
  const bottom = height - 40;
  const n = rows.length;
  const x = (i) => left + (n === 1 ? 0.5 : i / (n - 1)) * (right - left);
  const y = (v) => bottom - ((v - lo) / (hi - lo || 1)) * (bottom - top);
  const label = `Line chart of ${plan.ys.join(", ")} over ${plan.x}`;
  const svg = svgRoot("line", width, height, label);
  for (const t of ticks) {
    svg.append(s("line", { x1: left, x2: right, y1: y(t), y2: y(t), stroke: GRID }),
      text(left - 6, y(t) + 4, tickText(t), { "text-anchor": "end", fill: MUTED, "font-size": 11 }));
  }
  svg.append(s("line", { x1: left, x2: right, y1: bottom, y2: bottom, stroke: "#9aa6b8" }),
    s("line", { x1: left, x2: left, y1: top, y2: bottom, stroke: "#9aa6b8" }));
  // A few x labels (at most 8), evenly spread, always the first and the last, never overlapping.
  const slots = Math.max(2, Math.min(8, Math.floor((right - left) / labelRoom) + 1));
  const every = Math.max(1, Math.ceil((n - 1) / (slots - 1)));
  const shown = [];
  for (let i = 0; i < n - 1; i += every) shown.push(i);
  while (shown.length > 1 && x(n - 1) - x(shown[shown.length - 1]) < labelRoom) shown.pop();
  shown.push(n - 1);
  shown.forEach((i) => {
    const l = xLabels[i];
    svg.append(s("line", { x1: x(i), x2: x(i), y1: bottom, y2: bottom + 4, stroke: "#9aa6b8" }),
      text(x(i), bottom + 17, clip(l, 16), { "text-anchor": "middle", fill: MUTED, "font-size": 11, class: "x-tick" }));
  });
  svg.append(text((left + right) / 2, height - 6, plan.x.replace(/_/g, " "), { "text-anchor": "middle", fill: MUTED, "font-size": 12 }));
  series.forEach((sr) => {
    let d = "";
    let pen = false;
    sr.values.forEach((v, i) => {
      if (v === null) { pen = false; return; }
      d += `${pen ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    const g = s("g", { class: "series", "data-series": sr.name },
      s("path", { d, fill: "none", stroke: sr.color, "stroke-width": 2.5, "stroke-linejoin": "round", "stroke-linecap": "round", class: "line" }));
    if (n <= 60) {
      sr.values.forEach((v, i) => {
        if (v === null) return;
        g.append(s("circle", { cx: x(i), cy: y(v), r: 3.5, fill: "#fff", stroke: sr.color, "stroke-width": 2, class: "point" },
          s("title", {}, `${xLabels[i]} · ${sr.name}: ${formatNumber(v, types[sr.name])}`)));
      });
    }
    svg.append(g);
  });
  if (legend) {
    let lx = left;
    for (const sr of series) {
      const name = clip(sr.name.replace(/_/g, " "), 24);
      svg.append(s("rect", { x: lx, y: 10, width: 12, height: 12, rx: 2, fill: sr.color }),
        text(lx + 17, 20, name, { class: "legend-label" }));
      lx += 17 + approxWidth(name) + 18;
    }
  } else {
    svg.append(text(left, 14, plan.ys[0].replace(/_/g, " "), { fill: MUTED, "font-size": 12 }));
  }
  return svg;
}

// -- pie --------------------------------------------------------------------------------------

function pieChart(plan, rows, types) {
  const format = (v) => formatNumber(v, types[plan.value]);
  let items = rows.map((r) => ({ label: labelOf(plan, r), value: Math.max(0, toNumber(r[plan.value]) ?? 0) }))
    .filter((i) => i.value > 0);
  if (items.length > MAX_PIE_SLICES) {
    const sorted = [...items].sort((a, b) => b.value - a.value);
    const kept = sorted.slice(0, MAX_PIE_SLICES - 1);
    const rest = sorted.slice(MAX_PIE_SLICES - 1);
    items = [...kept, { label: `Other (${rest.length})`, value: rest.reduce((t, i) => t + i.value, 0) }];
  }
  const total = items.reduce((t, i) => t + i.value, 0);
  const r = 110;
  const cx = 130;
  const cy = 135;
  const rowHeight = 24;
  const pct = (v) => `${((v / total) * 100).toFixed(1)}%`;
  const legendTexts = items.map((i) => [clip(i.label, 30), `${format(i.value)} · ${pct(i.value)}`]);
  const legendWidth = 22 + Math.max(...legendTexts.map(([l]) => approxWidth(l))) + 24
    + Math.max(...legendTexts.map(([, v]) => approxWidth(v))) + 12;
  const width = Math.round(cx + r + 40 + legendWidth);
  const height = Math.max(270, 24 + items.length * rowHeight + 12);
  const svg = svgRoot("pie", width, height, `Pie chart of ${plan.value} by ${plan.category}`);
  let angle = -Math.PI / 2;
  const inside = [];
  items.forEach((item, k) => {
    const color = PALETTE[k % PALETTE.length];
    const sweep = (item.value / total) * 2 * Math.PI;
    const tip = `${item.label}: ${format(item.value)} (${pct(item.value)})`;
    let shape;
    if (items.length === 1 || sweep >= 2 * Math.PI - 1e-9) {
      shape = s("circle", { cx, cy, r, fill: color, class: "slice", "data-label": item.label }, s("title", {}, tip));
    } else {
      const a0 = angle;
      const a1 = angle + sweep;
      const large = sweep > Math.PI ? 1 : 0;
      const p = (a) => `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`;
      shape = s("path", { d: `M${cx},${cy} L${p(a0)} A${r},${r} 0 ${large} 1 ${p(a1)} Z`, fill: color,
        stroke: "#fff", "stroke-width": 1.5, class: "slice", "data-label": item.label }, s("title", {}, tip));
      if (sweep > 0.35) { // a percentage inside the slices big enough to hold it
        const mid = a0 + sweep / 2;
        inside.push(text(cx + r * 0.64 * Math.cos(mid), cy + r * 0.64 * Math.sin(mid) + 4, pct(item.value),
          { "text-anchor": "middle", fill: "#fff", "font-size": 11, "font-weight": 700, "pointer-events": "none" }));
      }
    }
    svg.append(shape);
    angle += sweep;
  });
  svg.append(...inside);
  const lx = cx + r + 40;
  items.forEach((item, k) => {
    const y = 24 + k * rowHeight;
    svg.append(s("g", { class: "legend-item", "data-label": item.label },
      s("rect", { x: lx, y: y - 11, width: 14, height: 14, rx: 3, fill: PALETTE[k % PALETTE.length] }),
      text(lx + 22, y, legendTexts[k][0], { class: "legend-label" }),
      text(width - 12, y, legendTexts[k][1], { "text-anchor": "end", "font-weight": 600, class: "legend-value" })));
  });
  return svg;
}
