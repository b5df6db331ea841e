// Home (#/): the agents, the form that starts a task on one of them, and the recent threads.
//
// Each built-in agent's form is built from its input schema (schemaform.js), so an agent added
// later needs no code here; a graph of your own (langgraph.json) takes its input as JSON.

import { ApiError, api, get, post, startRun } from "./api.js";
import { clear, h, statusBadge, threadTitle, timeEl } from "./render.js";
import { schemaForm } from "./schemaform.js";
import {
  KIND, PLACEHOLDERS, clearError, enc, identity, onIdentity, onLeave, setIdentity, showError, userIdOf,
} from "./shell.js";

const STREAM_MODES = ["updates", "values", "custom", "messages-tuple"];
const AGENT_STORE = "agentdesk.agent"; // the agent last chosen, chosen again next time
const USER_FIELD = "user_id"; // an input field naming the person: filled from "Who are you?"

/** Words for an agent's request field, where "Your request" says too little. */
const REQUEST_WORDS = {
  banking: { label: "Your question" },
  insurance: { label: "The customer's message", hint: "Paste the text of the email that asks for a quote." },
};

// -- home: agents, the start form, recent threads --------------------------------------

export async function homePage(page, alive) {
  document.title = "agentdesk";
  const startCard = h("section", { class: "card" }, h("h1", {}, "Start a task"),
    h("p", { class: "muted" }, "Loading agents…"));
  const threadsCard = h("section", { class: "card", "data-testid": "threads" },
    h("h2", {}, "Recent threads"), h("p", { class: "muted" }, "Loading…"));
  page.append(startCard, threadsCard);
  const [agents, threads] = await Promise.allSettled([
    post("/assistants/search", {
      limit: 100, metadata: { created_by: "system" }, sort_by: "name", sort_order: "asc" }), post("/threads/search", { limit: 20 })]);
  if (!alive()) return;
  if (agents.status === "fulfilled") renderStart(startCard, agents.value, alive);
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

/** An agent's input schema, asked once per page (null when it cannot be read). */
function schemaLoader() {
  const cache = new Map();
  return (agent) => {
    if (!cache.has(agent.graph_id)) {
      cache.set(agent.graph_id, get(`/assistants/${enc(agent.assistant_id)}/schemas`)
        .then((s) => s.input_schema || null).catch(() => null));
    }
    return cache.get(agent.graph_id);
  };
}

function pausesText(agent) {
  const kinds = (agent.metadata?.interrupts || []).map((k) => KIND[k] || k);
  if (!kinds.length) return "";
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}` : kinds[0];
  return `Pauses for you to ${list}.`;
}

function agentCard(agent, chosen, choose) {
  const descId = `agent-${agent.graph_id}-desc`;
  return h("label", { class: "agent", "data-testid": `agent-${agent.graph_id}` },
    h("input", { type: "radio", name: "agent", value: agent.graph_id, checked: agent === chosen,
      "aria-describedby": descId, onchange: () => choose(agent) }),
    h("span", { class: "agent-text" },
      h("span", { class: "agent-name" }, agent.name),
      h("span", { class: "agent-desc", id: descId }, agent.description || ""),
      h("span", { class: "muted small" }, pausesText(agent)),
      agent.graph_id === "banking"
        ? h("a", { href: "#/ask", class: "agent-link", "data-testid": "agent-banking-ask" }, "Ask the bank: answers with a chart →")
        : null));
}

function renderStart(card, agents, alive) {
  if (!agents.length) {
    clear(card, h("h1", {}, "Start a task"), h("p", { class: "muted" }, "No agents are registered on this server."));
    return;
  }
  const schemaOf = schemaLoader();
  const last = localStorage.getItem(AGENT_STORE);
  let chosen = agents.find((a) => a.graph_id === last) || agents.find((a) => a.graph_id === "trip") || agents[0];
  let form = null; // the chosen agent's schema form, or the JSON box of a graph of your own
  let choosing = 0;
  const fieldsBox = h("div", { class: "start-fields", "data-testid": "start-fields" });
  const who = h("div", { class: "start-who", "data-testid": "start-who" });
  const button = h("button", { type: "submit", class: "primary", "data-testid": "start" }, "Start");
  const progress = h("span", { class: "muted", "data-testid": "start-progress", "aria-live": "polite" });

  const choose = async (agent) => {
    chosen = agent;
    localStorage.setItem(AGENT_STORE, agent.graph_id);
    const seq = ++choosing;
    clearError();
    renderWho();
    if (agent.metadata?.origin) {
      form = ownGraphForm(agent);
      clear(fieldsBox, form.element);
      return;
    }
    clear(fieldsBox, h("p", { class: "muted" }, "Loading the form…"));
    const schema = await schemaOf(agent);
    if (seq !== choosing || !alive()) return;
    const words = REQUEST_WORDS[agent.graph_id] || {};
    const properties = (schema && schema.properties) || {};
    form = schemaForm(agent, schema && schema.properties ? schema : fallbackSchema(agent), {
      requestLabel: words.label, requestHint: words.hint,
      placeholder: PLACEHOLDERS[agent.graph_id] || `What should the ${agent.name} agent do?`,
      skip: USER_FIELD in properties ? [USER_FIELD] : [],
    });
    form.remembers = USER_FIELD in properties;
    clear(fieldsBox, form.element);
    renderWho();
    const request = form.element.querySelector("#request");
    if (request) {
      request.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) startForm.requestSubmit();
      });
    }
  };

  // Who you are: asked here when no name is given; named when the agent remembers people.
  function renderWho() {
    const name = identity();
    const remembers = form && form.remembers;
    if (!name) {
      const input = h("input", { id: "start-identity", "data-testid": "start-identity", autocomplete: "name",
        maxlength: "200", placeholder: "your name", onchange: (e) => setIdentity(e.target.value) });
      clear(who, h("label", { for: "start-identity" }, "Who are you? "), input,
        h("span", { class: "muted small" }, remembers
          ? " Your runs and decisions carry this name, and the agent remembers what you tell it under it."
          : " Your runs and decisions carry this name (without one they show “you”)."));
      who.hidden = false;
    } else if (remembers) {
      clear(who, h("span", { class: "muted small", "data-testid": "start-remembers" },
        `Remembers what you tell it as “${userIdOf(name) || "default"}” (from “Who are you?” at the top).`));
      who.hidden = false;
    } else {
      clear(who);
      who.hidden = true;
    }
  }
  onLeave(onIdentity(() => { if (!who.contains(document.activeElement)) renderWho(); }));

  const startForm = h("form", { "data-testid": "start-form", novalidate: true, onsubmit: (event) => { event.preventDefault(); submit(); } },
    h("fieldset", { class: "agents-box" }, h("legend", { class: "visually-hidden" }, "Agent"),
      h("div", { class: "agents", "data-testid": "agents" }, agents.map((agent) => agentCard(agent, chosen, choose)))),
    who,
    fieldsBox,
    h("div", { class: "actions" }, button, progress, h("span", { class: "muted small hint" }, "Ctrl+Enter starts")));
  clear(card, h("h1", {}, "Start a task"),
    h("p", { class: "muted" }, "Pick an agent and say what you want. It works on its own and pauses for your decision before anything is final."),
    startForm);
  choose(chosen);

  async function submit() {
    clearError();
    if (!form) return;
    form.clearProblems();
    const { input, problems, error: unreadable } = form.read();
    if (unreadable) {
      showError(unreadable);
      return;
    }
    if (problems.length) {
      const shown = form.showProblems(problems);
      showError(null, checkWords(shown));
      form.focusFirstProblem();
      return;
    }
    if (form.remembers && userIdOf(identity())) input[USER_FIELD] = userIdOf(identity());
    button.disabled = true;
    progress.textContent = "Starting…";
    let threadId = null;
    try {
      threadId = (await post("/threads", { metadata: { source: "web" } })).thread_id;
      await startRun(threadId, { assistant_id: chosen.graph_id, input, stream_mode: STREAM_MODES });
      location.hash = `#/threads/${enc(threadId)}`;
    } catch (error) {
      // The run was refused: remove the empty thread made for it, and say why, by the field.
      if (threadId) await api("DELETE", `/threads/${enc(threadId)}`).catch(() => {});
      progress.textContent = "";
      const shown = error instanceof ApiError && error.status === 422 ? form.showProblems(error.problems) : [];
      showError(error, shown.length ? checkWords(shown) : null);
      if (shown.length) form.focusFirstProblem();
    } finally {
      button.disabled = false;
    }
  }
}

