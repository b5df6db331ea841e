// The assistant's thread as a chat: each message of the thread's state a bubble (the
// person's, the assistant's with its numbered sources), the answer of a live run streaming
// into a bubble of its own as one text, and a box that continues the conversation with a
// new run on the same thread. What the bubbles say comes from the thread's values
// (GET /threads/{id}/state), so a reload shows the same conversation.

import { startRun } from "./api.js";
import { clear, contentText, h } from "./render.js";
import { clearError, showError } from "./shell.js";

const STREAM_MODES = ["updates", "values", "custom", "messages-tuple"];
/** The node that writes the answer: only its tokens stream into the answer's bubble. */
const ANSWER_NODE = "generator";

/** An answer's text split into its body, its numbered sources and what follows them. */
export function splitAnswer(text) {
  const match = /(?:^|\n\n)Sources:\n/.exec(text);
  if (!match) return { body: text.trim(), sources: [], after: "" };
  const body = text.slice(0, match.index).trim();
  const sources = [];
  const after = [];
  for (const line of text.slice(match.index + match[0].length).split("\n")) {
    const source = /^\[(\d+)\]\s+(.*)$/.exec(line);
    if (source && !after.length) sources.push({ n: Number(source[1]), text: source[2] });
    else if (line.trim()) after.push(line.trim());
  }
  return { body, sources, after: after.join("\n") };
}

/** The body's text with each "[n]" that names a source shown as a citation mark. */
function cited(body, sources) {
  const named = new Map(sources.map((s) => [s.n, s.text]));
  return body.split(/(\[\d+\])/).map((part) => {
    const n = /^\[(\d+)\]$/.exec(part);
    if (!n || !named.has(Number(n[1]))) return part;
    return h("sup", { class: "cite", title: named.get(Number(n[1])) }, part);
  });
}

function preview(result) {
  const text = String(result.content || "").trim();
  if (!text) return null;
  return h("details", { class: "source-result" }, h("summary", {}, result.outcome === "ok" ? "What it returned" : `It ${result.outcome || "failed"}`),
    h("pre", {}, text.length > 1500 ? `${text.slice(0, 1500)}…` : text));
}

function sourceList(sources, results) {
  if (!sources.length) return null;
  const byN = new Map((results || []).map((r) => [r.n, r]));
  return h("div", { class: "sources" }, h("h3", {}, "Sources"),
    h("ol", { class: "source-list", "data-testid": "chat-sources" }, sources.map((s) => {
      const result = byN.get(s.n);
      return h("li", { value: s.n, "data-n": s.n }, h("code", {}, s.text), result ? preview(result) : null);
    })));
}

function personBubble(text, pending = false) {
  return h("li", { class: `bubble person${pending ? " pending" : ""}`, "data-testid": "chat-message", "data-role": "person" },
    h("span", { class: "who" }, "You"), h("div", { class: "bubble-text" }, text));
}

function answerBubble(text, results) {
  const { body, sources, after } = splitAnswer(text);
  return h("li", { class: "bubble assistant", "data-testid": "chat-message", "data-role": "assistant" },
    h("span", { class: "who" }, "Assistant"),
    h("div", { class: "bubble-text", "data-testid": "chat-answer" }, cited(body, sources)),
    sourceList(sources, results),
    after ? h("p", { class: "muted small" }, after) : null);
}

/** The conversation's messages as bubbles: the person's and the assistant's written ones
 * (a planner's tool request and the tools' results are the activity log's). */
function bubbles(values) {
  const messages = (values.messages || []).filter((m) => m && (m.type === "human" || m.type === "ai")
    && contentText(m.content).trim());
  const lastAnswer = messages.map((m) => m.type).lastIndexOf("ai");
  return messages.map((m, i) => (m.type === "human"
    ? personBubble(contentText(m.content))
    // The tool results of this turn are the last answer's; older answers keep their list.
    : answerBubble(contentText(m.content), i === lastAnswer ? values.tool_results : null)));
}

/** The running summary's lines for the turns no longer among the messages (the summarizer
 * keeps one line per turn and trims old messages), or null when every turn is shown. */
