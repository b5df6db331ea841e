// The activity log of a thread: one section per run, fed by the run's event stream.

import { RunStream, knownStream } from "./api.js";
import { argsText, clear, h, timeEl } from "./render.js";
import { ModelTexts } from "./tokens.js";
import { onLeave, refreshInboxCount } from "./shell.js";

const RUN_KIND = { start: "Run", decide: "Run after a decision", resume: "Resumed run" };
/** What a pause asks, in a few words: ours have a title; a graph's own payload may be any JSON. */
function pauseTitle(value) {
  if (typeof value === "string") return value;
  return value?.title || value?.question || "review";
}

const STREAM_END = { success: "Run ended", error: "Run failed", interrupted: "Run was cancelled" };

// -- the activity log: one section per run, fed by its event stream -------------------------

/** Keep the log scrolled to its end while new entries come, unless the person scrolled up. */
function followLog(ctx) {
  const box = ctx.el.log;
  if (ctx.logStuck !== false) box.scrollTop = box.scrollHeight;
}

// -- one line on what the agent is doing now, for the page's live status ------------------

/** A run event as a few words ("calling search_hotels(city_code=LIS, ...)"), or null. */
export function describe(item, memo) {
  const data = item.data;
  switch (item.event) {
    case "metadata":
      return "the run started";
    case "updates": {
      const nodes = Object.keys(data || {});
      if (nodes.includes("__interrupt__")) return "paused for a decision";
      memo.chars = 0;
      return nodes.length ? `${nodes.join(", ")} finished` : null;
    }
    case "values":
      return data && data.current_step ? `step: ${data.current_step}` : null;
    case "custom":
      if (!data || typeof data !== "object") return null;
      // Tools run side by side: say which are still working, not only the last to finish.
      memo.calls = memo.calls || new Map();
      if (data.kind === "tool_started") {
        memo.calls.set(data.tool, `${data.tool}(${argsText(data.args)})`);
        return `calling ${[...memo.calls.values()].join(" and ")}`;
      }
      if (data.kind === "tool_finished") {
        memo.calls.delete(data.tool);
        const done = `${data.tool} → ${data.outcome}`;
        return memo.calls.size ? `calling ${[...memo.calls.values()].join(" and ")} (${done})` : done;
      }
      if (data.kind === "token") {
        memo.chars = (memo.chars || 0) + String(data.text || "").length;
        return `the model is writing its answer (${memo.chars} characters so far)`;
      }
      if (data.kind === "job_progress") return `job ${data.status || ""} ${Math.round((data.progress || 0) * 100)}%`;
      return data.kind || null;
    case "messages":
    case "messages/partial":
      return "the model is answering";
    case "error":
      return `error: ${(data && (data.message || data.error)) || "unknown"}`;
    case "end":
      return "the run ended";
    default:
      return null;
  }
}

export function syncRuns(ctx, runs) {
  if (!ctx.logWatched) {
    ctx.logWatched = true;
    ctx.el.log.addEventListener("scroll", () => {
      const box = ctx.el.log;
      ctx.logStuck = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    });
  }
  const recent = runs.slice(0, 5).reverse(); // the newest five, oldest first
  for (const run of recent) {
    if (ctx.sections.has(run.run_id)) continue;
    const live = run.status === "running";
    const known = knownStream(run.run_id);
    const stream = known || RunStream.join(ctx.threadId, run.run_id);
    const section = logSection(run, () => followLog(ctx));
    section.stream = stream;
    ctx.sections.set(run.run_id, section);
    ctx.el.log.append(section.el);
    const following = live || (known && !known.closed);
    const memo = {};
    if (following) ctx.onActivity?.(run, "waiting for the first step…");
    const unsubscribe = stream.subscribe((item) => {
      if (!ctx.alive()) return;
      const text = section.add(item);
      if (text) ctx.onModelText?.(run, text, following);
      if (following && item.event === "values" && item.data && typeof item.data === "object") ctx.onLiveValues(item.data);
      if (following && item.event !== "__closed__") {
        const now = describe(item, memo);
        if (now) ctx.onActivity?.(run, now);
      }
      if (item.event === "__closed__" && following) ctx.onActivity?.(run, null);
      if (item.event === "__closed__" && (following || ctx.thread?.status === "busy")) {
        ctx.refresh();
        refreshInboxCount();
      }
    });
    onLeave(unsubscribe);
  }
  const all = [...ctx.sections.values()];
  all.forEach((s, i) => { s.el.open = i === all.length - 1; });
  if (!all.length) clear(ctx.el.log, h("p", { class: "muted", "data-testid": "log-empty" }, "No runs yet."));
  else ctx.el.log.querySelector("[data-testid=log-empty]")?.remove();
}

