// A thread that talks over email, as its conversation: every message in (with what the
// channel did with it) and out (with its headers), oldest first. thread.js shows it.

import { get } from "./api.js";
import { clear, h, timeEl } from "./render.js";
import { enc } from "./shell.js";

const DISPOSITION = {
  new_thread: "started the thread", reply: "customer reply", agency_decision: "agency decision",
  ignored: "ignored", duplicate: "duplicate", held: "held for the agency",
};
const KIND = { question: "question to the customer", quote: "quote", review: "review request to the agency", notice: "notice" };

/** Whether a thread's mail is worth asking for (started by email, or the mail agent's). */
export function talksByMail(thread) {
  const meta = (thread && thread.metadata) || {};
  return meta.channel === "email" || meta.graph_id === "insurance";
}

const LABELS = {
  first_name: "First name", last_name: "Last name", email: "Email", phone: "Phone",
  birth_date: "Date of birth", license_date: "Licensed since", license_state: "Licence state",
  marital_status: "Marital status", zip_code: "ZIP", city: "City", state: "State", county: "County",
  use: "Vehicle use",
};

/** What the agent collected about the customer, and the quote, from the thread's values. */
function facts(values) {
  const info = (values && values.customer_info) || {};
  const rows = Object.entries(LABELS).filter(([k]) => info[k] !== undefined && info[k] !== null && info[k] !== "")
    .map(([k, label]) => [label, String(info[k])]);
  for (const v of info.vehicles || []) {
    rows.push(["Vehicle", [v.year, v.make, v.model].filter(Boolean).join(" ") + (v.vin ? ` (VIN ${v.vin})` : "")]);
  }
  for (const [field, why] of Object.entries(info.problems || {})) rows.push([`To ask again: ${field}`, String(why)]);
  const premium = values && values.quote && values.quote.premium;
  const parts = [];
  if (rows.length) {
    parts.push(h("h3", {}, "Customer data collected"),
      h("dl", { class: "mail-facts", "data-testid": "mail-customer" },
        ...rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
  }
  if (premium && premium.total !== undefined) {
    const lines = Object.entries(premium.by_coverage || {}).map(([code, amount]) => `${code}: $${amount}`);
    parts.push(h("h3", {}, "Quote"), h("p", { "data-testid": "mail-quote" },
      h("strong", {}, `$${premium.total} for ${(values.quote.term && values.quote.term.months) || 6} months`),
      lines.length ? ` (${lines.join(", ")})` : ""));
  }
  return parts;
}

export async function renderMail(el, threadId, values = {}) {
  let body;
  try {
    body = await get(`/threads/${enc(threadId)}/mail`);
  } catch {
    clear(el);
    return;
  }
  if (!body.messages.length) {
    clear(el);
    return;
  }
  const address = body.address;
  clear(el, h("section", { class: "card", "data-testid": "mail" },
    h("h2", {}, "Email conversation"),
    address ? h("p", { class: "muted small" },
      `${address.customer_name ? `${address.customer_name} ` : ""}<${address.customer_email || "unknown"}> · `,
      h("code", {}, `[${address.tag}]`)) : null,
    ...facts(values),
    h("h3", {}, "Messages"),
    h("ol", { class: "mail-list" }, ...body.messages.map(messageItem))));
}

function messageItem(m) {
  const incoming = m.direction === "in";
  const what = incoming ? DISPOSITION[m.disposition] || m.disposition : KIND[m.kind] || m.kind;
  const state = incoming
    ? [m.delivery ? `reply ${m.delivery}` : "", m.reason].filter(Boolean).join(" · ")
    : m.status === "sent" ? "sent" : "queued: waiting for the relay";
  const who = incoming ? `From ${m.from_name ? `${m.from_name} <${m.from}>` : m.from}` : `To ${(m.to || []).join(", ")}`;
  return h("li", { class: `mail ${incoming ? "in" : "out"}`, "data-testid": "mail-message", "data-direction": m.direction },
    h("div", { class: "mail-head" },
      h("strong", {}, incoming ? "↘ " : "↗ ", what), " · ", who, " · ", timeEl(m.at)),
    h("div", { class: "mail-subject" }, m.subject || "(no subject)"),
    h("pre", { class: "mail-body" }, m.body || ""),
    state ? h("p", { class: "muted small", "data-testid": "mail-state" }, state) : null,
    !incoming && m.headers ? h("details", {}, h("summary", { class: "small" }, "Headers"),
      h("pre", { class: "small" }, Object.entries(m.headers).map(([k, v]) => `${k}: ${v}`).join("\n"))) : null);
}
