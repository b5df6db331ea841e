// A start form built from an agent's input schema (JSON Schema, as GET /assistants/{id}/schemas
// answers it), so an agent added later needs no page code: a field per property, typed (text,
// long text, number, choice, yes/no, date, list), required ones marked, defaults filled, and
// nested objects (the trip's preferences) as a group of their own.
//
// Ids: the request field (the one plain-text requests go to) is "request"; every other field is
// "<agent>-<name>" (the trip's origin is "trip-origin").

import { h } from "./render.js";
import { plainMessage } from "./problems.js";

const LONG_TEXT = 1000; // a string that may be this long gets a multi-line box

/** `schema` with its $ref followed and `anyOf: [X, null]` read as an optional X. */
function resolve(schema, root) {
  let s = schema || {};
  for (let i = 0; s.$ref && i < 10; i += 1) {
    const ref = s.$ref;
    const target = ref.replace(/^#\//, "").split("/").reduce((node, key) => (node ? node[key] : undefined), root);
    const { $ref: _drop, ...rest } = s;
    s = { ...(target || {}), ...rest };
  }
  const options = s.anyOf || s.oneOf;
  if (Array.isArray(options)) {
    const real = options.filter((o) => o && o.type !== "null");
    if (real.length === 1) {
      const { anyOf: _a, oneOf: _o, ...rest } = s;
      return { ...resolve(real[0], root), ...rest, nullable: real.length < options.length };
    }
  }
  return s;
}

/** "Customer Email" or "customer_email" -> "Customer email" (short all-capital words stay). */
export function labelOf(key, schema = {}) {
  const text = (schema.title || String(key).replace(/_/g, " ")).trim();
  const words = text.split(/\s+/).map((w, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase()));
  const out = words.join(" ");
  return out.charAt(0).toUpperCase() + out.slice(1);
}

function kindOf(s) {
  if (Array.isArray(s.enum)) return "choice";
  if (s.type === "boolean") return "yesno";
  if (s.type === "integer") return "integer";
  if (s.type === "number") return "number";
  if (s.type === "array") return "list";
  if (s.type === "object") return "group";
  if (s.format === "date") return "date";
  if (s.format === "date-time") return "datetime";
  return "text";
}

/**
 * The form for one agent.
 *
 * Args: agent (an assistant: graph_id, metadata.request_field), schema (its input schema),
 * opts.requestLabel / opts.placeholder (words for the request field), opts.skip (names of
 * top-level fields the page fills itself, such as user_id).
 * Returns {element, read(), showProblems(problems), clearProblems(), focusFirstProblem()}.
 */
export function schemaForm(agent, schema, opts = {}) {
  const root = schema || {};
  const requestKey = agent.metadata?.request_field || "messages";
  const fields = [];
  const names = {};
  const skip = new Set(opts.skip || []);

  function fieldFor(path, key, raw, required) {
    const s = resolve(raw, root);
    const kind = kindOf(s);
    const isRequest = path.length === 1 && key === requestKey;
    const id = isRequest ? "request" : uniqueId(`${agent.graph_id}-${key}`);
    const label = isRequest ? (opts.requestLabel || "Your request") : labelOf(key, s);
    names[key] = label;
    const hintId = `${id}-hint`;
    const problemId = `${id}-problem`;
    const hint = isRequest ? opts.requestHint : (s.description || (kind === "list" ? "Separate them with commas." : ""));
    const control = makeControl(id, s, kind, isRequest, required);
    if (isRequest && opts.placeholder) control.placeholder = opts.placeholder;
    const described = [hint ? hintId : null, problemId].filter(Boolean).join(" ");
    control.setAttribute("aria-describedby", described);
    const problem = h("p", { class: "field-problem", id: problemId, "data-testid": `${id}-problem`, hidden: true });
    const title = h("span", { class: "field-label" }, label,
      required ? h("span", { class: "required" }, " (required)") : null);
    const wrap = kind === "yesno"
      ? h("div", { class: "field check" }, h("label", { for: id }, control, " ", title),
        hint ? h("span", { class: "field-hint", id: hintId }, hint) : null, problem)
      : h("div", { class: `field${isRequest ? " field-request" : ""}${kind === "text" && control.tagName === "TEXTAREA" ? " wide" : ""}` },
        h("label", { for: id, class: isRequest ? "block" : null }, title),
        isRequest && hint ? h("span", { class: "field-hint", id: hintId }, hint) : null,
        control,
        !isRequest && hint ? h("span", { class: "field-hint", id: hintId }, hint) : null,
        problem);
    const field = { path, key, schema: s, kind, required, label, control, problem, wrap, isRequest };
    fields.push(field);
    return field;
  }

  const used = new Set();
  function uniqueId(base) {
    let id = base.replace(/[^A-Za-z0-9_-]/g, "-");
    for (let n = 2; used.has(id) || id === "request"; n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  }

  const props = Object.entries(root.properties || {}).filter(([key]) => !skip.has(key));
  const requiredTop = new Set(root.required || []);
  const requestEntry = props.find(([key]) => key === requestKey);
  const parts = [];
  if (requestEntry) parts.push(fieldFor([requestKey], requestKey, requestEntry[1], requiredTop.has(requestKey)).wrap);
  const simple = [];
  const groups = [];
  for (const [key, raw] of props) {
    if (key === requestKey) continue;
    const s = resolve(raw, root);
    if (kindOf(s) === "group" && s.properties) {
      const inner = new Set(s.required || []);
      const items = Object.entries(s.properties).map(([k, r]) => fieldFor([key, k], k, r, inner.has(k)).wrap);
      names[key] = labelOf(key, { title: raw.title });
      groups.push(h("fieldset", { class: "schema-group", "data-testid": `${agent.graph_id}-${key}-fields` },
        h("legend", {}, names[key], requiredTop.has(key) ? "" : h("span", { class: "muted" }, " (optional)")),
        h("div", { class: "fields" }, items)));
    } else {
      simple.push(fieldFor([key], key, raw, requiredTop.has(key)).wrap);
    }
  }
  if (simple.length) parts.push(h("div", { class: "fields" }, simple));
  parts.push(...groups);
  const element = h("div", { class: "schema-form", "data-testid": "schema-form", "data-agent": agent.graph_id }, parts);

  /** The input to send, and the problems found before sending ([{field, text}]). */
  function read() {
    const input = {};
    const problems = [];
    for (const f of fields) {
      const [value, problem] = valueOf(f);
      if (problem) problems.push({ field: f, text: problem });
      else if (value === undefined && f.required) problems.push({ field: f, text: "Fill this in." });
      // A default is what the agent assumes anyway: sent, it would override what the request
      // text says (a budget "in EUR" against the currency field's USD).
      else if (value !== undefined && !isDefault(f.schema, value)) setPath(input, f.path, value);
    }
    return { input, problems };
  }

  function place(field, text) {
    field.problem.textContent = text;
    field.problem.hidden = false;
    field.control.setAttribute("aria-invalid", "true");
  }

  function clearProblems() {
    for (const f of fields) {
      f.problem.hidden = true;
      f.problem.textContent = "";
      f.control.removeAttribute("aria-invalid");
    }
  }

  /** Show problems beside their fields: ours ([{field, text}]) or the API's ([{field: "input.x",
   * message}]). Returns what was shown, as [{label, text}]. */
  function showProblems(problems) {
    const shown = [];
    for (const p of problems) {
      let field = p.field && typeof p.field === "object" ? p.field : null;
      let text = p.text;
      if (!field) {
        const path = String(p.field || "").split(".").filter((part) => part !== "body");
        if (path[0] === "input") path.shift();
        field = findField(path) || (path.length === 0 ? fields.find((f) => f.isRequest) : null);
        text = plainMessage(p.message, path[path.length - 1] || "", names);
      }
      if (!field) continue;
      place(field, text);
      shown.push({ label: field.label, text });
    }
    return shown;
  }

  function findField(path) {
    for (let n = path.length; n > 0; n -= 1) {
      const want = path.slice(0, n).join(".");
      const found = fields.find((f) => f.path.join(".") === want);
      if (found) return found;
    }
    return null;
  }

  function focusFirstProblem() {
    const first = fields.find((f) => !f.problem.hidden);
    if (first) first.control.focus();
  }

  return { element, read, showProblems, clearProblems, focusFirstProblem, fields };
}

function makeControl(id, s, kind, isRequest, required) {
  const common = { id, name: id, "data-testid": id, autocomplete: "off", required: required || null };
  let el;
  if (kind === "choice") {
    el = h("select", common,
      required && s.default === undefined ? h("option", { value: "" }, "Choose…") : null,
      !required ? h("option", { value: "" }, "—") : null,
      s.enum.map((v) => h("option", { value: String(v) }, String(v))));
  } else if (kind === "yesno") {
    el = h("input", { ...common, type: "checkbox" });
    el.checked = s.default === true;
    return el;
  } else if (kind === "integer" || kind === "number") {
    el = h("input", { ...common, type: "number", inputmode: kind === "integer" ? "numeric" : "decimal",
      step: kind === "integer" ? "1" : "any",
      min: s.minimum ?? (s.exclusiveMinimum !== undefined ? String(s.exclusiveMinimum) : null),
      max: s.maximum ?? null });
  } else if (kind === "date") {
    el = h("input", { ...common, type: "date" });
  } else if (kind === "datetime") {
    el = h("input", { ...common, type: "datetime-local" });
  } else if (kind === "text" && (isRequest || (s.maxLength || 0) >= LONG_TEXT)) {
    el = h("textarea", { ...common, rows: isRequest ? "4" : "3", maxlength: s.maxLength ?? null });
  } else if (kind === "text") {
    const email = s.format === "email" || /email/i.test(id);
    el = h("input", { ...common, type: email ? "email" : "text", maxlength: s.maxLength ?? null,
      placeholder: email ? "name@example.com" : null });
  } else {
    el = h("input", { ...common, type: "text" }); // a list: comma-separated
  }
  const fill = s.default;
  if (fill !== undefined && fill !== null) el.value = Array.isArray(fill) ? fill.join(", ") : String(fill);
  return el;
}

/** A field's value as the API takes it ([value, problem]); undefined when left empty. */
function valueOf(f) {
  const el = f.control;
  if (f.kind === "yesno") {
    const fallback = f.schema.default === true;
    return [el.checked !== fallback || f.required ? el.checked : undefined, null];
  }
  if (f.kind === "integer" || f.kind === "number") {
    if (el.validity.badInput) return [undefined, f.kind === "integer" ? "Enter a whole number." : "Enter a number."];
    const text = el.value.trim();
    if (text === "") return [undefined, null];
    const n = Number(text);
    if (!Number.isFinite(n)) return [undefined, "Enter a number."];
    if (f.kind === "integer" && !Number.isInteger(n)) return [undefined, "Enter a whole number."];
    return [n, null];
  }
  if (f.kind === "list") {
    const itemType = resolveItems(f.schema);
    const items = el.value.split(",").map((v) => v.trim()).filter(Boolean);
    if (!items.length) return [undefined, null];
    if (itemType === "number" || itemType === "integer") {
      const nums = items.map(Number);
      if (nums.some((n) => !Number.isFinite(n))) return [undefined, "Give numbers, separated with commas."];
      return [nums, null];
    }
    return [items, null];
  }
  const text = el.value.trim();
  return [text === "" ? undefined : text, null];
}

function isDefault(s, value) {
  if (s.default === undefined || s.default === null) return false;
  return JSON.stringify(s.default) === JSON.stringify(value);
}

function resolveItems(s) {
  return s.items && s.items.type;
}

function setPath(target, path, value) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object") node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}
