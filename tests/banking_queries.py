"""Benign analytical queries over the banking schema, per dialect; shared by the test modules.

Each entry is ``(name, dialect, sql)``. Every query must pass
:func:`agentdesk.domains.banking.bank.sqlsafety.validate_sql` on its dialect; the execution tests
run them against generated data.
"""

from __future__ import annotations

from typing import Literal

Dialect = Literal["sqlite", "postgres"]

BANK_TABLES: dict[str, list[str]] = {
    "customers": ["id", "first_name", "last_name", "email", "city", "state", "segment",
                  "joined_at"],
    "accounts": ["id", "customer_id", "type", "status", "opened_at", "balance"],
    "transactions": ["id", "account_id", "posted_at", "amount", "category", "merchant",
                     "channel"],
    "cards": ["id", "account_id", "network", "status", "credit_limit"],
    "loans": ["id", "customer_id", "kind", "principal", "rate", "term_months", "status",
              "originated_at"],
    "branches": ["id", "name", "city", "state"],
}

# Queries valid in both dialects (standard SQL).
_PORTABLE: list[tuple[str, str]] = [
    ("count_customers", "SELECT COUNT(*) AS n FROM customers"),
    ("customers_by_state",
     "SELECT state, COUNT(*) AS n FROM customers GROUP BY state ORDER BY n DESC"),
    ("segments_having",
     "SELECT segment, COUNT(*) AS n FROM customers GROUP BY segment HAVING COUNT(*) > 5 "
     "ORDER BY segment"),
    ("balance_by_account_type",
     "SELECT type, SUM(balance) AS total, AVG(balance) AS average FROM accounts "
     "WHERE status = 'open' GROUP BY type ORDER BY total DESC"),
    ("top_customers_by_balance",
     "SELECT c.id, c.first_name, c.last_name, SUM(a.balance) AS total_balance "
     "FROM customers AS c JOIN accounts AS a ON a.customer_id = c.id "
     "GROUP BY c.id, c.first_name, c.last_name ORDER BY total_balance DESC LIMIT 10"),
    ("spend_by_category",
     "SELECT category, SUM(amount) AS spent FROM transactions WHERE amount < 0 "
     "GROUP BY category ORDER BY spent"),
    ("top_merchants_offset",
     "SELECT merchant, COUNT(*) AS n FROM transactions GROUP BY merchant "
     "ORDER BY n DESC LIMIT 20 OFFSET 20"),
    ("three_way_join",
     "SELECT c.state, t.channel, COUNT(*) AS n, SUM(t.amount) AS total "
     "FROM transactions t JOIN accounts a ON a.id = t.account_id "
     "JOIN customers c ON c.id = a.customer_id GROUP BY c.state, t.channel"),
    ("cards_per_network",
     "SELECT network, status, COUNT(*) AS n, MAX(credit_limit) AS max_limit FROM cards "
     "GROUP BY network, status"),
    ("left_join_customers_without_loans",
     "SELECT c.id, c.email FROM customers c LEFT JOIN loans l ON l.customer_id = c.id "
     "WHERE l.id IS NULL ORDER BY c.id"),
    ("not_exists_no_accounts",
     "SELECT c.id FROM customers c WHERE NOT EXISTS "
     "(SELECT 1 FROM accounts a WHERE a.customer_id = c.id)"),
    ("in_subquery",
     "SELECT * FROM accounts WHERE customer_id IN "
     "(SELECT id FROM customers WHERE segment = 'premium') LIMIT 50"),
    ("scalar_subquery_above_average",
     "SELECT id, balance FROM accounts WHERE balance > (SELECT AVG(balance) FROM accounts) "
     "ORDER BY balance DESC LIMIT 100"),
    ("derived_table",
     "SELECT bucket, COUNT(*) AS n FROM (SELECT CASE WHEN balance < 1000 THEN 'low' "
     "WHEN balance < 10000 THEN 'mid' ELSE 'high' END AS bucket FROM accounts) AS b "
     "GROUP BY bucket"),
    ("case_in_aggregate",
     "SELECT SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS credits, "
     "SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS debits FROM transactions"),
    ("cte_simple",
     "WITH big AS (SELECT account_id, SUM(amount) AS total FROM transactions "
     "GROUP BY account_id) SELECT a.type, AVG(big.total) AS avg_total FROM big "
     "JOIN accounts a ON a.id = big.account_id GROUP BY a.type"),
    ("cte_chain",
     "WITH per_customer AS (SELECT customer_id, COUNT(*) AS n FROM accounts "
     "GROUP BY customer_id), multi AS (SELECT customer_id FROM per_customer WHERE n > 1) "
     "SELECT c.segment, COUNT(*) AS n FROM multi JOIN customers c ON c.id = multi.customer_id "
     "GROUP BY c.segment"),
    ("cte_shadows_table_name",
     "WITH loans AS (SELECT customer_id, COUNT(*) AS n FROM accounts "
     "WHERE status = 'open' GROUP BY customer_id) "
     "SELECT COUNT(*) AS customers_with_open_accounts FROM loans"),
    ("window_rank",
     "SELECT customer_id, id, balance, RANK() OVER (PARTITION BY customer_id "
     "ORDER BY balance DESC) AS rnk FROM accounts"),
    ("window_running_total",
     "SELECT account_id, posted_at, amount, SUM(amount) OVER (PARTITION BY account_id "
     "ORDER BY posted_at ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running "
     "FROM transactions ORDER BY account_id, posted_at"),
    ("window_lag",
     "SELECT account_id, posted_at, amount, LAG(amount) OVER (PARTITION BY account_id "
     "ORDER BY posted_at) AS previous_amount FROM transactions"),
    ("top_per_group_with_window_cte",
     "WITH ranked AS (SELECT customer_id, id, balance, ROW_NUMBER() OVER "
     "(PARTITION BY customer_id ORDER BY balance DESC) AS rn FROM accounts) "
     "SELECT customer_id, id, balance FROM ranked WHERE rn = 1"),
    ("loans_by_kind",
     "SELECT kind, COUNT(*) AS n, AVG(rate) AS avg_rate, SUM(principal) AS principal "
     "FROM loans WHERE status <> 'closed' GROUP BY kind ORDER BY principal DESC"),
    ("branches_per_state_distinct",
     "SELECT state, COUNT(DISTINCT city) AS cities FROM branches GROUP BY state"),
    ("customers_near_branches",
     "SELECT b.name, COUNT(c.id) AS customers FROM branches b "
     "LEFT JOIN customers c ON c.city = b.city AND c.state = b.state GROUP BY b.name"),
    ("coalesce_nullif",
     "SELECT id, COALESCE(NULLIF(merchant, ''), 'unknown') AS merchant FROM transactions "
     "LIMIT 25"),
    ("like_and_between",
     "SELECT id, email FROM customers WHERE email LIKE '%@example.com' "
     "AND id BETWEEN 10 AND 500"),
    ("limit_over_cap_lowered",
     "SELECT id, amount FROM transactions ORDER BY amount DESC LIMIT 1000"),
    ("limit_exactly_cap", "SELECT id FROM cards LIMIT 100"),
]

