// DOM helpers and the readable views of what agents produce: never raw JSON.

/** h("a", {href, class, "data-testid", onclick}, ...children): an element; text is never HTML. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false || name === "value") continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      el.className = value;
    } else if (name in el && typeof value !== "string") {
      el[name] = value;
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  if (attrs && attrs.value !== undefined && attrs.value !== null) el.value = attrs.value;
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// -- formatting -------------------------------------------------------------------

const MONEY = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function money(value, currency = "") {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return "—";
  return `${MONEY.format(Number(value))}${currency ? ` ${currency}` : ""}`;
}

function parseDay(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso || ""));
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

export function day(iso) {
  const d = parseDay(iso);
  if (!d) return String(iso ?? "—");
  return d.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

/** "Mar 10 – Mar 14, 2027" (the year once when both days share it). */
export function dayRange(a, b) {
  const start = parseDay(a);
  const end = parseDay(b);
  if (!start || !end) return `${a ?? "?"} – ${b ?? "?"}`;
  const short = { day: "numeric", month: "short" };
  const year = { ...short, year: "numeric" };
  const first = start.toLocaleDateString(undefined, start.getFullYear() === end.getFullYear() ? short : year);
  return `${first} – ${end.toLocaleDateString(undefined, year)}`;
}

function addDays(iso, n) {
  const d = parseDay(iso);
  if (!d) return null;
  d.setDate(d.getDate() + n);
  return d.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
}

function nightsBetween(a, b) {
  const start = parseDay(a);
  const end = parseDay(b);
  return start && end ? Math.round((end - start) / 86_400_000) : null;
}

/** A server timestamp (UTC, maybe without a zone) as a Date, or null when it is none. */
export function stampDate(stamp) {
  if (!stamp) return null;
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(stamp) ? stamp : `${stamp}Z`;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * When a run started, in this browser's milliseconds: its created_at, so an elapsed timer
 * counts from the run's start and not from when the page was (re)loaded. Never later than
 * now (a server clock ahead of this one would count backwards).
 */
export function runStartedAt(run) {
  const d = stampDate(run && run.created_at);
  return Math.min(d ? d.getTime() : Date.now(), Date.now());
}

/** A server timestamp (UTC, maybe without a zone) as local date and time. */
export function when(stamp) {
  if (!stamp) return "";
  const d = stampDate(stamp);
  if (!d) return stamp;
  const today = new Date().toDateString() === d.toDateString();
  return today ? d.toLocaleTimeString() : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function timeEl(stamp) {
  return h("time", { datetime: stamp || "", title: stamp || "" }, when(stamp));
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/** Tool or action arguments as `key=value, ...` (one line, readable). */
export function argsText(args) {
  if (!args || typeof args !== "object") return args === undefined || args === null ? "" : String(args);
  return Object.entries(args).map(([k, v]) => `${k}=${scalar(v)}`).join(", ");
}

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(scalar).join(" / ");
  if (typeof value === "object") return `{${argsText(value)}}`;
  return String(value);
}

/** Any JSON value as nested definition lists and tables, for data we have no special view for. */
export function renderValue(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "none");
    const objects = value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    if (objects) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return h("table", { class: "grid" },
        h("thead", {}, h("tr", {}, keys.map((k) => h("th", {}, label(k))))),
        h("tbody", {}, value.map((row) => h("tr", {}, keys.map((k) => h("td", {}, scalar(row[k])))))));
    }
    return h("ul", {}, value.map((v) => h("li", {}, renderValue(v))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return h("span", { class: "muted" }, "none");
    return h("dl", { class: "kv" }, entries.map(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, renderValue(v))]));
  }
  return h("span", {}, String(value));
}

