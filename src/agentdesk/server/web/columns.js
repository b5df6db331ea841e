// The columns of query rows and how their numbers are written, for the charts (charts.js)
// and the rows table (answer.js).
//
// Numbers are written by the column's type, as the server's summary writes them
// (agentdesk/text.py figure): integers without decimals, decimals (money, averages) with
// two. Identifiers (`id`, `<thing>_id`) are numbers that name rows, never values to chart,
// as the server's chart suggestion (domains/banking/agent/choices.py) treats them.

const NUMERIC_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const DATE_TEXT = /^\d{4}(-\d{2}(-\d{2})?)?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A cell as a number, or null (numbers, and numeric text such as decimals sent as strings). */
export function toNumber(value) {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC_TEXT.test(value)) return Number(value);
  return null;
}

function present(rows, column) {
  return rows.map((r) => r[column]).filter((v) => v !== null && v !== undefined && v !== "");
}

/** Is every non-empty cell of the column a number (and is there at least one)? */
export function isNumericColumn(rows, column) {
  const values = present(rows, column);
  return values.length > 0 && values.every((v) => toNumber(v) !== null);
}

const IDENTIFIER = /^(id|.+_id)$/i;

/** `id` or `<thing>_id`: a number that names a row, never a value to chart. */
export function isIdentifier(column) {
  return IDENTIFIER.test(String(column));
}

/**
 * Each numeric column's number type, "integer" or "decimal" (null for other columns).
 * `types` is the server's `column_types` (JSON cannot tell 20470.0 from 20470); a column it
 * does not name is "decimal" when one of its values has a fraction, else "integer".
 */
export function columnTypes(columns, rows, types = null) {
  const out = {};
  for (const c of columnsOf(columns, rows)) {
    const given = types && typeof types === "object" ? types[c] : undefined;
    if (given === "integer" || given === "decimal") out[c] = given;
    else if (given !== undefined || !isNumericColumn(rows, c)) out[c] = null;
    else out[c] = present(rows, c).some((v) => !Number.isInteger(toNumber(v))) ? "decimal" : "integer";
  }
  return out;
}

/** Is every non-empty cell of the column a date or a date-time, as ISO text? */
export function isDateColumn(rows, column) {
  const values = present(rows, column);
  return values.length > 0 && values.every((v) => typeof v === "string" && DATE_TEXT.test(v.trim()));
}

/** The result's columns: as the server lists them, else the keys of the rows. */
export function columnsOf(columns, rows) {
  if (Array.isArray(columns) && columns.length) return columns.map(String);
  const seen = new Set();
  for (const row of rows || []) for (const key of Object.keys(row || {})) seen.add(key);
  return [...seen];
}

// en-US, as the server's summary writes numbers (20,470.00), whatever the browser's locale:
// the same value reads the same in the summary, the chart and the table. Ties round away
// from zero, as figure() in agentdesk/text.py rounds them.
const LOCALE = "en-US";
const FULL = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const INTEGER = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COMPACT = new Intl.NumberFormat(LOCALE, { notation: "compact", maximumFractionDigits: 1 });

/** A number as its column's type says ("integer", "decimal"); without a type, up to two decimals. */
export function formatNumber(n, type = null) {
  if (n === null || n === undefined) return "—";
  if (type === "decimal") return DECIMAL.format(n);
  if (type === "integer") return INTEGER.format(n);
  return FULL.format(n);
}

/** An axis tick: compact from 10,000 up (20K), else as formatNumber without a type. */
export function tickText(n) {
  return Math.abs(n) >= 10_000 ? COMPACT.format(n) : FULL.format(n);
}
