// What a pending decision shows a person, on the thread page (decision.js) and on an inbox
// card (inbox.js) alike: the request that started the thread, what approving changes (old
// → new, with units), the action's arguments as labelled values, why the agent wants it,
// an email it would send, and the summary with its line breaks. A tool's raw name is never
// a title or a sentence: the payload's title says what the action does.

import { contentText, h, label, renderItinerary, renderValue } from "./render.js";

const PLAN_KEYS = ["itinerary", "cost_breakdown", "total_cost", "budget_status"];
const HIDDEN_KEYS = ["call_id", "message_id"]; // bookkeeping that means nothing to a person
const WHY_KEYS = ["justification", "reasoning"];
const LONG_REQUEST = 320; // characters shown before "Show all"
const BIG_DATA = 900; // characters of JSON past which extra detail starts folded

/** The words that started a thread: its question, or its first message from a person. */
export function requestOf(values) {
  const v = values || {};
  if (typeof v.user_query === "string" && v.user_query.trim()) return v.user_query.trim();
  const first = (v.messages || []).find((m) => m && (m.type === "human" || m.role === "user"));
  const text = first ? contentText(first.content).trim() : "";
  if (text) return v.subject ? `${v.subject}\n\n${text}` : text;
  return typeof v.messages === "string" ? v.messages.trim() : "";
}

/** The title a person reads first; the payload's own, never the action's name. */
export function titleOf(pending) {
  return (pending && pending.title) || "A decision is needed";
}

/** The summary without a trailing "Approve? (yes/no)": the buttons ask that. */
export function summaryText(pending) {
  const lines = String(pending.summary || "").split("\n");
  while (lines.length && /^\s*(approve\?.*|\(?yes\s*\/\s*no\)?\??)\s*$/i.test(lines[lines.length - 1])) lines.pop();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return lines.join("\n");
}

/** A value as a person reads it: numbers without float noise, lists joined, yes/no. */
export function shown(value) {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "number") {
    // 0.30000000000000004 reads as 0.3; a whole number is never rounded.
    return Number.isFinite(value) && !Number.isInteger(value) ? String(Number(value.toPrecision(6))) : String(value);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map(shown).join(", ") : "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${label(k)}: ${shown(v)}`).join("; ");
  return String(value);
}

function withUnit(value, unit) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "none");
  return unit ? `${shown(value)} ${unit}` : shown(value);
}

/** What approving changes: "Dose (dose): 100 mg → 200 mg", one line per value. */
export function renderChanges(changes) {
  if (!changes || !changes.length) return null;
  return h("ul", { class: "changes", "data-testid": "decision-changes", "aria-label": "What changes" },
    changes.map((c) => h("li", { class: "change", "data-testid": "decision-change" },
      h("span", { class: "change-label" }, `${c.label}: `),
      h("span", { class: "old", "data-testid": "change-old" }, withUnit(c.old, c.unit)),
      h("span", { class: "arrow" }, " → "),
      h("strong", { class: "new", "data-testid": "change-new" }, withUnit(c.new, c.unit)))));
}

function argValue(value) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return renderValue(value);
  if (Array.isArray(value) && value.some((v) => v !== null && typeof v === "object")) return renderValue(value);
  return shown(value);
}

/** The action's arguments, each a label and its value (never a collapsed JSON blob);
 * `skip` names those shown elsewhere on the card. */
export function renderArgs(action, skip = new Set()) {
  const entries = Object.entries((action && action.args) || {}).filter(([k]) => !skip.has(k));
  if (!entries.length) return null; // no values, or all shown already (the email, the summary)
  return h("div", { class: "action", "data-testid": "decision-action" },
    h("p", { class: "action-head" }, "With these values"),
    h("dl", { class: "kv args-list", "data-testid": "decision-args" },
      entries.map(([k, v]) => [h("dt", {}, label(k)), h("dd", { "data-arg": k }, argValue(v))])));
}

