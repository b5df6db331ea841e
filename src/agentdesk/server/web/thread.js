// A thread (#/threads/<id>): its status, the pending decision (decision.js), the plan or
// the banking answer, the live activity log (activity.js) and the timeline.

import { get, startRun } from "./api.js";
import { argsText, clear, contentText, h, renderItinerary, runStartedAt, statusBadge, threadTitle, timeEl } from "./render.js";
import { fromThreadValues, isBankingState, renderAnswer } from "./answer.js";
import { clearError, enc, onLeave, pendingOf, showError } from "./shell.js";
import { renderDecision } from "./decision.js";
import { syncRuns } from "./activity.js";
import { renderMail, talksByMail } from "./mail.js";
import { resultView } from "./results.js";

const STREAM_MODES = ["updates", "values", "custom", "messages-tuple"];

const BANK_STEPS = {
  starting: "starting", intent: "reading the question", sql: "writing SQL",
  validated: "SQL checked; running it", sql_refused: "the SQL was refused; trying again",
  executed: "rows fetched; summarising", execution_failed: "the query failed; trying again",
  answered: "answered",
};
const VERB = { approve: "approved", edit: "edited", reject: "rejected", respond: "replied" };
const RUN_END = {
  interrupted: "waiting for a decision", completed: "completed", failed: "failed",
  cancelled: "cancelled",
};

// -- a thread: status, the pending decision, the plan, the live log, the timeline ----------

export async function threadPage(page, alive, threadId) {
  document.title = "Thread · agentdesk";
  const ctx = {
    threadId, alive, thread: null, values: {}, interrupt: null, decisionId: undefined,
    // for decision.js and activity.js: fetch the thread again; show a run's live values
    refresh: () => refreshThread(ctx), onLiveValues: (values) => onLiveValues(ctx, values),
    onActivity: (run, text) => showActivity(ctx, run, text),
    onModelText: (run, text, following) => ctx.result?.stream(run, text, following),
    result: undefined, // the agent's result view (results.js), made once the agent is known
    sections: new Map(), refreshing: null, again: false, deciding: false, live: new Map(),
    next: [], runs: [],
    el: {
      head: h("section", { class: "thread-head" }, h("p", { class: "muted" }, "Loading…")),
      live: h("div", { class: "notice progress live", "data-testid": "live-activity", role: "status", hidden: true }),
      resume: h("div"),
      notice: h("div", { class: "notices" }),
      decision: h("div"),
      plan: h("div"),
      mail: h("div"),
      log: h("div", { class: "log", "data-testid": "activity-log" }),
      timeline: h("ol", { class: "timeline", "data-testid": "timeline-list" }),
      step: null,
    },
  };
  const tick = setInterval(() => renderLive(ctx), 1000);
  onLeave(() => clearInterval(tick));
  page.append(ctx.el.head, ctx.el.notice, ctx.el.live, ctx.el.resume, ctx.el.decision, ctx.el.plan,
    ctx.el.mail, h("div", { class: "columns" },
      h("section", { class: "card" }, h("h2", {}, "Activity"),
        h("p", { class: "muted small" }, "What the agent does, live while it runs: steps, tool calls and what the model writes."),
        ctx.el.log),
      h("section", { class: "card", "data-testid": "timeline" }, h("h2", {}, "Timeline"),
        h("p", { class: "muted small" }, "Who did what, and when: runs, tool calls and decisions."),
        ctx.el.timeline)));
  await refreshThread(ctx);
}

function refreshThread(ctx) {
  if (ctx.refreshing) {
    ctx.again = true;
    return ctx.refreshing;
  }
  ctx.refreshing = (async () => {
    try {
      do {
        ctx.again = false;
        await loadThread(ctx);
      } while (ctx.again && ctx.alive());
    } finally {
      ctx.refreshing = null;
    }
  })();
  return ctx.refreshing;
}

async function loadThread(ctx) {
  const base = `/threads/${enc(ctx.threadId)}`;
  let thread, state, audit, runs;
  try {
    [thread, state, audit, runs] = await Promise.all([
      get(base), get(`${base}/state`), get(`${base}/audit`), get(`${base}/runs`)]);
  } catch (error) {
    if (!ctx.alive()) return;
    if (error.status === 404 && !ctx.thread) {
      clear(ctx.el.head, h("h1", {}, "Thread not found"), h("p", {}, h("a", { href: "#/" }, "Back to home")));
    }
    showError(error);
    return;
  }
  if (!ctx.alive()) return;
  ctx.thread = thread;
  ctx.values = state.values || {};
  ctx.next = state.next || [];
  ctx.runs = runs;
  ctx.interrupt = pendingOf(state.interrupts);
  if (ctx.result === undefined) {
    ctx.result = resultView(thread.metadata?.graph_id);
    if (ctx.result) clear(ctx.el.plan, ctx.result.el);
  }
  renderHead(ctx);
  renderDecision(ctx);
  renderPlan(ctx);
  if (talksByMail(thread) && !ctx.result) renderMail(ctx.el.mail, ctx.threadId, ctx.values);
  renderTimeline(ctx, audit, runs);
  syncRuns(ctx, runs);
  renderResume(ctx);
  const following = [...ctx.sections.values()].some((s) => !s.stream.closed);
  if (thread.status === "busy" && !following) {
    setTimeout(() => { if (ctx.alive()) refreshThread(ctx); }, 1500);
  }
}