export function label(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// -- statuses ---------------------------------------------------------------------

/** A thread's status as a person reads it: {key, label}. */
export function threadStatus(thread) {
  const hasRun = thread && thread.values && Object.keys(thread.values).length > 0;
  switch (thread && thread.status) {
    case "busy": return { key: "running", label: "running" };
    case "interrupted": return { key: "interrupted", label: "waiting for decision" };
    case "error": return { key: "failed", label: "failed" };
    default: return hasRun ? { key: "completed", label: "completed" } : { key: "new", label: "not started" };
  }
}

export function statusBadge(thread, testid = null) {
  const status = threadStatus(thread);
  return h("span", { class: `badge status-${status.key}`, "data-status": status.key, "data-testid": testid },
    status.label);
}

/** What a thread is about, in a few words. */
export function threadTitle(thread) {
  const values = (thread && thread.values) || {};
  const plan = values.current_itinerary;
  if (plan && plan.destination) return `Trip to ${plan.destination} · ${dayRange(plan.start_date, plan.end_date)}`;
  if (typeof values.user_query === "string" && values.user_query.trim()) {
    const question = values.user_query.trim();
    return question.length > 90 ? `${question.slice(0, 88)}…` : question;
  }
  const first = (values.messages || []).find((m) => m && (m.type === "human" || m.role === "user"));
  const text = first ? contentText(first.content).trim() : "";
  if (text) return text.length > 90 ? `${text.slice(0, 88)}…` : text;
  const prefs = values.preferences || {};
  if (prefs.destination) return `Trip to ${prefs.destination}`;
  return `Thread ${String(thread.thread_id).slice(0, 8)}`;
}

export function contentText(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === "string" ? part : (part && part.type === "text" ? part.text || "" : ""))).join("");
  }
  return "";
}

// -- the trip itinerary ------------------------------------------------------------

/**
 * The budget badge: UNDER / OVER / UNKNOWN, with how far from the budget when known, and,
 * over a budget the cheapest flights and hotel found already exceed (``floor``), that no
 * plan fits it.
 */
export function budgetBadge(status, budget, total, currency = "USD", floor = null) {
  let text = "BUDGET UNKNOWN";
  let cls = "unknown";
  let detail = "The plan has not been costed yet.";
  if (status === "over" || status === "under") {
    if (budget === null || budget === undefined) {
      text = "NO BUDGET SET";
      cls = "neutral";
      detail = "No budget was given.";
    } else {
      text = status === "over" ? "OVER BUDGET" : "UNDER BUDGET";
      cls = status;
      const gap = Math.abs(Number(budget) - Number(total || 0));
      detail = `Budget ${money(budget, currency)} · ${status === "over" ? "over by" : "under by"} ${money(gap, currency)}`;
      if (status === "over" && floor !== null && floor !== undefined && Number(floor) > Number(budget)) {
        detail += ` · no plan fits it: the cheapest flights and hotel found cost ${money(floor, currency)}`;
      }
    }
  }
  return h("div", { class: "budget" },
    h("span", { class: `badge budget-${cls}`, "data-testid": "budget-status", "data-budget": status || "unknown" }, text),
    h("div", { class: "muted small", "data-testid": "budget-detail" }, detail));
}

/**
 * The itinerary as a plan a person reads: flights, hotels with rooms, activities
 * per day, the party's costs and the budget badge.
 */