_SQLITE: list[tuple[str, str]] = [
    ("monthly_spend_strftime",
     "SELECT strftime('%Y-%m', posted_at) AS month, SUM(amount) AS total FROM transactions "
     "GROUP BY month ORDER BY month"),
    ("customers_joined_per_year",
     "SELECT strftime('%Y', joined_at) AS year, COUNT(*) AS n FROM customers GROUP BY year"),
    ("last_30_days",
     "SELECT COUNT(*) AS n FROM transactions WHERE posted_at >= date('now', '-30 day')"),
    ("weekday_pattern",
     "SELECT CAST(strftime('%w', posted_at) AS INTEGER) AS weekday, AVG(amount) AS avg_amount "
     "FROM transactions GROUP BY weekday"),
    ("account_age_days",
     "SELECT id, julianday('now') - julianday(opened_at) AS age_days FROM accounts "
     "ORDER BY age_days DESC LIMIT 5"),
    ("iif_and_round",
     "SELECT id, ROUND(balance, 2) AS balance, IIF(balance < 0, 'overdrawn', 'ok') AS flag "
     "FROM accounts"),
    ("group_concat",
     "SELECT customer_id, GROUP_CONCAT(type, ',') AS types FROM accounts "
     "GROUP BY customer_id LIMIT 30"),
    ("limit_comma_offset_form", "SELECT id FROM customers ORDER BY id LIMIT 10, 20"),
    ("main_schema_qualified", "SELECT COUNT(*) AS n FROM main.loans"),
    ("quoted_identifiers",
     "SELECT \"c\".\"id\", \"c\".\"city\" FROM \"customers\" AS \"c\" WHERE \"c\".\"state\" = 'CA'"),
    ("trailing_semicolon_and_comment",
     "SELECT COUNT(*) FROM cards; -- how many cards"),
]

