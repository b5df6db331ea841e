// The result card of each agent that has one, by graph id: the assistant's chat, the
// simulation's figures and curve, insurance's quote and conversation. Each view is built
// once per thread page and redrawn from the thread's values (`update(ctx)`); `stream`
// takes the model text of a live run (tokens.js) for the answer being written.

import { chatView } from "./chat.js";
import { insuranceView } from "./insurance.js";
import { simulationView } from "./simulation.js";

const VIEWS = { assistant: chatView, simulation: simulationView, insurance: insuranceView };

/** The result view of a thread of `graphId`, or null when the page has its own. */
export function resultView(graphId) {
  const make = VIEWS[graphId];
  return make ? make() : null;
}
