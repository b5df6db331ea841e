// The pending decision on a thread: what the agent asks, and the approve / edit / reject /
// respond buttons and forms that answer it.

import { get, post } from "./api.js";
import { clear, h, renderItinerary, renderValue } from "./render.js";
import { KIND, PAST, answerValue, clearError, decisionBody, enc, outcomeText, refreshInboxCount, showError } from "./shell.js";
import { syncRuns } from "./activity.js";
import { argsForm } from "./argsform.js";

const DECISIONS = ["approve", "edit", "reject", "respond"];
const BUTTON = { approve: "Approve", edit: "Edit…", reject: "Reject…", respond: "Respond…" };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the pending decision ----------------------------------------------------------------

export function renderDecision(ctx) {
  const pending = ctx.interrupt;
  if (!pending) {
    ctx.decisionId = null;
    clear(ctx.el.decision);
    return;
  }
  if (ctx.decisionId === pending.id) return; // keep what the person may be typing
  ctx.decisionId = pending.id;
  if (pending.kind === "custom") {
    renderAnswer(ctx, pending);
    return;
  }
  const data = pending.data || {};
  const plan = data.itinerary ? renderItinerary(data) : null;
  const others = Object.fromEntries(Object.entries(data).filter(([k]) => !plan || !["itinerary", "cost_breakdown", "total_cost", "budget_status"].includes(k)));
  const args = pending.action?.args || {};
  const form = h("div", { class: "decision-form" });
  const allowed = DECISIONS.filter((type) => (pending.allowed || []).includes(type));
  const buttons = allowed.map((type) => h("button", {
    type: "button",
    class: type === "approve" ? "primary" : type === "reject" ? "danger-outline" : "",
    "data-testid": `decision-${type}`,
    onclick: () => (type === "approve" ? decide(ctx, { type }) : openForm(ctx, type, form)),
  }, BUTTON[type]));
  clear(ctx.el.decision, h("section", { class: "card decision", "data-testid": "decision", "data-interrupt-id": pending.id },
    h("p", { class: "eyebrow" }, `Waiting for your decision · ${KIND[pending.kind] || pending.kind}`),
    h("h2", { "data-testid": "decision-title" }, pending.title),
    pending.action ? h("div", { class: "action", "data-testid": "decision-action" },
      h("p", {}, "The agent wants to ", h("code", { "data-testid": "action-name" }, pending.action.name),
        Object.keys(args).length ? " with:" : " (no arguments)."),
      Object.keys(args).length ? renderValue(args) : null) : null,
    plan,
    Object.keys(others).length ? h("div", { class: "data" }, renderValue(others)) : null,
    h("details", { class: "summary", "data-testid": "decision-summary", open: !plan },
      h("summary", {}, plan ? "Summary as text" : "Summary"), h("pre", {}, pending.summary || "")),
    h("div", { class: "actions decision-buttons" }, buttons),
    form));
}

/** A graph of your own paused with its own payload: show it as it is; answer with any JSON. */
function renderAnswer(ctx, pending) {
  const answer = h("textarea", {
    rows: "3", id: "decision-answer", "data-testid": "decision-answer",
    placeholder: 'yes   or   {"approved": true, "note": "…"}',
  });
  const form = h("form", {
    class: "decision-form", novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      const text = answer.value.trim();
      if (!text) {
        showError("answer: type the value to resume the graph with.");
        return;
      }
      decide(ctx, { type: "resume", value: answerValue(text) });
    },
  },
  h("label", { for: "decision-answer", class: "block" }, "Your answer ",
    h("span", { class: "muted small" }, "(JSON; anything else is sent as text)")),
  answer,
  h("div", { class: "actions decision-buttons" },
    h("button", { type: "submit", class: "primary", "data-testid": "decision-resume" }, "Send answer")));
  clear(ctx.el.decision, h("section", { class: "card decision", "data-testid": "decision", "data-interrupt-id": pending.id, "data-kind": "custom" },
    h("p", { class: "eyebrow" }, `Waiting for your answer · ${KIND.custom}`),
    h("h2", { "data-testid": "decision-title" }, pending.title),
    h("div", { class: "data", "data-testid": "decision-value" }, renderValue(pending.value)),
    h("details", { class: "summary" }, h("summary", {}, "As the graph sent it"),
      h("pre", { "data-testid": "decision-json" }, pending.summary)),
    form));
}

// What a trip review's edit changes: the preferences, typed even when not set yet.
const TRIP_FIELDS = {
  origin: "text", destination: "text", depart: "date", return: "date",
  travelers: "integer", budget: "number",
};

