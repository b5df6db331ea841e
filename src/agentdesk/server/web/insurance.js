// The insurance result card, from the thread's state: how the conversation ended, the quote
// (premium per coverage, term, carrier session), what was collected about the customer, and
// the conversation with the customer, line breaks kept. A thread started by email shows its
// email log instead (mail.js: every message in and out, with delivery and headers).

import { clear, contentText, h, money } from "./render.js";
import { renderMail } from "./mail.js";

const COVERAGE = {
  BI: "Bodily injury liability", PD: "Property damage liability", UM: "Uninsured motorist",
  MEDPAY: "Medical payments", COMP: "Comprehensive", COLL: "Collision",
};
const OUTCOME = { quoted: "Quote sent", declined: "Declined", escalated: "Handed to the agency" };
const STATUS = { rated: "rated", referred: "referred to an underwriter (indicative)", declined: "declined" };
const LABELS = {
  first_name: "First name", last_name: "Last name", email: "Email", phone: "Phone",
  birth_date: "Date of birth", license_date: "Licensed since", license_state: "Licence state",
  marital_status: "Marital status", zip_code: "ZIP", city: "City", state: "State", county: "County",
  use: "Vehicle use",
};
const OUTGOING = { ask_customer_tool: "question to the customer", prepare_final_summary_tool: "quote" };

function dollars(n) {
  return n === null || n === undefined ? "—" : `$${money(n).replace(/\.00$/, "")}`;
}

function quoteSection(v) {
  const quote = v.quote || null;
  const session = v.mercury_session || null;
  if (!quote && !session) return null;
  const premium = quote?.premium || null;
  const term = quote?.term || {};
  const months = term.months || premium?.term_months;
  const rows = Object.entries(premium?.by_coverage || {});
  return h("div", { class: "quote" },
    h("h3", {}, "Quote"),
    premium ? h("p", { class: "premium", "data-testid": "mail-quote" },
      h("strong", { class: "big", "data-testid": "insurance-premium" }, dollars(premium.total)),
      ` for ${months || "?"} months`, premium.indicative ? h("span", { class: "muted" }, " (indicative)") : null)
      : h("p", { class: "muted" }, quote?.status === "declined" ? "The carrier declined to quote." : "Not rated yet."),
    h("dl", { class: "kv", "data-testid": "insurance-term" },
      quote?.status ? [h("dt", {}, "Status"), h("dd", {}, STATUS[quote.status] || quote.status)] : null,
      term.effective_date ? [h("dt", {}, "Term"), h("dd", {}, `${term.effective_date} to ${term.expiration_date || "?"}`)] : null,
      session?.session_id ? [h("dt", {}, "Carrier session"), h("dd", {}, h("code", { "data-testid": "insurance-session" }, session.session_id),
        session.state ? ` · ${session.state}` : "", session.expires_at ? h("span", { class: "muted small" }, ` · expires ${session.expires_at}`) : null)] : null),
    rows.length ? h("table", { class: "grid coverages", "data-testid": "insurance-coverages" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Coverage"), h("th", { scope: "col", class: "num" }, "Premium"))),
      h("tbody", {}, rows.map(([code, amount]) => h("tr", {}, h("td", {}, COVERAGE[code] || code, " ", h("span", { class: "muted small" }, code)),
        h("td", { class: "num" }, dollars(amount))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), h("td", { class: "num" }, dollars(premium.total))))) : null);
}

function customerSection(v) {
  const info = v.customer_info || {};
  const rows = Object.entries(LABELS).filter(([k]) => info[k] !== undefined && info[k] !== null && info[k] !== "")
    .map(([k, label]) => [label, String(info[k])]);
  for (const car of info.vehicles || []) {
    rows.push(["Vehicle", [car.year, car.make, car.model].filter(Boolean).join(" ") + (car.vin ? ` (VIN ${car.vin})` : "")]);
  }
  if (!rows.length) return null;
  return h("div", {}, h("h3", {}, "Customer data collected"),
    h("dl", { class: "kv", "data-testid": "mail-customer" }, rows.map(([k, value]) => [h("dt", {}, k), h("dd", {}, value)])));
}

/** The conversation as the state holds it: the customer's messages in, the agent's out. */
function conversation(v) {
  const out = [];
  const results = new Map();
  for (const m of v.messages || []) {
    if (m?.type === "tool" && m.tool_call_id) {
      try { results.set(m.tool_call_id, JSON.parse(contentText(m.content))); } catch { results.set(m.tool_call_id, {}); }
    }
  }
  for (const m of v.messages || []) {
    if (m?.type === "human" && m.additional_kwargs?.from_customer) {
      // A reply typed in the web app names the person who typed it, not an address.
      const sender = m.additional_kwargs.sender || "";
      const who = sender.includes("@") ? sender : `${v.customer_email || "the customer"}${sender ? ` (typed in by ${sender})` : ""}`;
      out.push({ direction: "in", who, text: contentText(m.content) });
    }
    for (const call of (m?.type === "ai" && m.tool_calls) || []) {
      if (!OUTGOING[call.name] || !results.has(call.id)) continue; // planned, not sent
      const result = results.get(call.id) || {};
      const note = result.sent ? "emailed" : result.note || (result.status === "error" ? `not sent: ${result.message || "error"}` : "");
      out.push({ direction: "out", kind: OUTGOING[call.name], text: call.args?.message || "", note });
    }
  }
  return out;
}

function conversationSection(v) {
  const items = conversation(v);
  if (!items.length) return null;
  return h("div", { class: "insurance-conversation" }, h("h3", {}, "Conversation with the customer"),
    h("ol", { class: "bubbles" }, items.map((m) => h("li", {
      class: `bubble ${m.direction === "in" ? "person" : "assistant"}`, "data-testid": "insurance-message", "data-direction": m.direction,
    },
    h("span", { class: "who" }, m.direction === "in" ? `↘ from ${m.who}` : `↗ ${m.kind} to ${v.customer_email || "the customer"}`),
    h("div", { class: "bubble-text mail-text" }, m.text),
    m.note ? h("p", { class: "muted small" }, m.note) : null))));
}

export function insuranceView() {
  const body = h("div");
  const mail = h("div");
  const el = h("section", { class: "card insurance", "data-testid": "insurance-result", hidden: true },
    h("h2", {}, "Quote and conversation"), body);
  const wrap = h("div", {}, el, mail);
  let mailSeen = null; // the thread's status and time when its email log was fetched

  function update(ctx) {
    const v = ctx.values || {};
    const byEmail = ctx.thread?.metadata?.channel === "email";
    const outcome = v.outcome ? h("p", { class: `eyebrow${v.outcome === "quoted" ? " good" : ""}`, "data-testid": "insurance-outcome" }, OUTCOME[v.outcome] || v.outcome) : null;
    const parts = [outcome, quoteSection(v), customerSection(v), byEmail ? null : conversationSection(v)].filter(Boolean);
    clear(body, parts);
    el.hidden = !parts.length;
    // Email threads: the email log is the conversation, fetched again when the thread moved.
    const seen = `${ctx.thread?.status}:${ctx.thread?.updated_at}`;
    if (byEmail && seen !== mailSeen) {
      mailSeen = seen;
      renderMail(mail, ctx.threadId, {});
    }
  }

  return { el: wrap, update, stream: () => {} };
}
