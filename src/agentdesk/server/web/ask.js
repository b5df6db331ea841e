// Ask the bank (#/ask): a question, answered with a summary, a chart, the SQL and the rows.

import { ApiError, post } from "./api.js";
import { clear, h, statusBadge, threadTitle, timeEl } from "./render.js";
import { fromQueryResponse, renderAnswer } from "./answer.js";
import { PLACEHOLDERS, clearError, enc, onLeave } from "./shell.js";

const BANK_EXAMPLES = [
  "How many customers joined in 2025?",
  "How many customers are in each segment?",
  "What is the total amount of transactions per month?",
  "Which 10 customers have the highest total balance?",
];

// -- ask the bank: a question, answered with a summary, a chart, the SQL and the rows --------

export async function askPage(page, alive) {
  document.title = "Ask the bank · agentdesk";
  const query = h("textarea", {
    id: "ask-query", name: "query", rows: "2", maxlength: "2000", "data-testid": "ask-query",
    placeholder: PLACEHOLDERS.banking, "aria-describedby": "ask-hint",
  });
  const button = h("button", { type: "submit", class: "primary", "data-testid": "ask-submit" }, "Ask");
  const progress = h("div", { class: "notice progress", role: "status", "data-testid": "ask-progress", hidden: true });
  const result = h("div", { "data-testid": "ask-result", "aria-live": "polite" });
  const recent = h("ul", { class: "recent-questions", "data-testid": "ask-recent" });
  const recentCard = h("section", { class: "card", hidden: true }, h("h2", {}, "Recent questions"), recent);
  let timer = null;
  const stopTimer = () => { if (timer) clearInterval(timer); timer = null; };
  onLeave(stopTimer);

  const form = h("form", { class: "ask-form", novalidate: true, onsubmit: (event) => { event.preventDefault(); ask(); } },
    h("label", { for: "ask-query", class: "block" }, "Your question"),
    h("div", { class: "ask-row" }, query, button),
    h("p", { id: "ask-hint", class: "muted small" }, "Enter asks · Shift+Enter starts a new line. The agent writes one read-only SELECT, checks it, runs it and explains the rows."),
    h("div", { class: "examples" }, h("span", { class: "muted small" }, "Try: "),
      BANK_EXAMPLES.map((text) => h("button", {
        type: "button", class: "chip", "data-testid": "ask-example",
        onclick: () => { query.value = text; query.focus(); },
      }, text))));
  query.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  page.append(h("section", { class: "card" },
    h("h1", {}, "Ask the bank"),
    h("p", { class: "muted" }, "Ask about customers, accounts, transactions or loans in words; the answer comes with a chart, the SQL that produced it and the rows."),
    form, progress), result, recentCard);
  query.focus();

  async function loadRecent() {
    try {
      const threads = await post("/threads/search", { metadata: { graph_id: "banking" }, limit: 8 });
      if (!alive()) return;
      clear(recent, threads.filter((t) => t.values?.user_query).map((t) => h("li", {},
        h("a", { href: `#/threads/${enc(t.thread_id)}` }, threadTitle(t)), " ",
        statusBadge(t), " ", h("span", { class: "muted small" }, timeEl(t.updated_at)))));
      recentCard.hidden = !recent.children.length;
    } catch {
      /* the list is a convenience; the page works without it */
    }
  }

  async function ask() {
    clearError();
    const text = query.value.trim();
    if (!text) {
      clear(result, renderAnswer({ error: "Type a question first, for example: “How many customers joined in 2025?”" }));
      query.focus();
      return;
    }
    button.disabled = true;
    query.setAttribute("aria-busy", "true");
    clear(result);
    const started = Date.now();
    const tick = () => {
      const secs = Math.floor((Date.now() - started) / 1000);
      clear(progress, h("span", { class: "spinner", "aria-hidden": "true" }),
        " Working on it: reading the question, writing SQL, checking and running it, then summarising the rows",
        secs ? h("span", { class: "muted" }, ` · ${secs} s`) : null);
    };
    tick();
    progress.hidden = false;
    stopTimer();
    timer = setInterval(tick, 1000);
    try {
      const response = await post("/ask", { query: text });
      if (!alive()) return;
      clear(result, renderAnswer(fromQueryResponse(response)));
    } catch (error) {
      if (!alive()) return;
      const message = error instanceof ApiError ? error.detail : (error && error.message) || String(error);
      clear(result, renderAnswer({ question: text, error: message }));
    } finally {
      stopTimer();
      progress.hidden = true;
      button.disabled = false;
      query.removeAttribute("aria-busy");
    }
    loadRecent();
  }

  await loadRecent();
}
