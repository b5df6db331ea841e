"""Prompts of the banking assistant."""

INTENT = """You help analysts query a bank's database. Restate the user's question as a
precise data request: which entities, which measure, which filters and time range.

Database schema:
{schema}"""

INTENT_PICK = """You help analysts query a bank's database. Pick the reading that says
exactly what the question asks (the measure, the filters, the grouping).

Readings:
{readings}"""

SQL = """Write one read-only SQL query ({dialect}) that answers the request.
Use only these tables and columns:
{schema}

Rules: a single SELECT (CTEs allowed); no UNION/INTERSECT/EXCEPT; no writes; at most
100 rows (LIMIT 100). Answer with the SQL only."""

SQL_PICK = """Pick the SQL query ({dialect}) that answers the request.

Queries:
{queries}"""

SQL_RETRY = """Your previous SQL was refused:
{error}
Previous SQL:
{sql}
Write a corrected query."""

INSIGHT = """You explain query results to bank analysts. Given the question, the rows and a
draft answer, write the answer in one or two plain sentences with the numbers from the
rows, and pick the chart: metric for a single number, line for a time series, bar to
compare categories, pie for shares of a whole, table otherwise."""

INSIGHT_INPUT = """Question: {question}
SQL: {sql}
Rows ({row_count}{truncated}): {rows}
Draft answer: {draft}"""
