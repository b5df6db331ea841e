// A concentration-time curve drawn with uPlot 1.6.32 (MIT; uplot.esm.js, uplot.min.css and
// uplot.LICENSE beside this file, as npm's `uplot` package ships them in dist/).
// The library is loaded when the first plot is drawn, so other pages never fetch it.

import { h } from "./render.js";

let library = null;

function loadLibrary() {
  if (!document.querySelector("link[data-uplot]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "uplot.min.css", "data-uplot": "" }));
  }
  library = library || import("./uplot.esm.js").then((module) => module.default);
  return library;
}

const FIGURE = new Intl.NumberFormat(undefined, { maximumSignificantDigits: 4 });

export function figure(value) {
  return value === null || value === undefined || Number.isNaN(Number(value)) ? "—" : FIGURE.format(Number(value));
}

/**
 * Draw `values` over `time` into `box` (an empty element already in the page), with the
 * peak marked. Returns a function that removes the plot and its resize listener.
 */
export async function drawCurve(box, { time, values, name, unit, timeUnit, peak }) {
  const uPlot = await loadLibrary();
  if (!box.isConnected) return () => {};
  const size = () => ({ width: Math.max(280, Math.floor(box.clientWidth || 640)), height: 300 });
  const marks = time.map((t, i) => (peak && i === peak.index ? values[i] : null));
  const yLabel = unit ? `${name} (${unit})` : name;
  const plot = new uPlot({
    ...size(),
    title: "",
    scales: { x: { time: false } },
    axes: [
      { label: `Time (${timeUnit})`, stroke: "#1d2330", grid: { stroke: "#e3e7ed" } },
      { label: yLabel, stroke: "#1d2330", grid: { stroke: "#e3e7ed" }, size: 64,
        values: (_, ticks) => ticks.map((v) => figure(v)) },
    ],
    series: [
      { label: `Time (${timeUnit})`, value: (_, v) => (v === null ? "—" : `${figure(v)} ${timeUnit}`) },
      { label: yLabel, stroke: "#2456c9", width: 2, fill: "rgba(36, 86, 201, 0.08)",
        value: (_, v) => (v === null ? "—" : `${figure(v)}${unit ? ` ${unit}` : ""}`) },
      { label: "Cmax", stroke: "#c0392b", width: 0, paths: () => null,
        points: { show: true, size: 9, fill: "#c0392b", stroke: "#c0392b" },
        value: (_, v) => (v === null ? "—" : `${figure(v)}${unit ? ` ${unit}` : ""}`) },
    ],
  }, [time, values, marks], box);
  const canvas = box.querySelector("canvas");
  if (canvas) {
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `${yLabel} over ${figure(time[time.length - 1])} ${timeUnit}`);
  }
  const resize = () => plot.setSize(size());
  window.addEventListener("resize", resize);
  return () => {
    window.removeEventListener("resize", resize);
    plot.destroy();
  };
}
