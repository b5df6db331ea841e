// The pending decision on a thread: what the agent asks (decisionview.js), and the approve /
// edit / reject / respond buttons and forms that answer it (decisionform.js).

import { get, post } from "./api.js";
import { clear, h, renderValue } from "./render.js";
import { KIND, PAST, answerValue, clearError, decisionBody, enc, refreshInboxCount, showError } from "./shell.js";
import { syncRuns } from "./activity.js";
import { decisionParts, requestOf, titleOf } from "./decisionview.js";
import { DECISIONS, buttonText, editTarget, openDecisionForm, outcomeWords } from "./decisionform.js";

const EYEBROW = {
  await_reply: "Waiting for a reply to pass on", clarify: "Waiting for your answer",
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the pending decision ----------------------------------------------------------------

export function renderDecision(ctx) {
  const pending = ctx.interrupt;
  dropStaleNotice(ctx, pending);
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
  const form = h("div", { class: "decision-form" });
  const allowed = DECISIONS.filter((type) => (pending.allowed || []).includes(type));
  const open = (type) => openDecisionForm(form, type, pending, {
    target: type === "edit" ? editTarget(pending, ctx.thread?.metadata?.graph_id, ctx.values) : null,
    send: (body) => decide(ctx, body),
  });
  const buttons = allowed.map((type) => h("button", {
    type: "button",
    class: type === "approve" ? "primary" : type === "reject" ? "danger-outline" : "",
    "data-testid": `decision-${type}`,
    onclick: () => (type === "approve" ? decide(ctx, { type }) : open(type)),
  }, buttonText(type, pending)));
  clear(ctx.el.decision, h("section", { class: "card decision", "data-testid": "decision", "data-interrupt-id": pending.id, "data-kind": pending.kind },
    h("p", { class: "eyebrow" }, EYEBROW[pending.kind] || `Waiting for your decision · ${KIND[pending.kind] || pending.kind}`),
    h("h2", { "data-testid": "decision-title" }, titleOf(pending)),
    decisionParts(pending, { request: shownInHead(ctx) ? "" : requestOf(ctx.values) }),
    h("div", { class: "actions decision-buttons" }, buttons),
    form));
}

/** Whether the page's head already quotes the request (then the card does not repeat it). */
function shownInHead(ctx) {
  return Boolean(ctx.el.head && ctx.el.head.querySelector("[data-testid=thread-request]"));
}

/** A "paused again" notice is stale once that pause was answered (here or elsewhere). */
function dropStaleNotice(ctx, pending) {
  const notice = ctx.el.notice.querySelector("[data-status=interrupted]");
  if (notice && (!pending || notice.dataset.next !== pending.id)) setNotice(ctx, null);
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
    h("h2", { "data-testid": "decision-title" }, titleOf(pending)),
    h("div", { class: "data", "data-testid": "decision-value" }, renderValue(pending.value)),
    h("details", { class: "summary" }, h("summary", {}, "As the graph sent it"),
      h("pre", { "data-testid": "decision-json" }, pending.summary)),
    form));
}

function setNotice(ctx, node) {
  clear(ctx.el.notice, node);
}

async function decide(ctx, body) {
  clearError();
  const buttons = [...ctx.el.decision.querySelectorAll("button")];
  for (const b of buttons) b.disabled = true;
  const title = titleOf(ctx.interrupt);
  setNotice(ctx, h("div", { class: "notice progress", "data-testid": "decision-progress", role: "status" },
    h("span", { class: "spinner", "aria-hidden": "true" }),
    ` ${PAST[body.type]}; the agent continues. What it does now shows below as it happens.`));
  ctx.deciding = true;
  followRuns(ctx);
  try {
    const result = await post(`/threads/${enc(ctx.threadId)}/decisions`, decisionBody(body, ctx.interrupt?.id));
    setNotice(ctx, h("div", {
      class: `notice ${result.status}`, "data-testid": "decision-result", "data-status": result.status,
      "data-next": result.interrupt?.id || null, role: "status",
    }, `${PAST[body.type]} “${title}”. `, outcomeWords(result)));
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
