// The inbox (#/inbox): every decision waiting for a person, approved or rejected in place.

import { get, post } from "./api.js";
import { budgetBadge, clear, h, money, timeEl } from "./render.js";
import { KIND, PAST, clearError, decisionBody, enc, outcomeText, setInboxCount, showError } from "./shell.js";

// -- the inbox ------------------------------------------------------------------------------

export async function inboxPage(page, alive) {
  document.title = "Inbox · agentdesk";
  const results = h("div", { class: "notices", "data-testid": "inbox-results" });
  const list = h("ul", { class: "inbox", "data-testid": "inbox-list" });
  const empty = h("p", { class: "empty", "data-testid": "inbox-empty", hidden: true },
    "Nothing is waiting for a decision. ", h("a", { href: "#/" }, "Start a task"));

  async function load() {
    let items;
    try {
      items = await get("/interrupts?status=pending");
    } catch (error) {
      if (alive()) showError(error);
      return;
    }
    if (!alive()) return;
    clear(list, items.map(inboxItem));
    empty.hidden = items.length > 0;
    setInboxCount(items.length);
  }

  function inboxItem(item) {
    const i = item.interrupt || {};
    const data = i.data || {};
    const allowed = i.allowed || [];
    const link = `#/threads/${enc(item.thread_id)}`;
    const reason = h("input", { type: "text", placeholder: "Why? (optional; the agent reads it)", "data-testid": "inbox-reject-message", "aria-label": "Reason" });
    const rejectForm = h("form", {
      class: "inline-form", hidden: true,
      onsubmit: (event) => {
        event.preventDefault();
        const text = reason.value.trim();
        decide(text ? { type: "reject", message: text } : { type: "reject" });
      },
    }, reason,
    h("button", { type: "submit", class: "danger", "data-testid": "inbox-reject-confirm" }, "Reject"),
    h("button", { type: "button", class: "link", onclick: () => { rejectForm.hidden = true; } }, "Cancel"));
    const more = allowed.some((t) => t === "edit" || t === "respond" || t === "resume");
    const li = h("li", { class: "inbox-item", "data-testid": "inbox-item", "data-thread-id": item.thread_id, "data-interrupt-id": i.id },
      h("div", { class: "row" },
        h("h3", { "data-testid": "inbox-title" }, h("a", { href: link }, i.title || "Decision needed")),
        data.budget_status ? budgetBadge(data.budget_status, data.itinerary?.budget, data.total_cost, data.itinerary?.currency || "USD") : null),
      h("p", { class: "muted small" },
        h("span", { class: "agent-tag", "data-testid": "inbox-agent" }, item.agent), ` · ${KIND[i.kind] || i.kind}`,
        item.current_step ? ` · step ${item.current_step}` : "", " · ", timeEl(item.updated_at)),
      data.total_cost !== undefined && data.total_cost !== null
        ? h("p", {}, "Total for the party: ", h("strong", {}, money(data.total_cost, data.itinerary?.currency || "USD"))) : null,
      h("details", { class: "summary" }, h("summary", { "data-testid": "inbox-summary" }, (i.summary || "").split("\n")[0] || "Summary"),
        h("pre", {}, i.summary || "")),
      h("div", { class: "actions" },
        allowed.includes("approve") ? h("button", { type: "button", class: "primary", "data-testid": "inbox-approve", onclick: () => decide({ type: "approve" }) }, "Approve") : null,
        allowed.includes("reject") ? h("button", { type: "button", class: "danger-outline", "data-testid": "inbox-reject", onclick: () => { rejectForm.hidden = false; reason.focus(); } }, "Reject…") : null,
        h("a", { href: link, class: "button-link", "data-testid": "inbox-open" },
          allowed.includes("resume") ? "Open thread to answer →" : more ? "Open thread to edit or reply →" : "Open thread →")),
      rejectForm);

    async function decide(body) {
      clearError();
      const buttons = [...li.querySelectorAll("button")];
      for (const b of buttons) b.disabled = true;
      li.classList.add("busy");
      try {
        const result = await post(`/threads/${enc(item.thread_id)}/decisions`, decisionBody(body, i.id));
        li.remove();
        results.prepend(h("div", { class: `notice ${result.status}`, "data-testid": "inbox-result", "data-status": result.status, "data-thread-id": item.thread_id },
          `${PAST[body.type]} “${i.title}”. `, outcomeText(result), " ", h("a", { href: link, "data-testid": "inbox-result-link" }, "Open thread →")));
      } catch (error) {
        showError(error);
        for (const b of buttons) b.disabled = false;
        li.classList.remove("busy");
      }
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
