// The simulation's result card, from the thread's final state: the answer, the PK figures
// of the last calculation (with units), the concentration-time curve of the last run
// (`time_course`, kept by the agent) and the model and parameters it ran with.

import { clear, contentText, h } from "./render.js";
import { onLeave } from "./shell.js";
import { drawCurve, figure } from "./plot.js";

const ANSWER_NODE = "response_synthesis";

/** The PK figures the calculation returns, in the order a reader looks for them. */
function figureRows(pk) {
  const unit = pk.unit || "";
  const t = pk.time_unit || "h";
  const area = unit ? `${unit}·${t}` : t;
  return [
    ["Cmax", "peak concentration", pk.cmax, unit],
    ["Tmax", "time of the peak", pk.tmax, t],
    ["AUC 0–tlast", "area under the curve to the last time point", pk.auc, area],
    ["AUC 0–∞", "extrapolated to infinity", pk.auc_inf, area],
    ["Half-life", "terminal elimination half-life", pk.half_life, t],
    ["λz", "terminal elimination rate constant", pk.lambda_z, `1/${t}`],
  ].filter(([, , value]) => value !== null && value !== undefined);
}

function lastOk(values, tool) {
  return [...(values.intermediate_steps || [])].reverse().find((s) => s.tool === tool && s.outcome === "ok") || null;
}

/** The agent's answer: the last model message once the thread has answered. */
function answerOf(values) {
  if (values.current_step !== "answered") return "";
  const last = [...(values.messages || [])].reverse().find((m) => m && m.type === "ai" && contentText(m.content).trim());
  return last ? contentText(last.content).trim() : "";
}

function figuresTable(pk) {
  const rows = figureRows(pk);
  if (!rows.length) return null;
  return h("table", { class: "grid figures", "data-testid": "sim-figures" },
    h("caption", {}, `PK figures of ${pk.output}`),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Figure"), h("th", { scope: "col", class: "num" }, "Value"), h("th", { scope: "col" }, "Unit"))),
    h("tbody", {}, rows.map(([name, what, value, unit]) => h("tr", { "data-figure": name },
      h("th", { scope: "row" }, name, h("div", { class: "muted small" }, what)),
      h("td", { class: "num", "data-testid": "sim-figure-value" }, figure(value)),
      h("td", {}, unit)))));
}

function parametersList(context, run, name) {
  if (!context) return null;
  const params = context.parameters || [];
  return h("div", { class: "sim-model" },
    h("h3", {}, "Model and parameters"),
    h("p", {}, h("strong", {}, name || context.model_path || "model"),
      context.model_path ? h("span", { class: "muted small" }, ` · ${context.model_path}`) : null,
      run ? h("span", { class: "muted small" }, ` · simulated ${figure(run.end_time)} h, ${run.points ?? "?"} points`) : null),
    params.length ? h("dl", { class: "kv params", "data-testid": "sim-parameters" },
      params.map((p) => [h("dt", {}, p.path), h("dd", {}, `${figure(p.value)}${p.unit && p.unit !== "dimensionless" ? ` ${p.unit}` : ""}`)])) : null);
}

/** Which output to plot: the one the figures are about, else a concentration. */
function plottedOutput(course, pk) {
  const names = Object.keys(course.outputs || {});
  if (pk && names.includes(pk.output)) return pk.output;
  if (names.includes("C")) return "C";
  return names.find((n) => /\//.test(course.output_units?.[n] || "")) || names[0];
}

export function simulationView() {
  const answer = h("p", { class: "answer-summary", "data-testid": "sim-answer" });
  const figures = h("div");
  const warnings = h("div");
  const caption = h("figcaption", { class: "muted small" });
  const box = h("div", { class: "plot-box" });
  const plot = h("figure", { class: "chart-box sim-plot", "data-testid": "sim-plot", hidden: true }, box, caption);
  const model = h("div");
  const el = h("section", { class: "card simulation", "data-testid": "sim-result", hidden: true },
    h("h2", {}, "Simulation result"), answer, figures, warnings, plot, model);
  let drawn = null; // the job whose curve is drawn
  let removePlot = () => {};
  onLeave(() => removePlot());
  let streamed = "";

  function showCurve(course, pk) {
    const name = plottedOutput(course, pk);
    const values = course.outputs?.[name] || [];
    if (!values.length) return;
    const key = `${course.job_id}:${name}`;
    plot.hidden = false;
    plot.dataset.points = String(values.length);
    const index = values.reduce((best, v, i) => (v > values[best] ? i : best), 0);
    const unit = course.output_units?.[name] || "";
    const t = course.time_unit || "h";
    clear(caption, `${name} over ${figure(course.time[course.time.length - 1])} ${t}: peak ${figure(values[index])}${unit ? ` ${unit}` : ""} at ${figure(course.time[index])} ${t}`,
      course.points && course.points > values.length ? ` (${values.length} of the run's ${course.points} points shown)` : "");
    if (drawn === key) return;
    drawn = key;
    removePlot();
    box.replaceChildren();
    drawCurve(box, { time: course.time, values, name, unit, timeUnit: t, peak: { index } })
      .then((remove) => { removePlot = remove; })
      .catch((error) => { box.append(h("p", { class: "bad small" }, `The plot could not be drawn: ${error.message}`)); });
  }

  function update(ctx) {
    const v = ctx.values || {};
    const pkStep = lastOk(v, "calculate_pk_parameters");
    const pk = pkStep?.result || null;
    const run = lastOk(v, "run_simulation");
    const course = v.time_course || null;
    const text = answerOf(v);
    if (text) streamed = "";
    answer.textContent = text || streamed;
    answer.hidden = !answer.textContent;
    clear(figures, pk ? figuresTable(pk) : null);
    clear(warnings, pk?.warnings?.length ? h("ul", { class: "warnings", "data-testid": "sim-warnings" },
      pk.warnings.map((w) => h("li", {}, w))) : null);
    const loaded = lastOk(v, "load_simulation")?.result;
    clear(model, parametersList(v.simulation_context, course || (run && { end_time: run.args?.end_time, points: run.args?.points }),
      loaded?.name));
    el.hidden = !(text || streamed || pk || course || v.simulation_context);
    if (course && !el.hidden) showCurve(course, pk);
  }

  function stream(run, record, following) {
    if (!following || record.node !== ANSWER_NODE || !record.text) return;
    streamed = record.text;
    answer.textContent = streamed;
    answer.hidden = false;
    el.hidden = false;
  }

  return { el, update, stream };
}
