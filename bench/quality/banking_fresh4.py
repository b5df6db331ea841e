"""A fourth fresh banking set, written blind to the reader (tag ``fresh4``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``, the shape of
``banking_fresh3.FRESH3``, over the generated bank (``create_bank_database(url, seed=7)``,
whose "today" is 2026-10-31: "this year" is 2026, "last month" September 2026). The
questions were written from the README, the schema, the bank's loader, the benches and the
conventions of the third set only, without reading the bank's reader, the agent, their tests
or the other sets' questions, and every reference was run on that bank and checked to answer
its question; four questions first written word for word as earlier sets ask them were
reworded before measuring. Measured once, blind, on 2026-11-29 at 401f6a5
(``python -m bench.quality.banking_parts --part fresh4`` and ``--no-variants``), right /
refused / silent wrong: as written 43 / 23 / 4; with the phrasing variants 275 / 155 / 26.
No case was changed after. After the round on ``fresh3 read`` (1571ecb): 48 / 19 / 3, and
305 / 132 / 19 with variants. From then on it is ``fresh4 read``: read and tuned on.

Conventions of the references: "spend", "paid" and "fees collected" are debits as positive
dollars (``SUM(-amount)`` over ``amount < 0``); a refund, a payroll credit or a net flow is
its amount as posted; "which customers" is their first and last name and "which branches"
their name; a percentage is out of 100; "top N" / "the N largest" returns the values ranked
(tag ``ordered`` when the order is asked for); a count of cards or accounts counts rows
whatever their status unless the question names one. Tag ``misread`` marks a question
written to be easy to misread (the wrong table's date, a filter easy to drop, a count of rows
where distinct entities are asked, a negation, a null, a sign, a branch's place read as the
customer's); the other tags say what the case exercises.
"""

from __future__ import annotations

__all__ = ["FRESH4"]

_Y2025 = "BETWEEN '2025-01-01' AND '2025-12-31'"
_Y2026 = "BETWEEN '2026-01-01' AND '2026-12-31'"
_CARD_OWNERS = "SELECT a.customer_id FROM cards k JOIN accounts a ON a.id = k.account_id"

