// What agents remember about users (#/memory, #/memory/<user>): see it, edit a user's
// profile, forget one fact or everything. With API keys, only the key's own users show.

import { api, get } from "./api.js";
import { clear, h, plural, timeEl } from "./render.js";
import { clearError, enc, identity, showError, userIdOf } from "./shell.js";

// -- the users ------------------------------------------------------------------------------

export async function memoryPage(page, alive) {
  document.title = "Memory · agentdesk";
  const users = await get("/memory");
  if (!alive()) return;
  const me = userIdOf(identity());
  const open = h("form", {
    class: "inline-form",
    onsubmit: (event) => {
      event.preventDefault();
      const id = open.elements.user.value.trim();
      if (id) location.hash = `#/memory/${enc(id)}`;
    },
  }, h("input", { name: "user", placeholder: "a user id", "aria-label": "User id", "data-testid": "memory-open-user", value: me || null }),
  h("button", { type: "submit" }, "Open"));
  page.append(h("section", { class: "card" },
    h("h1", {}, "Memory"),
    h("p", { class: "muted" }, "What the agents remember about each user: a profile (preferences, permissions) and facts from their conversations."),
    users.length
      ? h("ul", { class: "memory-users", "data-testid": "memory-users" }, users.map((u) =>
        h("li", { "data-testid": "memory-user", "data-user-id": u.user_id },
          h("a", { href: `#/memory/${enc(u.user_id)}` }, u.user_id),
          u.user_id === me ? h("span", { class: "badge status-running", "data-testid": "memory-you" }, "you") : null,
          h("span", { class: "muted small" }, ` · ${plural(u.memories, "memory", "memories")} · `, timeEl(u.updated_at)))))
      : h("div", { class: "empty", "data-testid": "memory-empty" },
        h("p", {}, "Nothing is remembered about anyone yet."),
        h("p", { class: "small" }, "The assistant remembers what people say about themselves (“my name is Ana”, “I live in Porto”, ",
          "“I prefer short answers”) under the name in “Who are you?” at the top. Questions alone leave nothing to remember.")),
    open));
}

// -- one user ------------------------------------------------------------------------------

function preferencesText(preferences) {
  return Object.entries(preferences).map(([k, v]) => `${k}: ${v}`).join("\n");
}

function parsePreferences(text) {
  const out = {};
  for (const [n, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf(":");
    if (at <= 0) throw new Error(`preferences, line ${n + 1}: write it as “name: value”`);
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

export async function memoryUserPage(page, alive, userId) {
  document.title = `${userId} · Memory · agentdesk`;
  const path = `/memory/${enc(userId)}`;
  const body = h("div");
  const saved = h("p", { class: "notice completed", "data-testid": "memory-saved", hidden: true }, "Profile saved.");
  page.append(h("p", {}, h("a", { href: "#/memory" }, "← All users")),
    h("section", { class: "card" }, h("h1", { "data-testid": "memory-user-id" }, userId), saved, body));

  async function load() {
    const data = await get(path);
    if (!alive()) return;
    clear(body, profileForm(data.profile), factsList(data.facts), forgetAll(data));
  }

  function profileForm(profile) {
    const prefs = h("textarea", { rows: 4, class: "code", "data-testid": "memory-preferences", "aria-label": "Preferences", value: preferencesText(profile.preferences) });
    const perms = h("input", { type: "text", "data-testid": "memory-permissions", "aria-label": "Permissions", value: profile.permissions.join(", ") });
    const form = h("form", {
      onsubmit: async (event) => {
        event.preventDefault();
        clearError();
        saved.hidden = true;
        try {
          const next = {
            preferences: parsePreferences(prefs.value),
            permissions: perms.value.split(",").map((p) => p.trim()).filter(Boolean),
          };
          await api("PUT", `${path}/profile`, next);
          saved.hidden = false;
          await load();
        } catch (error) {
          showError(error);
        }
      },
    },
    h("h2", {}, "Profile"),
    h("label", { class: "block" }, "Preferences ", h("span", { class: "muted small" }, "(one “name: value” a line)")), prefs,
    h("label", { class: "block" }, "Permissions ", h("span", { class: "muted small" }, "(comma-separated)")), perms,
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", "data-testid": "memory-save" }, "Save profile")));
    return form;
  }

  function factsList(facts) {
    if (!facts.length) return h("div", { class: "section" }, h("h2", {}, "Facts"), h("p", { class: "empty", "data-testid": "memory-no-facts" }, "No facts remembered."));
    return h("div", { class: "section" }, h("h2", {}, "Facts"),
      h("ul", { class: "memory-facts", "data-testid": "memory-facts" }, facts.map((fact) =>
        h("li", { "data-testid": "memory-fact", "data-key": fact.key },
          h("span", { "data-testid": "memory-fact-text" }, fact.text),
          h("span", { class: "muted small" }, " · ", fact.thread_id ? h("a", { href: `#/threads/${enc(fact.thread_id)}` }, "from a thread") : "", " ", timeEl(fact.at)),
          h("button", { type: "button", class: "link", "data-testid": "memory-forget-fact", onclick: () => forget(`${path}/${enc(fact.key)}`) }, "Forget")))));
  }

  function forgetAll(data) {
    if (!data.facts.length && !data.profile.permissions.length && !Object.keys(data.profile.preferences).length) return null;
    const sure = h("button", { type: "button", class: "danger", hidden: true, "data-testid": "memory-forget-all-confirm", onclick: () => forget(path) }, `Forget everything about ${userId}`);
    return h("div", { class: "actions" },
      h("button", { type: "button", class: "danger-outline", "data-testid": "memory-forget-all", onclick: () => { sure.hidden = false; } }, "Forget everything…"), sure);
  }

  async function forget(target) {
    clearError();
    saved.hidden = true;
    try {
      await api("DELETE", target);
      await load();
    } catch (error) {
      showError(error);
    }
  }

  await load();
}