// -- what the agent is doing now, while a run is live ----------------------------------------

function showActivity(ctx, run, text) {
  const first = text !== null && !ctx.live.has(run.run_id);
  if (text === null) ctx.live.delete(run.run_id);
  else ctx.live.set(run.run_id, { text, since: ctx.live.get(run.run_id)?.since ?? runStartedAt(run) });
  renderLive(ctx);
  if (text !== null) renderResume(ctx);
  // A run this page did not see start (a decision's, a resume's): show the thread as running.
  if (first && ctx.thread && ctx.thread.status !== "busy") ctx.refresh();
}

function renderLive(ctx) {
  const now = [...ctx.live.values()].pop();
  if (!now) {
    ctx.el.live.hidden = true;
    clear(ctx.el.live);
    return;
  }
  const seconds = Math.round((Date.now() - now.since) / 1000);
  ctx.el.live.hidden = false;
  clear(ctx.el.live, h("span", { class: "spinner", "aria-hidden": "true" }), " Working: ",
    h("span", { "data-testid": "live-activity-text" }, now.text),
    h("span", { class: "muted small" }, ` · ${seconds} s`));
}

// -- a run that was cut off: offer to continue it --------------------------------------------

/** Failed with steps still to run, or busy with no run alive: Resume continues it. */
function cutOff(ctx) {
  const t = ctx.thread;
  if (!t || ctx.deciding || ctx.live.size) return null;
  const running = (ctx.runs || []).some((r) => r.status === "running" || r.status === "pending");
  if (t.status === "error" && ctx.next.length) {
    return `The last run failed before it finished (next step: ${ctx.next.join(", ")}).`;
  }
  if (t.status === "busy" && !running) return "The last run was cut off before it finished.";
  return null;
}

function renderResume(ctx) {
  const why = cutOff(ctx);
  if (!why) {
    clear(ctx.el.resume);
    return;
  }
  const button = h("button", { type: "button", class: "primary", "data-testid": "thread-resume",
    onclick: () => resumeRun(ctx, button) }, "Resume");
  clear(ctx.el.resume, h("div", { class: "notice failed resume", "data-testid": "resume-offer" },
    h("p", {}, why, " Resume continues it from its last finished step."), button));
}

async function resumeRun(ctx, button) {
  clearError();
  button.disabled = true;
  try {
    await startRun(ctx.threadId, { assistant_id: ctx.thread?.metadata?.graph_id, stream_mode: STREAM_MODES });
  } catch (error) {
    button.disabled = false;
    showError(error);
    return;
  }
  clear(ctx.el.resume);
  await ctx.refresh();
}

function firstRequest(values) {
  if (typeof values.user_query === "string") return values.user_query.trim();
  const first = (values.messages || []).find((m) => m && m.type === "human");
  return first ? contentText(first.content).trim() : "";
}

function renderHead(ctx) {
  const t = ctx.thread;
  const v = ctx.values;
  document.title = `${threadTitle(t)} · agentdesk`;
  ctx.el.step = h("strong", { "data-testid": "current-step" }, v.current_step || "—");
  const request = firstRequest(v);
  clear(ctx.el.head,
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Home"), " / ", h("a", { href: "#/inbox" }, "Inbox")),
    h("h1", { "data-testid": "thread-title" }, threadTitle(t)),
    h("div", { class: "meta" },
      statusBadge(t, "thread-status"),
      h("span", {}, "agent ", h("strong", {}, t.metadata?.graph_id || "—")),
      h("span", {}, "step ", ctx.el.step),
      h("span", {}, "updated ", timeEl(t.updated_at))),
    // A chat shows the request as its first bubble; other pages show it here.
    request && !ctx.result?.showsRequest ? h("blockquote", { "data-testid": "thread-request" }, request) : null,
    v.error ? h("p", { class: "bad" }, v.error) : null,
    h("p", { class: "muted small" }, `thread ${t.thread_id}`));
}

function renderPlan(ctx) {
  const v = ctx.values;
  if (ctx.result) {
    ctx.result.update(ctx);
    return;
  }
  if (isBankingState(v, ctx.thread?.metadata?.graph_id)) {
    renderBankingAnswer(ctx);
    return;
  }
  if ((ctx.interrupt && ctx.interrupt.data && ctx.interrupt.data.itinerary) || !v.current_itinerary) {
    clear(ctx.el.plan);
    return;
  }
  const running = ctx.thread && ctx.thread.status === "busy";
  const eyebrow = v.is_approved ? "Approved plan" : running ? "Latest draft (the agent is still working)" : "Latest plan";
  clear(ctx.el.plan, h("section", { class: "card" },
    h("p", { class: `eyebrow${v.is_approved ? " good" : ""}`, "data-testid": "plan-state" }, eyebrow),
    renderItinerary({
      itinerary: v.current_itinerary, cost_breakdown: v.cost_breakdown,
      total_cost: v.total_cost, budget_status: v.budget_status,
    })));
}

