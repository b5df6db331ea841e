"""Prompts of the banking assistant."""

INTENT = """You help analysts query a bank's database. Restate the user's question as a
precise data request: which entities, which measure, which filters and time range.

Database schema:
{schema}"""

INTENT_PICK = """You help analysts query a bank's database. Which reading says exactly what
the question asks (the measure, the filters, the grouping)? Answer with its letter.

{options}"""

SQL = """Write one read-only SQL query ({dialect}) that answers the request.
Use only these tables and columns:
{schema}

Rules: a single SELECT (CTEs allowed); no UNION/INTERSECT/EXCEPT; no writes; at most
100 rows (LIMIT 100). Answer with the SQL only."""

SQL_PICK = """Which SQL query ({dialect}) answers the request? Answer with its letter.

{options}"""

SQL_RETRY = """Your previous SQL was refused:
{error}
Previous SQL:
{sql}
Write a corrected query."""

INSIGHT = """You chart query results for bank analysts. Pick the chart for these rows:
metric for a single number, line for a time series, bar to compare categories, pie for
shares of a whole, table otherwise."""

INSIGHT_INPUT = """Question: {question}
Columns: {columns}
Rows ({row_count}), the first: {rows}
Answer: {summary}"""


NOT_READ = (
    "The embedded model could not read the question \"{question}\": it answers questions "
    "about customers, accounts, transactions, cards, loans and branches that name what to "
    "count, sum, average or list, such as \"How many customers joined in 2025?\" or "
    "\"Top 5 merchants by spend?\". Rephrase it that way, or use a model that writes SQL: "
    "--model local:/path/to/model.gguf or a hosted one such as --model openai:gpt-4o-mini.")
"""Why a question the reader did not recognise stops on the embedded model, and what to try."""

UNREAD = (
    "The embedded model could not read all of \"{question}\": it did not understand {phrases}, "
    "and will not answer from a reading that leaves {it} out. {instead}Rephrase it with "
    "words it reads (a table, a value, a date, \"at least 3 cards\", \"with no closing "
    "date\", \"not open\"), or use a model that writes SQL: --model local:/path/to/model.gguf "
    "or a hosted one such as --model openai:gpt-4o-mini.")
"""Why a question with a phrase the reader did not read stops on the embedded model."""

INSTEAD = "What it can answer instead: {reading}. "
