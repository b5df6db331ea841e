// The HTTP API, seen from the browser: JSON requests, and run streams read as
// Server-Sent Events from a fetch() body (EventSource cannot POST).

import { fieldProblems } from "./problems.js";

const KEY_STORE = "agentdesk.apiKey";
const ACTOR_STORE = "agentdesk.actor"; // the "Who are you?" name (shell.js keeps it)

/** A refused or failed request: `detail` is the API's wording; `problems` its field errors
 * ([{field: "input.message", message}]), for a form to show beside its fields. */
export class ApiError extends Error {
  constructor(status, detail, body = null) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.body = body;
    this.problems = fieldProblems(body);
  }
}

export function apiKey() {
  return localStorage.getItem(KEY_STORE) || "";
}

export function setApiKey(value) {
  if (value) localStorage.setItem(KEY_STORE, value);
  else localStorage.removeItem(KEY_STORE);
}

function headers(extra = {}) {
  const out = { Accept: "application/json", ...extra };
  const key = apiKey();
  // Both ways the server may read it: x-api-key for AGENTDESK_API_KEYS, a bearer token for
  // a langgraph.json auth handler written as the LangGraph docs write one.
  if (key) {
    out["x-api-key"] = key;
    out.Authorization = `Bearer ${key}`;
  }
  // Who is at the keyboard: the timeline's name without API keys; with keys, shown beside
  // the key's name. URL-encoded, as header values must be Latin-1.
  const actor = (localStorage.getItem(ACTOR_STORE) || "").trim();
  if (actor) out["x-agentdesk-actor"] = encodeURIComponent(actor);
  return out;
}

function detailOf(status, statusText, body) {
  if (body && typeof body.detail === "string") return body.detail;
  if (body && Array.isArray(body.detail)) {
    return body.detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
  }
  if (typeof body === "string" && body.trim()) return `${status} ${body.trim().slice(0, 300)}`;
  return `${status} ${statusText || "request failed"}`;
}

async function failure(response) {
  const text = await response.text();
  let body = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  let detail = detailOf(response.status, response.statusText, body);
  if (response.status === 401) detail += " — enter the server's API key at the top right";
  // An id in the URL that cannot be an id (a mistyped link) names nothing: "not found",
  // as for an id that is well formed but unknown.
  const problems = fieldProblems(body);
  if (response.status === 422 && problems.length && problems.every((p) => p.field.startsWith("path."))) {
    const what = problems[0].field.slice(5).replace(/_id$/, "").replace(/_/g, " ");
    return new ApiError(404, `${what} not found`, body);
  }
  return new ApiError(response.status, detail, body);
}

async function send(method, path, body, extraHeaders = {}, signal = undefined) {
  const init = { method, headers: headers(extraHeaders), signal };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, `cannot reach the agentdesk server (${error.message})`);
  }
}

/** One JSON request; resolves to the parsed body, rejects with an ApiError carrying `detail`. */
export async function api(method, path, body) {
  const response = await send(method, path, body);
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);

// -- Server-Sent Events ---------------------------------------------------------

/** Parse an SSE body into {event, data, id} objects (data JSON-decoded when it can be). */
export async function* readEvents(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let event = "message";
  let data = [];
  let id = null;
  // A lone "\r" at the end of a chunk may be the first half of "\r\n": keep it for later.
  const LINE = /\r\n|\n|\r(?!$)/;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split(LINE);
      buffer = lines.pop();
      for (const line of lines) {
        if (line === "") {
          if (data.length) {
            const text = data.join("\n");
            let parsed = text;
            try { parsed = JSON.parse(text); } catch { /* plain text */ }
            yield { event, data: parsed, id };
          }
          event = "message";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue; // a comment: the server's keep-alive ping
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let value2 = colon < 0 ? "" : line.slice(colon + 1);
        if (value2.startsWith(" ")) value2 = value2.slice(1);
        if (field === "event") event = value2;
        else if (field === "data") data.push(value2);
        else if (field === "id") id = value2;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The events of one run: what arrived so far and whoever listens.
 *
 * Runs go on in the server when the browser looks away; a stream that breaks
 * before its `end` event is joined again with Last-Event-ID, so nothing is
 * missed or repeated. Listeners get every event, then {event: "__closed__"}.
 */
export class RunStream {
  constructor(threadId, runId) {
    this.threadId = threadId;
    this.runId = runId;
    this.events = [];
    this.listeners = new Set();
    this.lastId = 0;
    this.ended = false;
    this.closed = false;
    this.status = null;
  }

  /** Follow the response of POST /threads/{id}/runs/stream. */
  static fromResponse(threadId, runId, response) {
    const stream = new RunStream(threadId, runId);
    streams.set(runId, stream);
    stream.pump(response);
    return stream;
  }

  /** Join (or replay) a run's stream; one per run id. */
  static join(threadId, runId) {
    let stream = streams.get(runId);
    if (!stream) {
      stream = new RunStream(threadId, runId);
      streams.set(runId, stream);
      stream.pump(null);
    }
    return stream;
  }

  subscribe(listener) {
    for (const item of this.events) listener(item);
    if (this.closed) listener({ event: "__closed__", data: { status: this.status } });
    else this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(item) {
    for (const listener of [...this.listeners]) {
      try { listener(item); } catch (error) { console.error(error); }
    }
  }

  async connect() {
    const path = `/threads/${encodeURIComponent(this.threadId)}/runs/${encodeURIComponent(this.runId)}/stream`;
    const response = await send("GET", path, undefined, {
      Accept: "text/event-stream", "Last-Event-ID": String(this.lastId) });
    if (!response.ok) throw await failure(response);
    return response;
  }

  async pump(response) {
    let attempts = 0;
    while (!this.ended) {
      try {
        if (!response) response = await this.connect();
        for await (const item of readEvents(response)) {
          const seq = Number(item.id);
          if (Number.isFinite(seq)) {
            if (seq <= this.lastId) continue;
            this.lastId = seq;
          }
          attempts = 0;
          if (item.event === "metadata" && item.data && item.data.run_id && item.data.run_id !== this.runId) {
            streams.delete(this.runId);
            this.runId = item.data.run_id;
            streams.set(this.runId, this);
          }
          this.events.push(item);
          if (item.event === "end") {
            this.ended = true;
            this.status = item.data && item.data.status;
          }
          this.emit(item);
        }
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          this.fail(error.detail);
          break;
        }
      }
      response = null;
      if (this.ended) break;
      attempts += 1;
      if (attempts > 6) {
        this.fail("lost the connection to the run's stream; reload to see where it is");
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempts));
    }
    this.closed = true;
    this.emit({ event: "__closed__", data: { status: this.status } });
    this.listeners.clear();
  }

  fail(message) {
    const item = { event: "error", data: { error: "StreamError", message }, id: null };
    this.events.push(item);
    this.emit(item);
  }
}

const streams = new Map();

/** Start a run on a thread and stream it; rejects with the API's error before any event. */
export async function startRun(threadId, body) {
  const path = `/threads/${encodeURIComponent(threadId)}/runs/stream`;
  const response = await send("POST", path, body, { Accept: "text/event-stream" });
  if (!response.ok) throw await failure(response);
  const where = response.headers.get("Content-Location") || response.headers.get("Location") || "";
  const match = where.match(/\/runs\/([^/]+)\/stream$/);
  const runId = match ? decodeURIComponent(match[1]) : `pending-${Date.now()}`;
  return RunStream.fromResponse(threadId, runId, response);
}

export function knownStream(runId) {
  return streams.get(runId) || null;
}