/** A banking thread: its answer (summary, chart, SQL, rows), its failure, or how far it got. */
function renderBankingAnswer(ctx) {
  const v = ctx.values || {};
  const running = ctx.thread?.status === "busy";
  if (!Object.keys(v).length) {
    clear(ctx.el.plan);
    return;
  }
  const answer = fromThreadValues(v);
  if (running && !answer.summary) {
    const step = BANK_STEPS[v.current_step] || v.current_step || "working";
    clear(ctx.el.plan, h("section", { class: "card" },
      h("div", { class: "notice progress", "data-testid": "ask-progress", role: "status" },
        h("span", { class: "spinner", "aria-hidden": "true" }), ` Working: ${step}…`,
        v.retry_count ? h("div", { class: "small muted" }, `failed attempts so far: ${v.retry_count}${v.error_message ? ` (last: ${v.error_message})` : ""}`) : null)));
    return;
  }
  clear(ctx.el.plan, renderAnswer(answer, { showQuestion: false, threadLink: false }));
}

function onLiveValues(ctx, values) {
  ctx.values = values;
  if (ctx.el.step) ctx.el.step.textContent = values.current_step || "—";
  if (!ctx.interrupt) renderPlan(ctx);
}

// -- the timeline (audit log) -----------------------------------------------------------

function renderTimeline(ctx, audit, runs) {
  if (!audit.length) {
    clear(ctx.el.timeline, h("li", { class: "muted" }, "Nothing yet."));
    return;
  }
  // What each run cost (the API's run objects carry agentdesk's "usage"), and the thread's total.
  const usage = new Map((runs || []).filter((r) => r.usage).map((r) => [r.run_id, r.usage]));
  const sum = { tokens_in: 0, tokens_out: 0, model_seconds: 0, tool_seconds: 0, wall_seconds: 0, attempts: 0 };
  for (const u of usage.values()) for (const k of Object.keys(sum)) sum[k] += u[k] || 0;
  const total = usage.size
    ? h("li", { class: "tl usage-total muted small", "data-testid": "timeline-usage-total" },
      `This thread so far: ${usageText(sum)}`)
    : null;
  clear(ctx.el.timeline, [total, ...audit.map((e) => timelineItem(e, usage))]);
}

function seconds(value) {
  return `${(value || 0).toFixed(value >= 10 ? 0 : 1)} s`;
}

function usageText(u) {
  return [`${u.tokens_in} tokens in, ${u.tokens_out} out`, `model ${seconds(u.model_seconds)}`,
    `tools ${seconds(u.tool_seconds)}`, `${seconds(u.wall_seconds)} in all`,
    u.attempts > 1 ? `${u.attempts} attempts` : null].filter(Boolean).join(" · ");
}

function timelineItem(e, usage) {
  const d = e.data || {};
  const name = h("strong", { class: "actor", "data-testid": "timeline-actor" }, e.actor || "system");
  // With API keys the actor is the key's name; the name the person typed stays beside it.
  const who = d.display_name && d.display_name !== e.actor
    ? [name, h("span", { class: "muted small", "data-testid": "timeline-display-name" }, ` (as ${d.display_name})`)]
    : name;
  let body;
  switch (e.event) {
    case "run_started":
      body = [who, d.kind === "decide" ? " continued the run with a decision" : d.kind === "resume" ? " resumed a cut-off run" : " started a run",
        d.model ? h("span", { class: "muted small" }, ` · model ${d.model}`) : null];
      break;
    case "tool_call":
      body = ["Tool ", h("code", {}, d.tool), h("span", { class: "args" }, `(${argsText(d.args)})`),
        h("span", { class: d.outcome === "ok" ? "" : "bad" }, ` → ${d.outcome}`),
        d.duration_ms !== undefined ? `, ${d.duration_ms} ms` : "",
        d.attempts > 1 ? `, ${d.attempts} attempts` : "",
        d.error ? h("div", { class: "preview bad" }, d.error) : null];
      break;
    case "decision":
      body = [who, " ", h("strong", { class: `verb verb-${d.type}`, "data-testid": "timeline-verb" }, VERB[d.type] || d.type),
        d.message ? [": ", h("q", {}, d.message)] : "",
        d.args && Object.keys(d.args).length ? h("div", { class: "args" }, `changes: ${argsText(d.args)}`) : null];
      break;
    case "run_finished":
      body = ["Run ended: ", h("strong", {}, RUN_END[d.status] || d.status || "?"),
        usage && usage.has(e.run_id)
          ? h("span", { class: "muted small", "data-testid": "timeline-usage" }, ` · ${usageText(usage.get(e.run_id))}`)
          : null,
        d.error ? h("div", { class: "bad" }, d.error) : null];
      break;
    default:
      body = [e.event, e.actor ? [" by ", who] : "", " ", argsText(d)];
  }
  return h("li", { class: `tl ${e.event}`, "data-event": e.event, "data-testid": e.event === "decision" ? "timeline-decision" : null },
    timeEl(e.created_at), h("div", { class: "tl-body" }, body));
}
