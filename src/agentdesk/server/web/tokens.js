// What a model writes during a run, as whole texts: the `messages` stream's pieces joined
// into one growing text per model call, each piece counted once.
//
// The stream carries a model's answer twice over: its tokens (AIMessageChunk) and, at the
// end, the whole message (type "ai"), once as the model's result and once as the node's
// state update, each under its own id. Chunks of one call share an id when the model says
// so (hosted and scripted models); the embedded model's chunks come without one, and
// LangGraph then gives each chunk an id of its own. So a text is found by its id first,
// then as the open text of the same graph task (its checkpoint namespace), and a whole
// message whose text that task already wrote is the same text, not a new one.
// Tokens on the `custom` stream ({"kind": "token"}) are the raw decode of the embedded
// model (JSON included): they show progress, never text.

import { contentText } from "./render.js";

/** The texts the models of one run wrote, fed event by event. */
export class ModelTexts {
  constructor() {
    this.texts = [];
    this.byId = new Map();
  }

  /**
   * Take one `messages` event's data ([message, metadata]); returns the text it changed,
   * {id, node, task, text, tools, streamed, done}, or null when it changed none.
   */
  add(data) {
    const [msg, meta] = Array.isArray(data) ? data : [data, {}];
    if (!msg || (msg.type !== "ai" && msg.type !== "AIMessageChunk")) return null;
    const node = meta?.langgraph_node || "model";
    const task = meta?.langgraph_checkpoint_ns || node;
    const piece = contentText(msg.content);
    const tools = [...(msg.tool_calls || []), ...(msg.tool_call_chunks || [])].map((c) => c && c.name).filter(Boolean);
    const chunk = msg.type === "AIMessageChunk";
    let text = msg.id ? this.byId.get(msg.id) : undefined;
    if (!text) text = chunk ? this.open(task) : this.sameAs(task, piece, tools);
    if (!text) {
      if (!piece && !tools.length) return null;
      text = { id: msg.id || null, node, task, text: "", tools: new Set(), streamed: false, done: false };
      this.texts.push(text);
    }
    if (msg.id) this.byId.set(msg.id, text);
    if (chunk) {
      text.text += piece;
      text.streamed = true;
      if (msg.chunk_position === "last") text.done = true;
    } else {
      // The whole message: its text is the text (a streamed one ends here).
      if (piece) text.text = piece;
      text.done = true;
    }
    for (const name of tools) text.tools.add(name);
    return text;
  }

  /** The text a chunk of `task` continues: the task's last text, while it is still open. */
  open(task) {
    const last = this.texts[this.texts.length - 1];
    return last && last.task === task && last.streamed && !last.done ? last : null;
  }

  /** A text of `task` that already says `piece` and asks for `tools`: the same message
   * again (the whole message of a streamed answer, or the node's copy of the model's). */
  sameAs(task, piece, tools) {
    const want = piece.trim();
    const asks = [...new Set(tools)].sort().join(",");
    if (!want && !asks) return null;
    for (let i = this.texts.length - 1; i >= 0; i -= 1) {
      const t = this.texts[i];
      if (t.task === task && t.text.trim() === want && [...t.tools].sort().join(",") === asks) return t;
    }
    return null;
  }
}
