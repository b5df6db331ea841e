// Home (#/): the agents, the form that starts a task on one of them, and the recent threads.

import { api, get, post, startRun } from "./api.js";
import { clear, h, statusBadge, threadTitle, timeEl } from "./render.js";
import { KIND, PLACEHOLDERS, clearError, enc, showError } from "./shell.js";

const STREAM_MODES = ["updates", "values", "custom", "messages-tuple"];

// -- home: agents, the start form, recent threads --------------------------------------

export async function homePage(page, alive) {
  document.title = "agentdesk";
  const startCard = h("section", { class: "card" }, h("h1", {}, "Start a task"),
    h("p", { class: "muted" }, "Loading agents…"));
  const threadsCard = h("section", { class: "card", "data-testid": "threads" },
    h("h2", {}, "Recent threads"), h("p", { class: "muted" }, "Loading…"));
  page.append(startCard, threadsCard);
  const [agents, threads] = await Promise.allSettled([
    post("/assistants/search", { limit: 100 }), post("/threads/search", { limit: 20 })]);
  if (!alive()) return;
  if (agents.status === "fulfilled") renderStart(startCard, agents.value);
  else {
    clear(startCard, h("h1", {}, "Start a task"), h("p", { class: "muted" }, "The agents could not be loaded."));
    showError(agents.reason);
  }
  if (threads.status === "fulfilled") renderThreads(threadsCard, threads.value, alive);
  else {
    clear(threadsCard, h("h2", {}, "Recent threads"), h("p", { class: "muted" }, "The threads could not be loaded."));
    showError(threads.reason);
  }
}

function field(id, text, attrs) {
  return h("label", { class: "field", for: id }, h("span", {}, text),
    h("input", { id, name: id, "data-testid": id, autocomplete: "off", ...attrs }));
}

function tripFields() {
  return h("fieldset", { class: "trip-fields", "data-testid": "trip-fields" },
    h("legend", {}, "Trip details ", h("span", { class: "muted" }, "(optional; they take precedence over the text)")),
    h("div", { class: "fields" },
      field("trip-origin", "From", { placeholder: "BOS or Boston" }),
      field("trip-destination", "To", { placeholder: "LIS or Lisbon" }),
      field("trip-depart", "Depart", { type: "date" }),
      field("trip-return", "Return", { type: "date" }),
      field("trip-travelers", "Travelers", { type: "number", min: "1", max: "20", step: "1", placeholder: "1" }),
      field("trip-budget", "Budget (USD)", { type: "number", min: "1", step: "any", placeholder: "2500" })));
}

/** The trip preferences typed in the form (only the filled ones), or null when one is unreadable. */
function tripPreferences(form) {
  const prefs = {};
  const value = (id) => form.querySelector(`#${id}`);
  const text = { origin: "trip-origin", destination: "trip-destination", depart: "trip-depart", return: "trip-return" };
  for (const [key, id] of Object.entries(text)) {
    const v = value(id).value.trim();
    if (v) prefs[key] = v;
  }
  for (const [key, id, name] of [["travelers", "trip-travelers", "Travelers"], ["budget", "trip-budget", "Budget"]]) {
    const input = value(id);
    if (input.validity.badInput) {
      showError(`${name}: enter a number`);
      return null;
    }
    if (input.value.trim() !== "") prefs[key] = key === "travelers" ? Number.parseInt(input.value, 10) : Number(input.value);
  }
  return prefs;
}

