// agentdesk's web app: start a task, watch it work, decide where it pauses.
// Hash routes: #/ (agents, start form, recent threads), #/threads/<id>, #/inbox,
// #/ask (questions to the banking assistant, answered with a chart and the rows), #/memory
// (what agents remember about users, memory.js).
// The pages live in their own modules (home.js, thread.js with decision.js and activity.js,
// inbox.js, ask.js); shell.js holds what they share: errors, the actor, the inbox count.

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

async function route() {
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
  const thread = path.match(/^\/threads\/([^/]+)$/);
  const user = path.match(/^\/memory\/([^/]+)$/);
  try {
    if (path === "/") await homePage(page, alive);
    else if (path === "/inbox") await inboxPage(page, alive);
    else if (path === "/ask") await askPage(page, alive);
    else if (path === "/memory") await memoryPage(page, alive);
    else if (user) await memoryUserPage(page, alive, decodeURIComponent(user[1]));
    else if (thread) await threadPage(page, alive, decodeURIComponent(thread[1]));
    else page.append(h("section", { class: "card" }, h("h1", {}, "Page not found"),
      h("p", {}, h("a", { href: "#/" }, "Go home"))));
  } catch (error) {
    if (alive()) showError(error);
  }
  refreshInboxCount();
}

window.addEventListener("hashchange", route);

// -- go ----------------------------------------------------------------------------------

setUpAuth();
route();