function earlier(values) {
  const lines = String(values.summary || "").split("\n").filter((line) => line.trim());
  const shown = (values.messages || []).filter((m) => m?.type === "human").length;
  const gone = lines.slice(0, Math.max(0, lines.length - shown));
  if (!gone.length) return null;
  return h("div", { class: "muted small chat-summary", "data-testid": "chat-earlier" },
    h("strong", {}, "Earlier in this conversation"), h("ul", {}, gone.map((line) => h("li", {}, line.replace(/^- /, "")))));
}

function answersIn(values) {
  return (values.messages || []).filter((m) => m && m.type === "ai" && contentText(m.content).trim()).length;
}

/** The chat view of a thread page; `update` redraws it from ctx, `stream` takes model text. */
export function chatView() {
  const list = h("ol", { class: "bubbles", "data-testid": "chat-messages", "aria-label": "Conversation" });
  const live = h("div", { class: "bubble-live", "aria-live": "polite" });
  const input = h("textarea", { id: "chat-input", rows: "2", "data-testid": "chat-input",
    placeholder: "Ask a follow-up…" });
  const send = h("button", { type: "submit", class: "primary", "data-testid": "chat-send" }, "Send");
  const why = h("span", { class: "muted small", "data-testid": "chat-state" });
  const form = h("form", { class: "chat-form", "data-testid": "chat-form", novalidate: true },
    h("label", { for: "chat-input", class: "block" }, "Continue the conversation"),
    input, h("div", { class: "actions" }, send, why,
      h("span", { class: "muted small hint" }, "Enter sends · Shift+Enter for a new line")));
  const summary = h("div");
  const el = h("section", { class: "card chat", "data-testid": "chat" },
    h("h2", {}, "Conversation"), summary, list, live, form);
  let ctx = null;
  let sending = false;
  let pending = null; // the message being sent, until the thread's values hold it
  let streaming = null; // {run, base, bubble, text}: the answer a live run is writing

  function endStream() {
    streaming = null;
    clear(live);
  }

  function update(next) {
    ctx = next;
    const v = ctx.values || {};
    clear(summary, earlier(v));
    clear(list, bubbles(v));
    if (pending && (v.messages || []).some((m) => m?.type === "human" && contentText(m.content).trim() === pending)) pending = null;
    if (pending) list.append(personBubble(pending, true));
    // The answer is in the values now, or the run ended without one: the live bubble goes.
    if (streaming && (answersIn(v) > streaming.base || ctx.thread?.status !== "busy")) endStream();
    const busy = ctx.thread?.status === "busy" || sending;
    const waiting = ctx.thread?.status === "interrupted";
    input.disabled = busy || waiting;
    send.disabled = busy || waiting;
    why.textContent = busy ? "The assistant is answering…" : waiting ? "Answer the pending question above first." : "";
  }

  /** A model text of a run: the answer's tokens go into the streaming bubble. */
  function stream(run, record, following) {
    if (!following || record.node !== ANSWER_NODE || !record.text) return;
    if (!streaming || streaming.run !== run.run_id) {
      const text = h("div", { class: "bubble-text", "data-testid": "chat-streaming" });
      const bubble = h("div", { class: "bubble assistant streaming", "data-role": "assistant" },
        h("span", { class: "who" }, "Assistant ", h("span", { class: "muted small" }, "writing…")), text);
      streaming = { run: run.run_id, base: answersIn(ctx?.values || {}), text };
      clear(live, bubble);
    }
    streaming.text.textContent = record.text;
  }

  async function submit() {
    const text = input.value.trim();
    if (!text || !ctx || sending) {
      if (!text) input.focus();
      return;
    }
    clearError();
    sending = true;
    pending = text;
    update(ctx);
    const body = { assistant_id: ctx.thread?.metadata?.graph_id || "assistant", input: { messages: text }, stream_mode: STREAM_MODES };
    if (ctx.values?.user_id) body.input.user_id = ctx.values.user_id;
    try {
      await startRun(ctx.threadId, body);
      input.value = "";
    } catch (error) {
      pending = null;
      showError(error);
    } finally {
      sending = false;
    }
    await ctx.refresh();
    if (!input.disabled) input.focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  return { el, update, stream, showsRequest: true };
}
