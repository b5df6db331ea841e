// What went wrong, in words a person uses: the API's errors (a status, a field path such as
// "input.preferences.travelers", a validation message) turned into a sentence that says what
// to do, and the field it is about. The API's own wording stays available as the detail.

/** The API's field problems of an error body: [{field, message}] with the field's path. */
export function fieldProblems(body) {
  if (!body || typeof body !== "object") return [];
  if (Array.isArray(body.errors)) {
    return body.errors.filter((e) => e && e.field).map((e) => ({ field: e.field, message: String(e.message || "") }));
  }
  if (typeof body.field === "string" && body.field) {
    const text = String(body.message || body.detail || "");
    const prefix = `${body.field}: `;
    return [{ field: body.field, message: text.startsWith(prefix) ? text.slice(prefix.length) : text }];
  }
  if (Array.isArray(body.detail)) { // FastAPI's own shape: [{loc, msg}]
    return body.detail.map((d) => ({ field: (d.loc || []).filter((p) => p !== "body").join("."), message: String(d.msg || "") }));
  }
  return [];
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const RULES = [
  [/^Field required$/i, () => "Fill this in."],
  [/^String should have at least 1 character/i, () => "Fill this in."],
  [new RegExp(`^String should have at least ${NUMBER} characters?`, "i"), (m) => `Use at least ${m[1]} characters.`],
  [new RegExp(`^String should have at most ${NUMBER} characters?`, "i"), (m) => `Use at most ${m[1]} characters.`],
  [new RegExp(`^List should have at most ${NUMBER} items?`, "i"), (m) => `Give at most ${m[1]}.`],
  [new RegExp(`^Input should be greater than or equal to ${NUMBER}`, "i"), (m) => `Must be at least ${m[1]}.`],
  [new RegExp(`^Input should be greater than ${NUMBER}`, "i"), (m) => `Must be more than ${m[1]}.`],
  [new RegExp(`^Input should be less than or equal to ${NUMBER}`, "i"), (m) => `Must be at most ${m[1]}.`],
  [new RegExp(`^Input should be less than ${NUMBER}`, "i"), (m) => `Must be less than ${m[1]}.`],
  [/^Input should be a valid integer/i, () => "Enter a whole number."],
  [/^Input should be a valid number/i, () => "Enter a number."],
  [/^Input should be a valid date/i, () => "Enter a date (year, month and day)."],
  [/^Input should be a valid boolean/i, () => "Choose yes or no."],
  [/^Input should be a valid string/i, () => "Enter text."],
  [/^Input should be a valid (?:list|array)/i, () => "Give a list."],
  [/^Input should be ('.+')$/i, (m) => `Choose one of: ${m[1].replace(/'/g, "")}.`],
  [/^Extra inputs are not permitted/i, () => "This agent does not take this field."],
];

/**
 * A validation message in plain words. `field` is the last part of the field's path (an email
 * address refused by a pattern reads as such); `names` maps field names to their labels, so a
 * message naming another field ("give a request in messages") names what the person sees.
 */
export function plainMessage(message, field = "", names = {}) {
  let text = String(message || "").replace(/^Value error, /, "").trim();
  if (/^String should match pattern/i.test(text)) {
    if (/email/i.test(field)) return "Enter an email address, like name@example.com.";
    return "This is not in the expected form.";
  }
  for (const [pattern, say] of RULES) {
    const match = text.match(pattern);
    if (match) return say(match);
  }
  for (const [name, label] of Object.entries(names)) {
    text = text.replace(new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "g"), `“${label}”`);
  }
  if (!text) return "This is not accepted.";
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What the person should read for a failed request: one sentence that says what to do. */
export function plainError(error) {
  const status = error && error.status;
  const detail = (error && (error.detail || error.message)) || String(error);
  if (status === 0) return "Cannot reach the agentdesk server. Check that it is running and try again.";
  if (status === 401) return "The server needs an API key: enter it at the top right, then try again.";
  if (status === 403) return "Your API key may not do this.";
  if (status === 404) return `${sentence(detail)} It may have been deleted, or the link is mistyped.`;
  if (status === 409) return `${sentence(detail)} Reload the page to see where things are now.`;
  if (status === 413) return "That is too large for the server. Send something shorter.";
  if (status === 429) return "The server is busy. Wait a moment and try again.";
  if (status === 422) {
    const [first] = fieldProblems(error.body);
    if (first) {
      const where = first.field.split(".").filter((p) => p !== "input" && p !== "body" && !/^\d+$/.test(p)).pop();
      const what = plainMessage(first.message, where || "");
      return where ? `Check “${where.replace(/_/g, " ")}”: ${what}` : what;
    }
    return sentence(detail);
  }
  if (status >= 500) return `The server failed (${sentence(detail)}) Try again; if it keeps failing, the server's log says why.`;
  return sentence(detail);
}

function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return "Something went wrong.";
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}