export function renderItinerary({ itinerary, cost_breakdown: costs, total_cost: total, budget_status: status }) {
  const it = itinerary || {};
  const cur = it.currency || "USD";
  const party = Number(it.travelers || 1);
  const nights = nightsBetween(it.start_date, it.end_date);
  const flights = it.flights || [];
  const hotels = it.hotels || [];
  const activities = [...(it.activities || [])].sort((a, b) => a.day - b.day);

  const head = h("header", { class: "plan-head" },
    h("div", {},
      h("h2", { "data-testid": "itinerary-title" }, `Trip to ${it.destination || "?"}`),
      h("p", { class: "muted" }, [
        `${day(it.start_date)} → ${day(it.end_date)}`,
        nights !== null ? ` · ${plural(nights, "night")}` : "",
        ` · ${plural(party, "traveler")} · prices in ${cur}`,
      ].join(""))),
    budgetBadge(status, it.budget, total, cur, it.budget_floor));

  const flightTable = flights.length
    ? h("table", { class: "grid", "data-testid": "flights" },
      h("thead", {}, h("tr", {}, h("th", {}, "Date"), h("th", {}, "From"), h("th", {}, "To"),
        h("th", { class: "num" }, "Price per traveler"), h("th", {}, "Offer"))),
      h("tbody", {}, flights.map((f) => h("tr", {},
        h("td", {}, day(f.date)), h("td", {}, f.origin), h("td", {}, f.destination),
        h("td", { class: "num" }, money(f.price)), h("td", { class: "offer" }, f.offer_id)))))
    : h("p", { class: "muted" }, "No flights.");

  const hotelTable = hotels.length
    ? h("table", { class: "grid", "data-testid": "hotels" },
      h("thead", {}, h("tr", {}, h("th", {}, "Hotel"), h("th", {}, "Check-in"), h("th", {}, "Check-out"),
        h("th", { class: "num" }, "Nights"), h("th", { class: "num" }, "Rooms"),
        h("th", { class: "num" }, "Price per room"), h("th", { class: "num" }, "Subtotal"))),
      h("tbody", {}, hotels.map((s) => {
        const rooms = Number(s.rooms || 1);
        return h("tr", {},
          h("td", {}, h("strong", {}, s.name), h("div", { class: "muted small" }, `${s.city_code} · ${s.offer_id}`)),
          h("td", {}, day(s.check_in)), h("td", {}, day(s.check_out)),
          h("td", { class: "num" }, nightsBetween(s.check_in, s.check_out) ?? "—"),
          h("td", { class: "num", "data-testid": "hotel-rooms" }, rooms),
          h("td", { class: "num" }, money(s.price)), h("td", { class: "num" }, money(Number(s.price) * rooms)));
      })))
    : h("p", { class: "muted" }, "No hotels.");

  const byDay = new Map();
  for (const a of activities) {
    if (!byDay.has(a.day)) byDay.set(a.day, []);
    byDay.get(a.day).push(a);
  }
  const activityList = byDay.size
    ? h("div", { class: "days", "data-testid": "activities" }, [...byDay.entries()].map(([n, items]) =>
      h("div", { class: "day" },
        h("h4", {}, `Day ${n}`, addDays(it.start_date, n - 1) ? h("span", { class: "muted" }, ` · ${addDays(it.start_date, n - 1)}`) : null),
        h("ul", {}, items.map((a) => h("li", {}, h("span", {}, a.name),
          h("span", { class: "num" }, Number(a.cost) ? money(a.cost) : "free")))))))
    : h("p", { class: "muted" }, "No activities planned.");

  const costRows = [];
  if (costs) {
    const hint = {
      flights: `${plural(flights.length, "flight")} × ${plural(party, "traveler")}`,
      hotels: `${plural(hotels.reduce((n, s) => n + Number(s.rooms || 1), 0), "room")}`,
      activities: `${plural(activities.length, "activity", "activities")} × ${plural(party, "person", "people")}`,
    };
    for (const [key, value] of Object.entries(costs)) {
      costRows.push(h("tr", {}, h("th", {}, label(key)), h("td", { class: "muted small" }, hint[key] || ""),
        h("td", { class: "num" }, money(value, cur))));
    }
  }
  const costTable = costs
    ? h("table", { class: "costs", "data-testid": "cost-breakdown" }, h("tbody", {}, costRows,
      h("tr", { class: "total" }, h("th", {}, "Total"), h("td", {}),
        h("td", { class: "num", "data-testid": "total-cost" }, money(total, cur)))))
    : h("p", { class: "muted" }, "Not costed yet.");

  return h("section", { class: "itinerary", "data-testid": "itinerary" },
    head,
    h("h3", {}, "Flights ", h("small", {}, "price per traveler")), flightTable,
    h("h3", {}, "Hotels ", h("small", {}, "price per room for the whole stay")), hotelTable,
    h("h3", {}, "Activities ", h("small", {}, "cost per person")), activityList,
    h("h3", {}, "Cost for the party"), costTable,
    it.notes ? h("p", { class: "notes" }, h("strong", {}, "Notes: "), it.notes) : null);
}
