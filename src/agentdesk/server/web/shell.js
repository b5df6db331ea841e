// The page shell every page shares: the error banner, who you are, the inbox count in the
// header, what to undo when a page is left, and the words several pages use.

import { ApiError, get } from "./api.js";
import { plainError } from "./problems.js";

const ACTOR_STORE = "agentdesk.actor";
export const PLACEHOLDERS = {
  trip: "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD",
  banking: "How many customers joined in 2025?",
  simulation: "Load the one-compartment oral model, set the dose to 250 mg and simulate 48 hours",
  insurance: "Hi, I'd like a quote for my car. I'm Ann Lee, born 03/14/1985, I live in Columbus, OH 43215. "
    + "The car is a 2003 Honda Accord, VIN 1HGCM82633A004352.",
  assistant: "What is 15% of 2,400? Or: how do I approve a decision from the command line?",
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
const errorDetail = document.getElementById("error-detail");
const errorDetailText = document.getElementById("error-detail-text");
const actorInput = document.getElementById("actor");
const inboxCount = document.getElementById("inbox-count");

export const enc = encodeURIComponent;

// -- errors -----------------------------------------------------------------------

/**
 * Show what went wrong. A refused request reads in plain words (problems.js), with the API's
 * own wording folded away under "Details" for whoever reports it; text is shown as it is.
 * `words` replaces the plain sentence (a form that knows its labels says it better).
 */
export function showError(error, words = null) {
  const api = error instanceof ApiError;
  const message = words || (api ? plainError(error) : (error && error.message) || String(error));
  errorText.textContent = message;
  const detail = api && error.detail && error.detail !== message ? error.detail : "";
  errorDetailText.textContent = detail;
  errorDetail.hidden = !detail;
  errorDetail.open = false;
  errorBox.hidden = false;
  errorBox.scrollIntoView({ block: "nearest" });
}

export function clearError() {
  errorBox.hidden = true;
  errorText.textContent = "";
  errorDetailText.textContent = "";
  errorDetail.hidden = true;
}

document.getElementById("error-close").addEventListener("click", clearError);

// -- who you are ----------------------------------------------------------------------
//
// One name, typed once in the header and kept in this browser: every request carries it
// (api.js sends it as the actor of runs and decisions) and agents that remember people
// (an input field `user_id`) use it as the user, through userIdOf.

const identityListeners = new Set();

/** The name typed in "Who are you?", or "" when none is. */
export function identity() {
  return (localStorage.getItem(ACTOR_STORE) || "").trim();
}

/** Call fn(name) whenever the name changes; returns the unsubscribe function. */
export function onIdentity(fn) {
  identityListeners.add(fn);
  return () => identityListeners.delete(fn);
}

/** Set the name (from the header or a page that asks for it), keep it, tell listeners. */
export function setIdentity(name) {
  const clean = String(name || "").trim().slice(0, 200);
  if (clean) localStorage.setItem(ACTOR_STORE, clean);
  else localStorage.removeItem(ACTOR_STORE);
  if (actorInput.value.trim() !== clean) actorInput.value = clean;
  actorInput.closest(".who")?.classList.toggle("unnamed", !clean);
  for (const fn of [...identityListeners]) {
    try { fn(clean); } catch (error) { console.error(error); }
  }
}

/**
 * A name as a user id an agent accepts (letters, digits and @ . _ : -): "Ana Lima" -> "ana-lima",
 * "José" -> "jose", an email address as it is (lower case). "" when nothing is left.
 */
export function userIdOf(name) {
  return String(name || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9@._:-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "").slice(0, 120);
}

actorInput.value = identity();
actorInput.closest(".who")?.classList.toggle("unnamed", !identity());
actorInput.addEventListener("input", () => setIdentity(actorInput.value));
// Another tab changed it: follow.
window.addEventListener("storage", (event) => {
  if (event.key === ACTOR_STORE) setIdentity(event.newValue || "");
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
