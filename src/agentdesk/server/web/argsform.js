// A form generated from a decision's arguments: one labelled field per key, its input typed
// by the value (number, yes/no, date, a line or a text box, a list as comma-separated
// text), never raw JSON.
// Nested objects, the rare case, get a small JSON box of their own.

import { h, label } from "./render.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What kind of input a value needs: number, integer, boolean, date, list, json or text. */
function kindOf(value, hint) {
  if (hint) return hint;
  // JSON cannot tell 200 from 200.0, so a number is any number unless `hint` says whole.
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string" && DATE.test(value)) return "date";
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return "list";
  if (value !== null && typeof value === "object") return "json";
  // An email or a note keeps its line breaks: a text box, not a one-line field.
  if (typeof value === "string" && (value.includes("\n") || value.length > 80)) return "longtext";
  return "text";
}

function inputFor(key, kind, value, idPrefix) {
  const testid = `edit-field-${key}`;
  const common = { id: `${idPrefix}${testid}`, name: key, "data-testid": testid, "data-kind": kind };
  switch (kind) {
    case "integer":
    case "number":
      return h("input", { ...common, type: "number", step: kind === "integer" ? "1" : "any", inputmode: "decimal", value: value ?? "" });
    case "boolean":
      return h("input", { ...common, type: "checkbox", checked: Boolean(value) });
    case "date":
      return h("input", { ...common, type: "date", value: value ?? "" });
    case "list":
      return h("input", { ...common, type: "text", value: (value || []).join(", "), placeholder: "comma-separated" });
    case "json":
      return h("textarea", { ...common, class: "code", rows: "3", spellcheck: "false", value: JSON.stringify(value ?? null, null, 2) });
    case "longtext":
      return h("textarea", { ...common, rows: String(Math.min(14, Math.max(3, String(value ?? "").split("\n").length + 1))), value: value ?? "" });
    default:
      return h("input", { ...common, type: "text", value: value ?? "" });
  }
}

/** The value an input holds, in its kind; throws an Error naming the field when it cannot. */
function readInput(key, kind, input, original) {
  const text = kind === "boolean" ? null : input.value.trim();
  switch (kind) {
    case "integer":
    case "number": {
      if (text === "") return null;
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error(`${key}: ${JSON.stringify(text)} is not a number`);
      if (kind === "integer" && !Number.isInteger(n)) throw new Error(`${key}: must be a whole number`);
      return n;
    }
    case "boolean":
      return input.checked;
    case "list":
      return text === "" ? [] : text.split(",").map((s) => s.trim()).filter(Boolean)
        .map((s) => (typeof original?.[0] === "number" && Number.isFinite(Number(s)) ? Number(s) : s));
    case "json":
      try {
        return JSON.parse(text || "null");
      } catch (error) {
        throw new Error(`${key}: not valid JSON (${error.message})`);
      }
    default:
      return text === "" ? (original === null || original === undefined ? null : "") : text;
  }
}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A form for `values` (key -> current value). `kinds` may name a field's kind when the value
 * cannot tell it (a missing budget is still a number); `idPrefix` keeps the inputs' ids
 * apart when a page holds several forms (the inbox). Returns {el, read(), focus()}, where
 * read() gives {values, changed} and throws an Error naming the first field it cannot read.
 */
export function argsForm(values, kinds = {}, { idPrefix = "" } = {}) {
  const keys = [...new Set([...Object.keys(values || {}), ...Object.keys(kinds)])];
  const fields = keys.map((key) => {
    const kind = kindOf(values?.[key], kinds[key]);
    const input = inputFor(key, kind, values?.[key], idPrefix);
    const box = kind === "boolean"
      ? h("label", { class: "field check", for: input.id }, input, label(key))
      : h("label", { class: `field${kind === "json" || kind === "longtext" ? " wide" : ""}`, for: input.id }, label(key), input);
    return { key, kind, input, box };
  });
  const el = h("div", { class: "fields edit-fields", "data-testid": "edit-form" }, fields.map((f) => f.box));
  function read() {
    const out = {};
    const changed = [];
    for (const f of fields) {
      const value = readInput(f.key, f.kind, f.input, values?.[f.key]);
      if (value === null && (values?.[f.key] === undefined)) continue; // left empty, never set
      out[f.key] = value;
      if (!same(value, values?.[f.key])) changed.push(f.key);
    }
    return { values: out, changed };
  }
  return { el, read, focus: () => fields[0]?.input.focus() };
}