_POSTGRES: list[tuple[str, str]] = [
    ("monthly_spend_date_trunc",
     "SELECT date_trunc('month', posted_at) AS month, SUM(amount) AS total "
     "FROM transactions GROUP BY 1 ORDER BY 1"),
    ("extract_year",
     "SELECT EXTRACT(YEAR FROM joined_at) AS year, COUNT(*) AS n FROM customers "
     "GROUP BY 1 ORDER BY 1"),
    ("interval_last_30_days",
     "SELECT COUNT(*) AS n FROM transactions WHERE posted_at >= NOW() - INTERVAL '30 days'"),
    ("filter_clause",
     "SELECT COUNT(*) FILTER (WHERE amount < 0) AS debits, "
     "COUNT(*) FILTER (WHERE amount > 0) AS credits FROM transactions"),
    ("percentile_cont",
     "SELECT type, percentile_cont(0.5) WITHIN GROUP (ORDER BY balance) AS median "
     "FROM accounts GROUP BY type"),
    ("distinct_on",
     "SELECT DISTINCT ON (customer_id) customer_id, id, balance FROM accounts "
     "ORDER BY customer_id, balance DESC"),
    ("casts_and_to_char",
     "SELECT to_char(opened_at, 'YYYY-MM') AS month, COUNT(*)::int AS n FROM accounts "
     "GROUP BY 1 ORDER BY 1"),
    ("age_function",
     "SELECT id, age(now(), originated_at) AS loan_age FROM loans ORDER BY loan_age DESC "
     "LIMIT 10"),
    ("generate_series_months",
     "SELECT m::date AS month FROM generate_series(date '2024-01-01', date '2024-12-01', "
     "interval '1 month') AS g(m)"),
    ("lateral_join",
     "SELECT c.id, x.balance FROM customers c CROSS JOIN LATERAL (SELECT a.balance "
     "FROM accounts a WHERE a.customer_id = c.id ORDER BY a.balance DESC LIMIT 1) x"),
    ("public_schema_qualified", "SELECT COUNT(*) AS n FROM public.loans"),
    ("fetch_first", "SELECT id FROM branches ORDER BY id OFFSET 2 ROWS FETCH FIRST 5 ROWS ONLY"),
    ("ilike_and_string_agg",
     "SELECT state, string_agg(name, ', ' ORDER BY name) AS names FROM branches "
     "WHERE name ILIKE '%main%' GROUP BY state"),
]

BENIGN_QUERIES: list[tuple[str, Dialect, str]] = [
    *((f"sqlite-{name}", "sqlite", sql) for name, sql in _PORTABLE + _SQLITE),
    *((f"postgres-{name}", "postgres", sql) for name, sql in _PORTABLE + _POSTGRES),
]
