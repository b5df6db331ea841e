// The buttons and forms that answer a pending decision, the same on the thread page and on
// an inbox card: approve at once; edit (the action's arguments, or a trip's preferences, as
// a typed form), reject with a reason, or respond with words, each in a small inline form.

import { clear, h } from "./render.js";
import { showError } from "./shell.js";
import { argsForm } from "./argsform.js";

export const DECISIONS = ["approve", "edit", "reject", "respond"];

// What a trip review's edit changes: the preferences, typed even when not set yet.
const TRIP_FIELDS = {
  origin: "text", destination: "text", depart: "date", return: "date",
  travelers: "integer", budget: "number",
};

/** The button that opens each decision, in words that fit the pause. */
export function buttonText(type, pending) {
  if (type === "approve") return "Approve";
  if (type === "edit") return "Edit…";
  if (type === "reject") return "Reject…";
  if (pending.kind === "await_reply") return waitsForCustomer(pending) ? "Enter the customer's reply…" : "Enter the reply…";
  if (pending.kind === "clarify") return "Answer…";
  return "Respond…";
}

function waitsForCustomer(pending) {
  const data = pending.data || {};
  return Boolean(data.customer_email || data.customer || /customer/i.test(pending.title || ""));
}

/** What the person types in a respond form: the customer's reply, an answer, or a note. */
export function replyLabel(pending) {
  if (pending.kind === "await_reply") {
    const from = (pending.data || {}).customer_email;
    return waitsForCustomer(pending)
      ? `The customer's reply${from ? ` (from ${from})` : ""}, as they wrote it`
      : "The reply the agent is waiting for";
  }
  if (pending.kind === "clarify") return "Your answer";
  return "Your reply to the agent (instead of approving)";
}

/** The fields an edit offers: the action's arguments (all sent), or a trip's preferences
 * (only the changed ones sent). `graphId` and `values` are the thread's. */
export function editTarget(pending, graphId, values) {
  if (pending.action) {
    return { values: pending.action.args || {}, kinds: {}, sendAll: true,
      hint: "The values the action will run with; change what should be different." };
  }
  if (graphId === "trip") {
    return { values: (values && values.preferences) || {}, kinds: TRIP_FIELDS, sendAll: false,
      hint: "Change what the next plan must follow; fields left as they are stay the same." };
  }
  return { values: {}, kinds: {}, sendAll: false, hint: "Nothing here takes values; say what should change in the note." };
}

let forms = 0; // each form's ids are its own, as an inbox shows several at once

/**
 * The inline form for `type` (edit, reject, respond). `target` is editTarget(...) for an
 * edit; `send(body)` gets the decision ({type, args?, message?}); `cancel()` closes it.
 * Returns {el, focus()}.
 */
export function decisionForm(type, pending, { target = null, send, cancel }) {
  const prefix = `d${++forms}-`;
  const messageId = `${prefix}decision-message`;
  const message = h("textarea", {
    rows: type === "respond" ? "4" : "3", id: messageId, "data-testid": "decision-message",
    placeholder: type === "respond" ? "" : "Say what should change (the agent reads this)",
  });
  const fields = type === "edit" ? argsForm(target.values, target.kinds, { idPrefix: prefix }) : null;
  const titles = { edit: "Edit and approve", reject: "Reject", respond: pending.kind === "await_reply" ? "The reply" : "Respond" };
  const submitText = { edit: "Send edit", reject: "Reject", respond: "Send reply" };
  const noun = type === "respond" ? replyLabel(pending)
    : type === "edit" ? "Note to the agent (optional)" : "Why? (optional; the agent reads it)";
  const form = h("form", {
    class: "inline-card decision-inline", novalidate: true, "data-testid": `decision-form-${type}`,
    onsubmit: (event) => {
      event.preventDefault();
      const body = { type };
      const text = message.value.trim();
      if (text) body.message = text;
      if (type === "respond" && !text) {
        showError(`${replyLabel(pending)}: type it first.`);
        message.focus();
        return;
      }
      if (fields) {
        let read;
        try {
          read = fields.read();
        } catch (error) {
          showError(error.message);
          return;
        }
        const keys = target.sendAll ? Object.keys(read.values) : read.changed;
        if (keys.length && (!target.sendAll || read.changed.length)) {
          body.args = Object.fromEntries(keys.map((k) => [k, read.values[k]]));
        }
        if (!body.args && !body.message) {
          showError("Change at least one field, or say in the note what should change.");
          return;
        }
      }
      send(body);
    },
  },
  h("h3", {}, titles[type]),
  fields ? [h("p", { class: "muted small" }, target.hint), fields.el] : null,
  h("label", { for: messageId, class: "block" }, noun),
  message,
  h("div", { class: "actions" },
    h("button", { type: "submit", class: type === "reject" ? "danger" : "primary", "data-testid": "decision-submit" }, submitText[type]),
    h("button", { type: "button", class: "link", onclick: cancel }, "Cancel")));
  const focus = () => {
    if (fields && Object.keys(target.values).length + Object.keys(target.kinds).length) fields.focus();
    else message.focus();
  };
  return { el: form, focus };
}

/** Open `type`'s form in `holder` (closing whatever form was there). */
export function openDecisionForm(holder, type, pending, options) {
  const { el, focus } = decisionForm(type, pending, { ...options, cancel: () => clear(holder) });
  clear(holder, el);
  focus();
}

/** What became of the thread after a decision, in words; never a stale "needs another". */
export function outcomeWords(result, where = "below") {
  if (result.status === "completed") return "The thread is completed.";
  if (result.status === "interrupted") return `It paused again: the next decision is ${where}.`;
  if (result.status === "failed") return `The run failed: ${result.error?.message || "unknown error"}`;
  return `Status: ${result.status}.`;
}