/** The banner's words for problems shown beside their fields. */
function checkWords(shown) {
  const lines = shown.map((p) => `${p.label}: ${p.text.charAt(0).toLowerCase()}${p.text.slice(1)}`);
  return `Check the form. ${lines.join(" ")}`;
}

/** Without a schema to read (an older server): the request box alone. */
function fallbackSchema(agent) {
  const key = agent.metadata?.request_field || "messages";
  return { type: "object", properties: { [key]: { type: "string" } }, required: [key] };
}

/** A graph from langgraph.json: its input as JSON (or text, which goes to its messages). */
function ownGraphForm(agent) {
  const request = h("textarea", { id: "request", name: "request", rows: "3", "data-testid": "request",
    placeholder: `What should the ${agent.name} agent do?` });
  const element = h("div", { class: "schema-form" },
    h("label", { for: "request", class: "block" }, "Your request"), request);
  get(`/assistants/${enc(agent.assistant_id)}/schemas`).then((schemas) => {
    const fields = Object.keys(schemas.input_schema?.properties || {});
    if (fields.length) request.placeholder = `Input as JSON, e.g. {${fields.map((f) => `"${f}": …`).join(", ")}}`;
  }).catch(() => { /* the generic placeholder stays */ });
  const none = { showProblems: () => [], clearProblems: () => {}, focusFirstProblem: () => request.focus() };
  return {
    ...none,
    element,
    read() {
      const text = request.value.trim();
      if (!text.startsWith("{")) return { input: text ? { messages: text } : {}, problems: [] };
      try {
        return { input: JSON.parse(text), problems: [] };
      } catch (error) {
        return { input: null, problems: [], error: `The input is not valid JSON (${error.message}). Fix it, or write plain text.` };
      }
    },
  };
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
