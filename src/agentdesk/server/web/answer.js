// The banking assistant's answer as a person reads it: the summary, the chart drawn from
// the rows, the SQL that produced them and the rows themselves; or why there is no answer.
// Used by the "Ask the bank" page (POST /ask) and by a banking thread's page (its state).

import { chartFor, columnTypes, columnsOf, formatNumber, isNumericColumn } from "./charts.js";
import { h, plural } from "./render.js";

const CHART_NAME = { metric: "a single value", bar: "a bar chart", line: "a line chart", pie: "a pie chart", table: "a table" };

/** Is this thread state (or thread) the banking assistant's? */
export function isBankingState(values, graphId = null) {
  if (graphId) return graphId === "banking";
  return Boolean(values && typeof values === "object" && "user_query" in values
    && ("execution_result" in values || "validated_sql" in values));
}

/** POST /ask's QueryResponse as the answer view's input. */
export function fromQueryResponse(r) {
  const result = r.execution_result || null;
  return {
    question: r.query, sql: r.validated_sql, summary: r.summary, chart: r.chart_suggestion,
    rows: result ? result.data || [] : null, columns: result?.columns, types: result?.column_types, rowCount: result?.row_count,
    seconds: result?.execution_time_seconds, truncated: Boolean(result?.truncated),
    error: r.error, threadId: r.thread_id,
  };
}

/** A banking thread's state values as the answer view's input. */
export function fromThreadValues(v) {
  const result = v.execution_result && typeof v.execution_result === "object" ? v.execution_result : null;
  const ran = result && !("error" in result);
  const failed = !v.summary && Boolean(v.error_message);
  return {
    question: v.user_query, sql: v.validated_sql, summary: v.summary, chart: v.chart_suggestion,
    rows: ran ? result.rows || result.data || [] : null, columns: ran ? result.columns : null,
    types: ran ? result.column_types : null,
    rowCount: ran ? result.row_count : null, seconds: ran ? result.execution_time_seconds : null,
    truncated: Boolean(ran && result.truncated),
    error: failed ? v.error_message : null, retryCount: v.retry_count || 0,
    attemptedSql: failed ? v.generated_sql : null, intent: v.interpreted_intent,
  };
}

function seconds(n) {
  if (n === null || n === undefined || Number.isNaN(Number(n))) return null;
  const value = Number(n);
  return value < 1 ? `${(value * 1000).toFixed(value < 0.01 ? 1 : 0)} ms` : `${value.toFixed(2)} s`;
}

function cell(value, numeric, type) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value === "number") return formatNumber(value, type);
  if (typeof value === "object") return JSON.stringify(value);
  if (numeric && typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return formatNumber(Number(value), type);
  return String(value);
}

/** The rows as a table (columns in the query's order; numbers right-aligned, written by the
 * column's type as the summary writes them: `types` is the server's column_types). */
export function rowsTable(columns, rows, types = null) {
  const cols = columnsOf(columns, rows);
  if (!rows.length) return h("p", { class: "muted", "data-testid": "ask-rows", "data-rows": "0" }, "No rows matched.");
  const numeric = new Set(cols.filter((c) => isNumericColumn(rows, c)));
  const typeOf = columnTypes(cols, rows, types);
  return h("div", { class: "table-wrap" },
    h("table", { class: "grid rows", "data-testid": "ask-rows", "data-rows": rows.length },
      h("thead", {}, h("tr", {}, cols.map((c) => h("th", { class: numeric.has(c) ? "num" : null, scope: "col" }, c)))),
      h("tbody", {}, rows.map((row) => h("tr", {},
        cols.map((c) => h("td", { class: numeric.has(c) ? "num" : null }, cell(row[c], numeric.has(c), typeOf[c]))))))));
}

