// agentdesk's web app: start a task, watch it work, decide where it pauses.
// Hash routes: #/ (agents, start form, recent threads), #/threads/<id>, #/inbox,
// #/ask (questions to the banking assistant, answered with a chart and the rows), #/memory
// (what agents remember about users, memory.js).
// The pages live in their own modules (home.js, thread.js with decision.js and activity.js,
// inbox.js, ask.js); shell.js holds what they share: errors, who you are, the inbox count.

import { apiKey, get, setApiKey } from "./api.js";
import { h } from "./render.js";
import { clearError, leavePage, refreshInboxCount, showError } from "./shell.js";
import { askPage } from "./ask.js";
import { homePage } from "./home.js";
import { inboxPage } from "./inbox.js";
import { memoryPage, memoryUserPage } from "./memory.js";
import { threadPage } from "./thread.js";

const view = document.getElementById("view");

// -- the API key, when the server asks for one ----------------------------------------------

async function setUpAuth() {
  try {
    const info = await get("/info");
    if (!info.auth) return;
    const field = document.getElementById("key-field");
    const input = document.getElementById("api-key");
    field.hidden = false;
    input.value = apiKey();
    const save = (event) => {
      event.preventDefault();
      setApiKey(input.value.trim());
      route();
    };
    field.addEventListener("submit", save);
    input.addEventListener("change", save);
  } catch {
    /* the page says what went wrong when it loads */
  }
}

// -- routing ------------------------------------------------------------------------------

let routeSeq = 0;

// The API's rule for ids (server/ids.py): what cannot be an id names no thread.
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A path segment decoded, or null when it is not valid percent-encoding (a mangled link). */
function segment(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function notFound(page, what, back = h("a", { href: "#/" }, "Go home")) {
  document.title = `${what} not found · agentdesk`;
  page.append(h("section", { class: "card", "data-testid": "not-found" },
    h("h1", { "data-testid": "not-found-title" }, `${what} not found`),
    h("p", {}, `There is no ${what.toLowerCase()} at this address. The link may be mistyped, or it was deleted.`),
    h("p", {}, back)));
}

async function route(event = null) {
  leavePage();
  clearError();
  const seq = ++routeSeq;
  const alive = () => seq === routeSeq;
  const path = location.hash.replace(/^#/, "") || "/";
  for (const link of document.querySelectorAll("[data-nav]")) {
    const active = link.dataset.nav === ({ "/inbox": "inbox", "/": "home", "/ask": "ask" }[path]
      || (path.startsWith("/memory") ? "memory" : "") || "");
    link.classList.toggle("active", active);
    if (active) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const page = h("div", { class: "page" });
  view.replaceChildren(page);
  window.scrollTo(0, 0);
  const thread = path.match(/^\/threads\/([^/]*)\/?$/);
  const user = path.match(/^\/memory\/([^/]*)\/?$/);
  const threadId = thread ? segment(thread[1]) : null;
  const userId = user ? segment(user[1]) : null;
  try {
    if (path === "/") await homePage(page, alive);
    else if (path === "/inbox") await inboxPage(page, alive);
    else if (path === "/ask") await askPage(page, alive);
    else if (path === "/memory") await memoryPage(page, alive);
    else if (user && userId !== null && ID.test(userId)) await memoryUserPage(page, alive, userId);
    else if (user) notFound(page, "User", h("a", { href: "#/memory" }, "All users"));
    else if (thread && threadId !== null && ID.test(threadId)) await threadPage(page, alive, threadId);
    else if (thread) notFound(page, "Thread");
    else notFound(page, "Page");
  } catch (error) {
    if (alive()) showError(error);
  }
  // After a move to another page, a screen reader starts at its heading, not the link left.
  if (event && alive()) {
    const heading = page.querySelector("h1");
    if (heading && !page.contains(document.activeElement)) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  }
  refreshInboxCount();
}

window.addEventListener("hashchange", route);

// -- go ----------------------------------------------------------------------------------

setUpAuth();
route();