/** The fields an edit offers: the action's arguments (all sent), or a trip's preferences
 * (only the changed ones sent). */
function editTarget(ctx) {
  const pending = ctx.interrupt;
  if (pending.action) {
    return { values: pending.action.args || {}, kinds: {}, sendAll: true,
      hint: `The arguments ${pending.action.name} will run with.` };
  }
  if (ctx.thread?.metadata?.graph_id === "trip") {
    return { values: ctx.values?.preferences || {}, kinds: TRIP_FIELDS, sendAll: false,
      hint: "Change what the next plan must follow; fields left as they are stay the same." };
  }
  return { values: {}, kinds: {}, sendAll: false, hint: "Nothing here takes arguments; say what should change in the note." };
}

function openForm(ctx, type, holder) {
  const message = h("textarea", {
    rows: "3", id: "decision-message", "data-testid": "decision-message",
    placeholder: type === "respond" ? "Your answer" : "Say what should change (the agent reads this)",
  });
  const target = type === "edit" ? editTarget(ctx) : null;
  const fields = target ? argsForm(target.values, target.kinds) : null;
  const titles = { edit: "Edit and send back", reject: "Reject", respond: "Respond" };
  const submitText = { edit: "Send edit", reject: "Reject", respond: "Send reply" };
  const form = h("form", {
    class: "inline-card", novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      const body = { type };
      const text = message.value.trim();
      if (text) body.message = text;
      if (fields) {
        let read;
        try {
          read = fields.read();
        } catch (error) {
          showError(error.message);
          return;
        }
        const keys = target.sendAll ? Object.keys(read.values) : read.changed;
        if (keys.length) body.args = Object.fromEntries(keys.map((k) => [k, read.values[k]]));
        if (!body.args && !body.message) {
          showError("Change at least one field, or say in the note what should change.");
          return;
        }
      }
      decide(ctx, body);
    },
  },
  h("h3", {}, titles[type]),
  fields ? [h("p", { class: "muted small" }, target.hint), fields.el] : null,
  h("label", { for: "decision-message", class: "block" },
    type === "respond" ? "Your reply" : type === "edit" ? "Note to the agent (optional)" : "Why? (optional; the agent reads it)"),
  message,
  h("div", { class: "actions" },
    h("button", { type: "submit", class: type === "reject" ? "danger" : "primary", "data-testid": "decision-submit" }, submitText[type]),
    h("button", { type: "button", class: "link", onclick: () => clear(holder) }, "Cancel")));
  clear(holder, form);
  if (fields && Object.keys(target.values).length + Object.keys(target.kinds).length) fields.focus();
  else message.focus();
}

function setNotice(ctx, node) {
  clear(ctx.el.notice, node);
}

async function decide(ctx, body) {
  clearError();
  const buttons = [...ctx.el.decision.querySelectorAll("button")];
  for (const b of buttons) b.disabled = true;
  setNotice(ctx, h("div", { class: "notice progress", "data-testid": "decision-progress", role: "status" },
    h("span", { class: "spinner", "aria-hidden": "true" }),
    ` ${PAST[body.type]}; the agent continues. What it does now shows below as it happens.`));
  ctx.deciding = true;
  followRuns(ctx);
  try {
    const result = await post(`/threads/${enc(ctx.threadId)}/decisions`, decisionBody(body, ctx.interrupt?.id));
    setNotice(ctx, h("div", { class: `notice ${result.status}`, "data-testid": "decision-result", "data-status": result.status },
      `${PAST[body.type]} the ${ctx.interrupt?.kind === "review_result" ? "plan" : "request"}. `, outcomeText(result)));
    ctx.decisionId = undefined; // whatever is pending now is a new question
  } catch (error) {
    setNotice(ctx, null);
    showError(error);
    for (const b of buttons) b.disabled = false;
    if (error.status === 409) ctx.decisionId = undefined; // decided elsewhere: show what is there now
  } finally {
    ctx.deciding = false;
  }
  refreshInboxCount();
  await ctx.refresh();
}

/** While a decision is being answered, pick up the run it started to show its progress. */
async function followRuns(ctx) {
  while (ctx.deciding && ctx.alive()) {
    await sleep(300);
    if (!ctx.deciding || !ctx.alive()) return;
    try {
      const runs = await get(`/threads/${enc(ctx.threadId)}/runs`);
      if (!ctx.deciding || !ctx.alive()) return;
      syncRuns(ctx, runs);
      if (runs.some((r) => r.status === "running")) return;
    } catch {
      return;
    }
  }
}