function sqlBlock(sql, testid, title) {
  const code = h("code", {}, sql);
  const copy = h("button", {
    type: "button", class: "link small copy", "aria-label": `Copy ${title}`,
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(sql);
        copy.textContent = "Copied";
      } catch {
        const range = document.createRange();
        range.selectNodeContents(code);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        copy.textContent = "Selected: press Ctrl+C";
      }
      setTimeout(() => { copy.textContent = "Copy"; }, 1500);
    },
  }, "Copy");
  return h("div", { class: "sql-block" },
    h("div", { class: "row" }, h("h3", {}, title), copy),
    h("pre", { class: "sql", "data-testid": testid }, code));
}

/**
 * The answer view. `a`: {question, sql, summary, chart, rows, columns, rowCount, seconds,
 * truncated, error, retryCount, attemptedSql, threadId}; options: {showQuestion, threadLink}.
 */
export function renderAnswer(a, { showQuestion = true, threadLink = true } = {}) {
  const rows = Array.isArray(a.rows) ? a.rows : null;
  const parts = [];
  if (showQuestion && a.question) parts.push(h("p", { class: "eyebrow question" }, "You asked"), h("h2", { class: "asked", "data-testid": "ask-question" }, a.question));
  if (a.error) {
    const tries = a.retryCount ? ` after ${plural(a.retryCount, "failed attempt")}` : "";
    parts.push(h("div", { class: "notice failed answer-error", role: "alert", "data-testid": "ask-error" },
      h("strong", {}, `No answer${tries}. `), h("span", { "data-testid": "ask-error-text" }, a.error),
      a.retryCount ? h("div", { class: "small", "data-testid": "ask-retries" }, `Retries used: ${Math.max(0, a.retryCount - 1)} · failed attempts: ${a.retryCount}`) : null));
  }
  if (a.summary) parts.push(h("p", { class: "answer-summary", "data-testid": "ask-summary" }, a.summary));
  if (rows) {
    const count = a.rowCount ?? rows.length;
    const time = seconds(a.seconds);
    parts.push(h("p", { class: "muted small answer-meta", "data-testid": "ask-meta" },
      h("span", { "data-testid": "ask-row-count" }, plural(count, "row")),
      time ? [" in ", h("span", { "data-testid": "ask-time" }, time)] : null,
      a.truncated ? h("span", { class: "truncated" }, ` · only the first ${plural(rows.length, "row")} are shown`) : null,
      a.chart ? ` · suggested chart: ${CHART_NAME[a.chart] || a.chart}` : null));
    const { svg, reason } = chartFor(a.chart || "table", a.columns, rows, a.types);
    if (svg) {
      parts.push(h("figure", { class: "chart-box", "data-testid": "ask-chart", "data-kind": a.chart }, svg));
    } else if (a.chart && a.chart !== "table") {
      parts.push(h("p", { class: "muted small chart-fallback", "data-testid": "ask-chart-fallback", "data-kind": "table" },
        `No ${a.chart} chart: ${reason || "the rows do not fit it"}; the rows are shown as a table.`));
    }
  }
  if (a.sql) parts.push(sqlBlock(a.sql, "ask-sql", "SQL (checked, read-only)"));
  else if (a.attemptedSql) parts.push(sqlBlock(a.attemptedSql, "ask-attempted-sql", "Last SQL the agent wrote (refused)"));
  if (rows) parts.push(h("h3", {}, "Rows"), rowsTable(a.columns, rows, a.types));
  if (threadLink && a.threadId) {
    parts.push(h("p", { class: "small thread-link" },
      h("a", { href: `#/threads/${encodeURIComponent(a.threadId)}`, "data-testid": "ask-thread-link" }, "Open the thread →"),
      h("span", { class: "muted" }, " every step, the model's output and the timeline")));
  }
  return h("section", {
    class: `card answer${a.error ? " failed" : ""}`, "data-testid": "ask-answer",
    "data-chart-suggestion": a.chart || null, "data-thread-id": a.threadId || null,
  }, parts);
}