function logSection(run, follow) {
  const list = h("ol", { class: "entries" });
  const state = h("span", { class: "run-state" }, run.status === "running" ? "running…" : "");
  const el = h("details", { class: "run", open: true, "data-run-id": run.run_id },
    h("summary", {}, h("strong", {}, RUN_KIND[run.metadata?.kind] || "Run"), " · ", timeEl(run.created_at), " ", state),
    list);
  let lastStep = null;
  const jobs = new Map(); // job id -> its one progress entry

  function entry(kind, ...children) {
    const li = h("li", { class: `entry ${kind}`, "data-kind": kind }, ...children);
    list.append(li);
    follow();
    return li;
  }

  function step(name) {
    if (!name || name === lastStep) return;
    lastStep = name;
    entry("step", "Step: ", h("strong", {}, name));
  }

  function custom(data) {
    if (!data || typeof data !== "object") return;
    if (data.kind === "tool_started") {
      entry("tool", "Calling ", h("code", {}, data.tool), h("span", { class: "args" }, `(${argsText(data.args)})`));
    } else if (data.kind === "tool_finished") {
      const bad = data.outcome !== "ok";
      entry(`tool-result${bad ? " bad" : ""}`, h("code", {}, data.tool), ` → ${data.outcome}`,
        data.duration_ms !== undefined ? ` in ${data.duration_ms} ms` : "",
        data.preview ? h("div", { class: "preview" }, data.preview) : null);
    } else if (data.kind === "token") {
      // The embedded model's raw decode: progress for the live status, its text comes on
      // the messages stream (see tokens.js).
    } else if (data.kind === "job_progress") {
      // One line per job, updated as it goes, not one per poll.
      const text = `Job ${data.job_id || ""}: ${data.status || "running"} ${Math.round((data.progress || 0) * 100)}%`;
      if (jobs.has(data.job_id)) jobs.get(data.job_id).textContent = text;
      else jobs.set(data.job_id, entry("custom job", text));
    } else {
      entry("custom", data.kind || "event", " ", argsText(Object.fromEntries(Object.entries(data).filter(([k]) => k !== "kind"))));
    }
  }

  // What a model writes: one entry per model call, its text growing as tokens come.
  const texts = new ModelTexts();
  const shown = new Map(); // a text of `texts` -> its entry's parts

  function modelText(record) {
    let m = shown.get(record);
    if (!m) {
      m = { who: h("code", {}, record.node), what: h("span", {}),
        pre: h("pre", { class: "tokens", "data-testid": "model-output", hidden: true }) };
      entry("token", h("div", {}, m.who, " (model) ", m.what), m.pre);
      shown.set(record, m);
    }
    m.pre.textContent = record.text;
    m.pre.hidden = !record.text;
    const asks = record.tools.size ? `asks for tools: ${[...record.tools].join(", ")}` : "";
    m.what.textContent = record.text ? `writes${asks ? ` and ${asks}` : ""}:` : asks;
    follow();
  }

  function add(item) {
    const data = item.data;
    switch (item.event) {
      case "metadata":
        entry("run", "Run started");
        break;
      case "updates":
        for (const [node, update] of Object.entries(data || {})) {
          if (node === "__interrupt__") {
            for (const i of update || []) entry("interrupt", "Paused for a decision: ", h("strong", {}, pauseTitle(i?.value)));
            continue;
          }
          entry("node", h("code", {}, node), " finished");
          if (update && typeof update === "object") step(update.current_step);
        }
        break;
      case "values":
        if (data && typeof data === "object") step(data.current_step);
        break;
      case "custom":
        custom(data);
        break;
      case "messages":
      case "messages/partial": {
        const record = texts.add(data);
        if (record) modelText(record);
        return record;
      }
      case "error":
        entry("error bad", "Error: ", (data && (data.message || data.error)) || "unknown error");
        break;
      case "end":
        entry("end", STREAM_END[data?.status] || `Run ended (${data?.status})`);
        state.textContent = data?.status === "error" ? "failed" : "ended";
        break;
      case "__closed__":
        if (!state.textContent || state.textContent === "running…") state.textContent = "";
        break;
      default:
        break;
    }
    return null;
  }

  return { el, add, stream: null };
}
