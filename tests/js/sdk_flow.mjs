// The official JS SDK against a server at $SERVER_URL: a thread, a streamed run to an
// interrupt, the thread's state, and a resume to the end. Prints one JSON line of what
// it saw; exits non-zero on any error. tests/test_js_sdk.py runs it.
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({ apiUrl: process.env.SERVER_URL, apiKey: process.env.API_KEY || undefined });
const assistant = process.env.ASSISTANT || "hitl";

const thread = await client.threads.create({ metadata: { from: "js" } });
const events = [];
for await (const part of client.runs.stream(thread.thread_id, assistant, {
  input: { topic: "js" },
  streamMode: ["values", "updates"],
})) {
  events.push(part.event);
}
const paused = await client.threads.getState(thread.thread_id);
const interrupts = paused.tasks.flatMap((task) => task.interrupts);
const resumed = await client.runs.wait(thread.thread_id, assistant, {
  command: { resume: { approve: true } },
});
const runs = await client.runs.list(thread.thread_id);
const found = await client.threads.search({ metadata: { from: "js" } });
console.log(JSON.stringify({
  thread_id: thread.thread_id,
  events,
  next: paused.next,
  interrupt: interrupts[0]?.value ?? null,
  result: resumed.result ?? null,
  finished: resumed.finished ?? null,
  runs: runs.map((run) => run.status),
  searched: found.map((t) => t.thread_id),
}));
