// The page shell every page shares: the error banner, who decides, the inbox count in the
// header, what to undo when a page is left, and the words several pages use.

import { ApiError, get } from "./api.js";

const ACTOR_STORE = "agentdesk.actor";
export const PLACEHOLDERS = {
  trip: "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD",
  banking: "How many customers joined in 2025?",
  simulation: "Load the one-compartment oral model, set the dose to 250 mg and simulate 48 hours",
};
export const PAST = { approve: "Approved", edit: "Edited", reject: "Rejected", respond: "Replied to", resume: "Answered" };
export const KIND = {
  approve_action: "approve an action", review_result: "review a result",
  await_reply: "reply", clarify: "clarify", custom: "answer the graph",
};

/** A pending interrupt as the page shows it: ours as it is; a graph's own payload (a graph
 * from langgraph.json) kept whole in `value`, answered with any JSON (a `resume` decision). */
export function pendingOf(interrupts) {
  const all = interrupts || [];
  const ours = all.map((i) => i.value).find((v) => v && typeof v === "object" && v.kind && v.allowed);
  if (ours) return ours;
  if (!all.length) return null;
  const { id, value } = all[0];
  const asks = value && typeof value === "object" ? value.question || value.title : null;
  return {
    id, kind: "custom", value, allowed: ["resume"], data: {},
    title: typeof asks === "string" ? asks : "The graph asks",
    summary: typeof value === "string" ? value : JSON.stringify(value, null, 2),
  };
}

/** What a person typed as an answer: JSON when it reads as JSON, else the text itself. */
export function answerValue(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const errorBox = document.getElementById("error");
const errorText = document.getElementById("error-text");
const actorInput = document.getElementById("actor");
const inboxCount = document.getElementById("inbox-count");

export const enc = encodeURIComponent;

// -- errors -----------------------------------------------------------------------

export function showError(error) {
  const message = error instanceof ApiError ? error.detail : (error && error.message) || String(error);
  errorText.textContent = message;
  errorBox.hidden = false;
  errorBox.scrollIntoView({ block: "nearest" });
}

export function clearError() {
  errorBox.hidden = true;
  errorText.textContent = "";
}

document.getElementById("error-close").addEventListener("click", clearError);

// -- who decides ----------------------------------------------------------------------

actorInput.value = localStorage.getItem(ACTOR_STORE) || "";
actorInput.addEventListener("input", () => {
  const name = actorInput.value.trim();
  if (name) localStorage.setItem(ACTOR_STORE, name);
  else localStorage.removeItem(ACTOR_STORE);
});

export function decisionBody(body, interruptId) {
  const out = { ...body };
  if (interruptId) out.interrupt_id = interruptId;
  const name = actorInput.value.trim();
  if (name) out.actor = name;
  return out;
}

// -- the inbox count in the header ---------------------------------------------------

export function setInboxCount(n) {
  inboxCount.textContent = String(n);
  inboxCount.hidden = !n;
}

export async function refreshInboxCount() {
  try {
    setInboxCount((await get("/interrupts?status=pending")).length);
  } catch {
    /* shown by the page that needs it */
  }
}

setInterval(() => { if (!document.hidden) refreshInboxCount(); }, 15_000);

// -- leaving a page ------------------------------------------------------------------------

let cleanups = [];

export function onLeave(fn) {
  cleanups.push(fn);
}

/** Undo what the page being left set up (timers, stream subscriptions). */
export function leavePage() {
  for (const fn of cleanups.splice(0)) {
    try { fn(); } catch (error) { console.error(error); }
  }
}

/** What became of a thread after a decision, in words. */
export function outcomeText(result) {
  if (result.status === "completed") return "The thread is completed.";
  if (result.status === "interrupted") return "The agent needs another decision.";
  if (result.status === "failed") return `The run failed: ${result.error?.message || "unknown error"}`;
  return `Status: ${result.status}.`;
}