FRESH4: list[tuple[str, str, str, list[str]]] = [
    # -- counts with one or two filters ------------------------------------------------------
    ("f4_premier_count", "how many premier customers do we have",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier'",
     ["count", "filter", "terse"]),
    ("f4_money_market_accounts", "Number of money-market accounts?",
     "SELECT COUNT(*) FROM accounts WHERE type = 'money_market'",
     ["count", "filter"]),
    ("f4_lost_mastercards", "How many Mastercard cards were reported lost?",
     "SELECT COUNT(*) FROM cards WHERE network = 'mastercard' AND status = 'lost'",
     ["count", "two_filters"]),
    ("f4_florida_customers", "Customers living in Florida: how many?",
     "SELECT COUNT(*) FROM customers WHERE state = 'FL'",
     ["count", "filter", "state_name"]),
    ("f4_frozen_savings", "Good morning! How many savings accounts are frozen right now?",
     "SELECT COUNT(*) FROM accounts WHERE type = 'savings' AND status = 'frozen'",
     ["count", "two_filters", "greeting"]),
    ("f4_active_amex", "no. of active AMEX cards",
     "SELECT COUNT(*) FROM cards WHERE network = 'amex' AND status = 'active'",
     ["count", "two_filters", "terse", "capitals"]),
    ("f4_delinquent_mortgages", "mortages that are delinquent - how many?",
     "SELECT COUNT(*) FROM loans WHERE kind = 'mortgage' AND status = 'delinquent'",
     ["count", "two_filters", "typo"]),
    ("f4_retail_texas", "How many retail-segment clients are based in Texas?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'retail' AND state = 'TX'",
     ["count", "two_filters", "state_name", "misread"]),
    ("f4_expired_visa_debit", "how many expired visa debit cards r there",
     "SELECT COUNT(*) FROM cards WHERE kind = 'debit' AND network = 'visa' "
     "AND status = 'expired'",
     ["count", "three_filters", "terse", "misread"]),
    # -- sums, averages, extremes ------------------------------------------------------------
    ("f4_avg_mortgage_rate_2025", "mortgage rate on average, for mortgages taken out in 2025?",
     f"SELECT AVG(rate) FROM loans WHERE kind = 'mortgage' AND originated_at {_Y2025}",
     ["average", "filter", "date", "misread"]),
    ("f4_principal_active_personal", "Total principal of the active personal loans",
     "SELECT SUM(principal) FROM loans WHERE kind = 'personal' AND status = 'active'",
     ["sum", "two_filters", "misread"]),
    ("f4_avg_open_checking", "avg balance of OPEN checking accts",
     "SELECT AVG(balance) FROM accounts WHERE type = 'checking' AND status = 'open'",
     ["average", "two_filters", "abbreviation", "capitals", "misread"]),
    ("f4_savings_balance_total", "What is the sum of all balances held in savings accounts?",
     "SELECT SUM(balance) FROM accounts WHERE type = 'savings'",
     ["sum", "filter"]),
    ("f4_rent_2025", "How much did customers pay in rent in 2025?",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'rent' AND amount < 0 "
     f"AND posted_at {_Y2025}",
     ["sum", "spend", "date"]),
    ("f4_fees_this_year", "total fees collected this year?",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'fees' AND amount < 0 "
     f"AND posted_at {_Y2026}",
     ["sum", "spend", "relative_date", "terse"]),
    ("f4_avg_payroll_credit", "What is the average payroll credit amount?",
     "SELECT AVG(amount) FROM transactions WHERE category = 'payroll'",
     ["average", "filter"]),
    ("f4_refunds_2025", "Total refunds received in 2025",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'refund' AND posted_at {_Y2025}",
     ["sum", "sign", "date"]),
    ("f4_net_flow_october", "net cash flow across all accounts in October 2026",
     "SELECT SUM(amount) FROM transactions WHERE posted_at BETWEEN '2026-10-01' AND '2026-10-31'",
     ["sum", "sign", "date", "misread"]),
    # -- breakdowns per group ----------------------------------------------------------------
    ("f4_accounts_by_type", "Break down our accounts by type, please.",
     "SELECT type, COUNT(*) FROM accounts GROUP BY type",
     ["group", "count", "polite"]),
    ("f4_segments_california", "customer count per segment, California only",
     "SELECT segment, COUNT(*) FROM customers WHERE state = 'CA' GROUP BY segment",
     ["group", "count", "filter", "state_name", "misread"]),
    ("f4_rate_per_loan_kind", "Mean loan rate for each loan type",
     "SELECT kind, AVG(rate) FROM loans GROUP BY kind",
     ["group", "average"]),
    ("f4_spend_by_category_2026", "spending by category for 2026",
     f"SELECT category, SUM(-amount) FROM transactions WHERE amount < 0 AND posted_at {_Y2026} "
     "GROUP BY category",
     ["group", "spend", "date", "terse"]),
    ("f4_auto_loans_by_status", "auto loans by status (count)",
     "SELECT status, COUNT(*) FROM loans WHERE kind = 'auto' GROUP BY status",
     ["group", "count", "filter", "terse", "misread"]),
    ("f4_channels_sept", "Transactions per channel in Sept 2026",
     "SELECT channel, COUNT(*) FROM transactions "
     "WHERE posted_at BETWEEN '2026-09-01' AND '2026-09-30' GROUP BY channel",
     ["group", "count", "date", "abbreviation"]),
    ("f4_accounts_per_segment", "number of accounts per customer segment",
     "SELECT c.segment, COUNT(*) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "GROUP BY c.segment",
     ["group", "count", "join"]),
    # -- top N -------------------------------------------------------------------------------
    ("f4_top5_dining_2025", "Top 5 dining merchants by spend in 2025",
     f"SELECT merchant, SUM(-amount) AS spend FROM transactions WHERE category = 'dining' "
     f"AND amount < 0 AND posted_at {_Y2025} GROUP BY merchant ORDER BY spend DESC LIMIT 5",
     ["top", "spend", "date", "filter"]),
    ("f4_top3_branches_accounts", "Which three branches hold the most accounts?",
     "SELECT b.name, COUNT(*) AS n FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.name ORDER BY n DESC LIMIT 3",
     ["top", "join", "number_in_words"]),
    ("f4_top10_balances", "10 largest account balances, biggest first",
     "SELECT balance FROM accounts ORDER BY balance DESC LIMIT 10",
     ["top", "ordered"]),
    ("f4_top3_states", "top three states by number of customers, in order",
     "SELECT state, COUNT(*) AS n FROM customers GROUP BY state ORDER BY n DESC LIMIT 3",
     ["top", "ordered", "group", "number_in_words"]),
    ("f4_oldest_customers", "Who are our 3 oldest customers?",
     "SELECT first_name, last_name FROM customers ORDER BY birth_date LIMIT 3",
     ["top", "names", "date_column"]),
    ("f4_newest_branch", "Which branch opened most recently?",
     "SELECT name FROM branches ORDER BY opened_at DESC LIMIT 1",
     ["top", "names", "date_column"]),
    # -- dates -------------------------------------------------------------------------------
    ("f4_joined_this_year", "How many new customers joined this year?",
     f"SELECT COUNT(*) FROM customers WHERE joined_at {_Y2026}",
     ["count", "relative_date"]),
    ("f4_opened_last_month", "how many accounts were opened last month",
     "SELECT COUNT(*) FROM accounts WHERE opened_at BETWEEN '2026-09-01' AND '2026-09-30'",
     ["count", "relative_date"]),
    ("f4_cards_after_june", "Number of cards issued after June 2026",
     "SELECT COUNT(*) FROM cards WHERE issued_at >= '2026-07-01'",
     ["count", "date", "after"]),
    ("f4_txns_first_half_feb",
     "How many transactions were posted between 1 Feb 2026 and 15 Feb 2026?",
     "SELECT COUNT(*) FROM transactions WHERE posted_at BETWEEN '2026-02-01' AND '2026-02-15'",
     ["count", "date_range"]),
    ("f4_active_cards_expiring_2027", "How many active cards expire in 2027?",
     "SELECT COUNT(*) FROM cards WHERE status = 'active' "
     "AND expires_at BETWEEN '2027-01-01' AND '2027-12-31'",
     ["count", "filter", "date_column", "misread"]),
    ("f4_closed_in_2026", "number of accounts closed during 2026",
     f"SELECT COUNT(*) FROM accounts WHERE closed_at {_Y2026}",
     ["count", "date_column", "misread"]),
    ("f4_born_in_the_fifties", "customers born in the 1950s, how many?",
     "SELECT COUNT(*) FROM customers WHERE birth_date BETWEEN '1950-01-01' AND '1959-12-31'",
     ["count", "date_column", "decade", "misread"]),
    ("f4_principal_since_sept_2025",
     "Hey, could you pull the total principal of loans originated since September 2025?",
     "SELECT SUM(principal) FROM loans WHERE originated_at >= '2025-09-01'",
     ["sum", "date", "since", "greeting"]),
    ("f4_opened_since_july_1st", "How many accounts opened since the 1st of July 2026?",
     "SELECT COUNT(*) FROM accounts WHERE opened_at >= '2026-07-01'",
     ["count", "date", "since", "ordinal"]),
    # -- counts per entity with a threshold --------------------------------------------------
    ("f4_three_plus_accounts", "custmers with 3 or more accounts, how many?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) >= 3)",
     ["count", "threshold", "typo"]),
    ("f4_multi_loan_customers", "Which customers have more than one loan?",
     "SELECT c.first_name, c.last_name FROM customers c JOIN loans l ON l.customer_id = c.id "
     "GROUP BY c.id HAVING COUNT(*) > 1",
     ["list", "names", "threshold"]),
    ("f4_two_cards", "how many clients have at least two cards",
     f"SELECT COUNT(*) FROM (SELECT customer_id FROM ({_CARD_OWNERS}) GROUP BY customer_id "
     "HAVING COUNT(*) >= 2)",
     ["count", "threshold", "join", "number_in_words"]),
    ("f4_busy_accounts_2026", "How many accounts had 10 or more transactions in 2026?",
     f"SELECT COUNT(*) FROM (SELECT account_id FROM transactions WHERE posted_at {_Y2026} "
     "GROUP BY account_id HAVING COUNT(*) >= 10)",
     ["count", "threshold", "date"]),
    ("f4_big_branches", "branches with more than 150 accounts",
     "SELECT b.name FROM branches b JOIN accounts a ON a.branch_id = b.id "
     "GROUP BY b.id HAVING COUNT(*) > 150",
     ["list", "threshold", "join"]),
    # -- missing values ----------------------------------------------------------------------
    ("f4_no_employer", "hi, quick one: how many customers have no employer on file?",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL",
     ["count", "null", "greeting"]),
    ("f4_never_closed", "Count the accounts that have never been closed",
     "SELECT COUNT(*) FROM accounts WHERE closed_at IS NULL",
     ["count", "null", "negation"]),
    ("f4_cards_without_limit", "how many cards don't have a credit limit?",
     "SELECT COUNT(*) FROM cards WHERE credit_limit IS NULL",
     ["count", "null", "negation"]),
    ("f4_no_merchant_2025", "transactions with no merchant in 2025, how many",
     f"SELECT COUNT(*) FROM transactions WHERE merchant IS NULL AND posted_at {_Y2025}",
     ["count", "null", "date", "misread"]),
    # -- negations ---------------------------------------------------------------------------
    ("f4_cards_not_active", "cards that aren't active: count",
     "SELECT COUNT(*) FROM cards WHERE status <> 'active'",
     ["count", "negation", "terse", "misread"]),
    ("f4_principal_not_paid_off", "total principal of loans not yet paid off",
     "SELECT SUM(principal) FROM loans WHERE status <> 'paid_off'",
     ["sum", "negation", "misread"]),
    ("f4_not_retail", "How many customers are NOT in the retail segment?",
     "SELECT COUNT(*) FROM customers WHERE segment <> 'retail'",
     ["count", "negation", "capitals"]),
    ("f4_open_not_checking", "open acounts other than checking - how many?",
     "SELECT COUNT(*) FROM accounts WHERE status = 'open' AND type <> 'checking'",
     ["count", "negation", "typo", "misread"]),
    ("f4_customers_without_loans", "How many customers have no loans at all?",
     "SELECT COUNT(*) FROM customers WHERE id NOT IN (SELECT customer_id FROM loans)",
     ["count", "negation", "anti_join"]),
    ("f4_customers_without_cards", "clients without any card -- how many?",
     f"SELECT COUNT(*) FROM customers WHERE id NOT IN ({_CARD_OWNERS})",
     ["count", "negation", "anti_join", "join", "misread"]),
    # -- distinct entities, the date of the noun asked about, joins ---------------------------
    ("f4_mortgage_holders", "How many different customers have a mortgage?",
     "SELECT COUNT(DISTINCT customer_id) FROM loans WHERE kind = 'mortgage'",
     ["count", "distinct", "misread"]),
    ("f4_travel_spenders_2026", "how many customers spent money on travel in 2026",
     "SELECT COUNT(DISTINCT a.customer_id) FROM transactions t "
     f"JOIN accounts a ON a.id = t.account_id WHERE t.category = 'travel' AND t.amount < 0 "
     f"AND t.posted_at {_Y2026}",
     ["count", "distinct", "join", "date", "misread"]),
    ("f4_fee_accounts_2026", "number of accounts that were charged a fee in 2026",
     "SELECT COUNT(DISTINCT account_id) FROM transactions WHERE category = 'fees' "
     f"AND posted_at {_Y2026}",
     ["count", "distinct", "date", "misread"]),
    ("f4_cards_of_2025_joiners", "How many cards belong to customers who joined in 2025?",
     "SELECT COUNT(*) FROM cards k JOIN accounts a ON a.id = k.account_id "
     f"JOIN customers c ON c.id = a.customer_id WHERE c.joined_at {_Y2025}",
     ["count", "join", "date_column", "misread"]),
    ("f4_premier_accounts_2026", "how many accounts did premier customers open in 2026?",
     "SELECT COUNT(*) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     f"WHERE c.segment = 'premier' AND a.opened_at {_Y2026}",
     ["count", "join", "date_column", "misread"]),
    ("f4_chicago_downtown_balance",
     "What's the total balance across accounts at the Chicago Downtown branch?",
     "SELECT SUM(a.balance) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.name = 'Chicago Downtown'",
     ["sum", "join", "branch"]),
    ("f4_texas_branch_accounts", "How many accounts are held at our Texas branches?",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.state = 'TX'",
     ["count", "join", "branch", "state_name", "misread"]),
    ("f4_ny_state_loan_principal", "total loan principal for clients residing in NY state",
     "SELECT SUM(l.principal) FROM loans l JOIN customers c ON c.id = l.customer_id "
     "WHERE c.state = 'NY'",
     ["sum", "join", "misread"]),
    ("f4_avg_balance_per_branch", "average account balance per branch",
     "SELECT b.name, AVG(a.balance) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.name",
     ["group", "average", "join", "branch"]),
    ("f4_miami_groceries_2026",
     "grocery spend this year on accounts at the Miami Downtown branch",
     "SELECT SUM(-t.amount) FROM transactions t JOIN accounts a ON a.id = t.account_id "
     "JOIN branches b ON b.id = a.branch_id WHERE b.name = 'Miami Downtown' "
     f"AND t.category = 'groceries' AND t.amount < 0 AND t.posted_at {_Y2026}",
     ["sum", "spend", "join", "branch", "relative_date", "misread"]),
    # -- percentages and ratios --------------------------------------------------------------
    ("f4_pct_cards_blocked", "What percentage of cards are blocked? thanks in advance",
     "SELECT 100.0 * SUM(status = 'blocked') / COUNT(*) FROM cards",
     ["percentage", "polite"]),
    ("f4_pct_private", "% of customers in the private segment",
     "SELECT 100.0 * SUM(segment = 'private') / COUNT(*) FROM customers",
     ["percentage", "terse"]),
    ("f4_pct_troubled_loans", "what percent of loans are delinquent or in default",
     "SELECT 100.0 * SUM(status IN ('delinquent', 'default')) / COUNT(*) FROM loans",
     ["percentage", "two_values", "misread"]),
    ("f4_pct_savings_closed", "share of savings accounts that have been closed, as a percentage",
     "SELECT 100.0 * SUM(status = 'closed') / COUNT(*) FROM accounts WHERE type = 'savings'",
     ["percentage", "filter", "misread"]),
    ("f4_accounts_per_customer", "on average, how many accounts does a customer have?",
     "SELECT 1.0 * (SELECT COUNT(*) FROM accounts) / (SELECT COUNT(*) FROM customers)",
     ["average", "ratio"]),
]