function renderStart(card, agents) {
  if (!agents.length) {
    clear(card, h("h1", {}, "Start a task"), h("p", { class: "muted" }, "No agents are registered on this server."));
    return;
  }
  // Banking questions have their own page (#/ask); the form starts on an agent that works and pauses.
  // The trip planner is the default choice; the others are one click away.
  let chosen = agents.find((a) => a.graph_id === "trip") || agents[0];
  const trip = tripFields();
  const request = h("textarea", { id: "request", name: "request", rows: "3", "data-testid": "request" });
  const button = h("button", { type: "submit", class: "primary", "data-testid": "start" }, "Start");
  const progress = h("span", { class: "muted", "data-testid": "start-progress", "aria-live": "polite" });
  const choose = (agent) => {
    chosen = agent;
    request.placeholder = PLACEHOLDERS[agent.graph_id] || `What should the ${agent.name} agent do?`;
    trip.hidden = agent.graph_id !== "trip";
    request.dataset.agent = agent.graph_id;
    if (agent.metadata?.origin) ownGraphPlaceholder(agent, request);
  };
  const picker = h("div", { class: "agents", role: "radiogroup", "aria-label": "Agent", "data-testid": "agents" },
    agents.map((agent) => h("label", { class: "agent", "data-testid": `agent-${agent.graph_id}` },
      h("input", { type: "radio", name: "agent", value: agent.graph_id, checked: agent === chosen, onchange: () => choose(agent) }),
      h("span", { class: "agent-text" },
        h("span", { class: "agent-name" }, agent.name),
        h("span", { class: "agent-desc" }, agent.description || ""),
        h("span", { class: "muted small" }, [
          (agent.metadata?.interrupts || []).length ? `pauses to ${(agent.metadata.interrupts).map((k) => KIND[k] || k).join(", ")}` : "",
          (agent.metadata?.toolservers || []).length ? `tools: ${agent.metadata.toolservers.join(", ")}` : "",
        ].filter(Boolean).join(" · ")),
        agent.graph_id === "banking"
          ? h("a", { href: "#/ask", class: "agent-link", "data-testid": "agent-banking-ask" }, "Ask the bank: answers with a chart →")
          : null))));

  const form = h("form", { "data-testid": "start-form", novalidate: true, onsubmit: (event) => { event.preventDefault(); submit(); } },
    picker,
    h("label", { for: "request", class: "block" }, "Your request"),
    request,
    trip,
    h("div", { class: "actions" }, button, progress, h("span", { class: "muted small hint" }, "Ctrl+Enter starts")));
  request.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) form.requestSubmit();
  });
  choose(chosen);
  clear(card, h("h1", {}, "Start a task"),
    h("p", { class: "muted" }, "Pick an agent and say what you want. It works on its own and pauses for your decision before anything is final."),
    form);

  async function submit() {
    clearError();
    const input = {};
    const text = request.value.trim();
    if (chosen.graph_id === "banking") {
      if (!text) {
        showError("Type a question about the bank's data.");
        return;
      }
      input.user_query = text;
    } else if (chosen.metadata?.origin && text.startsWith("{")) {
      // A graph of your own takes its input as a JSON object (text goes to its messages).
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        showError(`input: not valid JSON: ${error.message}`);
        return;
      }
      Object.assign(input, parsed);
    } else if (text) input.messages = text;
    if (chosen.graph_id === "trip") {
      const prefs = tripPreferences(form);
      if (prefs === null) return;
      if (Object.keys(prefs).length) input.preferences = prefs;
    }
    button.disabled = true;
    progress.textContent = "Starting…";
    let threadId = null;
    try {
      threadId = (await post("/threads", { metadata: { source: "web" } })).thread_id;
      await startRun(threadId, { assistant_id: chosen.graph_id, input, stream_mode: STREAM_MODES });
      location.hash = `#/threads/${enc(threadId)}`;
    } catch (error) {
      // The run was refused: remove the empty thread made for it, and say why.
      if (threadId) await api("DELETE", `/threads/${enc(threadId)}`).catch(() => {});
      progress.textContent = "";
      showError(error);
    } finally {
      button.disabled = false;
    }
  }
}

/** A graph from langgraph.json: its input fields, from its input schema, as the placeholder. */
async function ownGraphPlaceholder(agent, request) {
  try {
    const schemas = await get(`/assistants/${encodeURIComponent(agent.assistant_id)}/schemas`);
    const fields = Object.keys(schemas.input_schema?.properties || {});
    if (fields.length && request.dataset.agent === agent.graph_id) request.placeholder = `Input as JSON, e.g. {${fields.map((f) => `"${f}": …`).join(", ")}}`;
  } catch {
    /* the generic placeholder stays */
  }
}

function renderThreads(card, threads, alive) {
  const reload = async () => {
    try {
      const fresh = await post("/threads/search", { limit: 20 });
      if (alive()) renderThreads(card, fresh, alive);
    } catch (error) {
      showError(error);
    }
  };
  const head = h("div", { class: "row" }, h("h2", {}, "Recent threads"),
    h("button", { type: "button", class: "link", onclick: reload }, "Refresh"));
  if (!threads.length) {
    clear(card, head, h("p", { class: "muted", "data-testid": "threads-empty" }, "No threads yet. Start one above."));
    return;
  }
  clear(card, head, h("table", { class: "grid threads" },
    h("thead", {}, h("tr", {}, h("th", {}, "Thread"), h("th", {}, "Agent"), h("th", {}, "Status"),
      h("th", {}, "Step"), h("th", {}, "Updated"))),
    h("tbody", {}, threads.map((t) => h("tr", { "data-testid": "thread-row", "data-thread-id": t.thread_id },
      h("td", {}, h("a", { href: `#/threads/${enc(t.thread_id)}` }, threadTitle(t))),
      h("td", {}, t.metadata?.graph_id || "—"),
      h("td", {}, statusBadge(t)),
      h("td", {}, t.values?.current_step || "—"),
      h("td", {}, timeEl(t.updated_at)))))));
}