/** The request that started the thread, folded when long. */
export function renderRequest(text, testid = "decision-request") {
  if (!text) return null;
  const long = text.length > LONG_REQUEST;
  const body = h("span", { class: "request-text" }, long ? `${text.slice(0, LONG_REQUEST).trimEnd()}…` : text);
  const more = long ? h("button", {
    type: "button", class: "link", "aria-expanded": "false",
    onclick: () => { body.textContent = text; more.remove(); },
  }, "Show all") : null;
  return h("div", { class: "request", "data-testid": testid },
    h("span", { class: "request-label" }, "Request: "), body, more);
}

function emailPreview(email) {
  if (!email || typeof email !== "object") return null;
  return h("section", { class: "email-preview", "data-testid": "decision-email" },
    h("dl", { class: "kv" },
      email.to ? [h("dt", {}, "To"), h("dd", {}, email.to)] : null,
      email.subject ? [h("dt", {}, "Subject"), h("dd", {}, email.subject)] : null),
    h("div", { class: "email-body prewrap" }, email.body || ""));
}

/**
 * Whether the summary is prose for a person (shown as it is) or a machine template that
 * repeats the arguments under the tool's name, as "Tool: set_parameter_value ..." does
 * (folded, since the arguments and changes above say it in words). A trip's plan is drawn,
 * so its text is folded too.
 */
function summaryIsProse(pending, text) {
  if (!text || (pending.data || {}).itinerary) return false;
  const name = pending.action?.name;
  return !(name && text.includes(name));
}

/**
 * The parts of a decision under its title, in the order a person reads them: the request,
 * the summary when it is prose, what changes, the action's values (those the summary or
 * the email already show are not repeated), why, the email it would send, the plan, other
 * detail, and a folded summary when it is a template.
 * `request`: the thread's first words; `plan`: draw a trip's itinerary (the thread page)
 * rather than leave it to the summary (the inbox).
 */
export function decisionParts(pending, { request = "", plan = true, summaryTestid = "decision-summary" } = {}) {
  const data = pending.data || {};
  const hasPlan = Boolean(data.itinerary);
  const args = pending.action?.args || {};
  let email = data.email && typeof data.email === "object" ? data.email : null;
  // An email's text is shown once, as the email: from the data, or the action's message.
  if (email && !email.body && typeof args.message === "string") email = { ...email, body: args.message };
  const text = summaryText(pending);
  const prose = summaryIsProse(pending, text);
  const said = (v) => typeof v === "string" && v.trim().length > 40
    && ((email && v.trim() === String(email.body || "").trim()) || (prose && text.includes(v.trim())));
  const skip = new Set(Object.entries(args).filter(([, v]) => said(v)).map(([k]) => k));
  const why = WHY_KEYS.map((k) => data[k]).find((v) => typeof v === "string" && v.trim());
  const others = Object.fromEntries(Object.entries(data).filter(([k, v]) => v !== null && v !== undefined
    && !HIDDEN_KEYS.includes(k) && !WHY_KEYS.includes(k) && k !== "email" && !(hasPlan && PLAN_KEYS.includes(k))));
  const big = JSON.stringify(others).length > BIG_DATA;
  return [
    renderRequest(request),
    prose ? h("div", { class: "summary-text prewrap asked", "data-testid": summaryTestid }, text) : null,
    renderChanges(pending.changes || []),
    renderArgs(pending.action, skip),
    why ? h("p", { class: "why prewrap", "data-testid": "decision-why" }, h("strong", {}, "Why: "), why.trim()) : null,
    email ? emailPreview(email) : null,
    hasPlan && plan ? renderItinerary(data) : null,
    Object.keys(others).length
      ? (big ? h("details", { class: "summary data" }, h("summary", {}, "More detail"), renderValue(others))
        : h("div", { class: "data" }, renderValue(others)))
      : null,
    text && !prose
      ? h("details", { class: "summary", "data-testid": summaryTestid },
        h("summary", {}, hasPlan ? "The plan as text" : "Full text"),
        h("div", { class: "summary-text prewrap" }, text))
      : null,
  ];
}
