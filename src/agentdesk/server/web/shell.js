// The page shell every page shares: the error banner, who decides, the inbox count in the
// header, what to undo when a page is left, and the words several pages use.

import { ApiError, get } from "./api.js";

const ACTOR_STORE = "agentdesk.actor";
export const PLACEHOLDERS = {
  trip: "Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD",
  banking: "How many customers joined in 2025?",
  simulation: "Load the one-compartment oral model, set the dose to 250 mg and simulate 48 hours",
};
export const PAST = { approve: "Approved", edit: "Edited", reject: "Rejected", respond: "Replied to" };
export const KIND = {
  approve_action: "approve an action", review_result: "review a result",
  await_reply: "reply", clarify: "clarify",
};

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
