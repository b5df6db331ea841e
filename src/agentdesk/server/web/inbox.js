// The inbox (#/inbox): every decision waiting for a person, each card showing what the
// thread was asked, what approving changes and the action's values (decisionview.js), and
// answered in place: approve, or edit / reject / respond in a form on the card itself.

import { get, post } from "./api.js";
import { budgetBadge, clear, h, money, timeEl } from "./render.js";
import { KIND, PAST, clearError, decisionBody, enc, setInboxCount, showError } from "./shell.js";
import { decisionParts, renderRequest, requestOf, titleOf } from "./decisionview.js";
import { DECISIONS, buttonText, editTarget, openDecisionForm, outcomeWords } from "./decisionform.js";

// -- the inbox ------------------------------------------------------------------------------

export async function inboxPage(page, alive) {
  document.title = "Inbox · agentdesk";
  const results = h("div", { class: "notices", "data-testid": "inbox-results" });
  const list = h("ul", { class: "inbox", "data-testid": "inbox-list" });
  const empty = h("p", { class: "empty", "data-testid": "inbox-empty", hidden: true },
    "Nothing is waiting for a decision. ", h("a", { href: "#/" }, "Start a task"));
  const threads = new Map(); // thread id -> its values, for the request and a trip's edit

  async function load() {
    let items;
    try {
      items = await get("/interrupts?status=pending");
    } catch (error) {
      if (alive()) showError(error);
      return;
    }
    if (!alive()) return;
    dropStale(items);
    clear(list, items.map(inboxItem));
    empty.hidden = items.length > 0;
    setInboxCount(items.length);
  }

  /** "Paused again" notices whose pause is no longer the one waiting are stale: drop them. */
  function dropStale(items) {
    const waiting = new Set(items.map((item) => item.interrupt?.id));
    for (const notice of results.querySelectorAll("[data-status=interrupted]")) {
      if (!waiting.has(notice.dataset.next)) notice.remove();
    }
  }

  /** A thread's values, fetched once per visit of the page. */
  function valuesOf(threadId) {
    if (!threads.has(threadId)) {
      threads.set(threadId, get(`/threads/${enc(threadId)}`).then((t) => t.values || {}).catch(() => ({})));
    }
    return threads.get(threadId);
  }

  function inboxItem(item) {
    const i = item.interrupt || {};
    const data = i.data || {};
    const allowed = i.allowed || [];
    const link = `#/threads/${enc(item.thread_id)}`;
    const title = titleOf(i);
    const request = h("div", { class: "inbox-request" });
    const form = h("div", { class: "inbox-form" });
    const open = async (type) => {
      const target = type === "edit" ? editTarget(i, item.agent, await valuesOf(item.thread_id)) : null;
      openDecisionForm(form, type, i, { target, send: decide });
    };
    const buttons = DECISIONS.filter((type) => allowed.includes(type)).map((type) => h("button", {
      type: "button",
      class: type === "approve" ? "primary" : type === "reject" ? "danger-outline" : "",
      "data-testid": `inbox-${type}`,
      onclick: () => (type === "approve" ? decide({ type }) : open(type)),
    }, buttonText(type, i)));
    const li = h("li", { class: "inbox-item", "data-testid": "inbox-item", "data-thread-id": item.thread_id, "data-interrupt-id": i.id, "data-kind": i.kind },
      h("div", { class: "row" },
        h("h3", { "data-testid": "inbox-title" }, h("a", { href: link }, title)),
        data.budget_status ? budgetBadge(data.budget_status, data.itinerary?.budget, data.total_cost, data.itinerary?.currency || "USD", data.itinerary?.budget_floor) : null),
      h("p", { class: "muted small" },
        h("span", { class: "agent-tag", "data-testid": "inbox-agent" }, item.agent), ` · ${KIND[i.kind] || i.kind}`,
        item.current_step ? ` · step ${item.current_step}` : "", " · ", timeEl(item.updated_at)),
      request,
      data.total_cost !== undefined && data.total_cost !== null
        ? h("p", {}, "Total for the party: ", h("strong", {}, money(data.total_cost, data.itinerary?.currency || "USD"))) : null,
      decisionParts(i, { plan: false, summaryTestid: "inbox-summary" }),
      h("div", { class: "actions" }, buttons,
        h("a", { href: link, class: "button-link", "data-testid": "inbox-open" },
          allowed.includes("resume") ? "Open thread to answer →" : "Open thread →")),
      form);

    valuesOf(item.thread_id).then((values) => clear(request, renderRequest(requestOf(values), "inbox-request")));

    async function decide(body) {
      clearError();
      const controls = [...li.querySelectorAll("button")];
      for (const b of controls) b.disabled = true;
      li.classList.add("busy");
      try {
        const result = await post(`/threads/${enc(item.thread_id)}/decisions`, decisionBody(body, i.id));
        li.remove();
        // One notice per thread: what happened last, never an earlier "paused again".
        for (const old of results.querySelectorAll(`[data-thread-id="${CSS.escape(item.thread_id)}"]`)) old.remove();
        results.prepend(h("div", {
          class: `notice ${result.status}`, "data-testid": "inbox-result", "data-status": result.status,
          "data-thread-id": item.thread_id, "data-next": result.interrupt?.id || null, role: "status",
        }, `${PAST[body.type]} “${title}”. `, outcomeWords(result, "in the list below"), " ",
        h("a", { href: link, "data-testid": "inbox-result-link" }, "Open thread →")));
      } catch (error) {
        showError(error);
        for (const b of controls) b.disabled = false;
        li.classList.remove("busy");
      }
      threads.delete(item.thread_id);
      await load(); // a run that paused again shows up as a new item
    }
    return li;
  }

  page.append(h("section", { class: "card" },
    h("div", { class: "row" }, h("h1", {}, "Inbox"), h("button", { type: "button", class: "link", onclick: load }, "Refresh")),
    h("p", { class: "muted" }, "Every decision waiting for a person, across agents and threads, newest first."),
    results, list, empty));
  await load();
}
