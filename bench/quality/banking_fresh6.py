"""A sixth fresh banking set, written blind to the reader (tag ``fresh6``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``, the shape of
``banking_fresh5.FRESH5``, over the generated bank (``create_bank_database(url, seed=7)``,
whose "today" is 2026-10-31: "this year" and "YTD" are 2026, "this month" October 2026, "last
month" September 2026, "last quarter" July to September 2026). The questions were written as
the people who would ask them (an analyst, a branch manager, an auditor, support staff
forwarding a request, a CFO in a hurry, a non-native writer, someone dictating numbers in
words) from the README, the schema, the bank's loader, the benches and the conventions of the
fifth set only, without reading the bank's reader, the agent, their tests or the other sets'
questions; every reference was run on that bank and checked to answer its question with a
non-degenerate result (a type filter that every matching row already met was tightened, and
one question first written word for word as an earlier set asks it was reworded before
measuring). None is unanswerable: the loader runs every case's reference SQL, so a case the
schema cannot serve has no label to compare with. Measured once, blind, on 2026-11-29 at
dbf0640 (``python -m bench.quality.banking_parts --part fresh6`` and ``--no-variants``), right /
refused / silent wrong: as written 25 / 31 / 4; with the phrasing variants 160 / 203 / 29. No
case was changed after.

Conventions of the references are the fifth set's: "spend", "spent" and "fees collected" are
debits as positive dollars (``SUM(-amount)`` over ``amount < 0``); payroll, deposits, refunds,
interest paid out and incoming transfers are their amounts as posted (``amount > 0``);
"which customers" is their first and last name and "which branches" their name; a percentage
is out of 100; "top N" returns the values ranked (tag ``ordered``); a count of cards,
accounts or loans counts rows whatever their status unless the question names one; a month is
``'YYYY-MM'``; a place "at our branches" is the branch's, a place people "live in" the
customer's. Tag ``misread`` marks a question written to be easy to misread (the wrong table's
date, a filter easy to drop, a count of rows where distinct customers are asked, a negation, a
null, a unit to convert, a day-first date or a thousands dot, a sign of the money's way, a
branch's place read as the customer's); the other tags say what the case exercises.
"""

from __future__ import annotations

__all__ = ["FRESH6"]

_Y2025 = "BETWEEN '2025-01-01' AND '2025-12-31'"
_Y2026 = "BETWEEN '2026-01-01' AND '2026-12-31'"
_SEPT2026 = "BETWEEN '2026-09-01' AND '2026-09-30'"
_OCT2026 = "BETWEEN '2026-10-01' AND '2026-10-31'"
_Q3_2026 = "BETWEEN '2026-07-01' AND '2026-09-30'"
_TXN_OWNER = ("transactions t JOIN accounts a ON a.id = t.account_id "
              "JOIN customers c ON c.id = a.customer_id")
_CARD_OWNERS = "SELECT a.customer_id FROM cards k JOIN accounts a ON a.id = k.account_id"

FRESH6: list[tuple[str, str, str, list[str]]] = [
    # --- counts, one table -------------------------------------------------------------
    ("f6_retail_ca", "hi! quick one, how many retail customers do we have living in california?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'retail' AND state = 'CA'",
     ["count", "two_filters", "chatty", "lowercase"]),
    ("f6_no_employer", "How many clients have no employer on file?",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL",
     ["count", "null", "misread"]),
    ("f6_joined_2025_words", "number of customers that joined in twenty twenty five",
     f"SELECT COUNT(*) FROM customers WHERE joined_at {_Y2025}",
     ["count", "date", "dictation", "numbers_in_words"]),
    ("f6_signups_q1", "New sign-ups in Q1 2026 - count pls",
     "SELECT COUNT(*) FROM customers WHERE joined_at BETWEEN '2026-01-01' AND '2026-03-31'",
     ["count", "quarter", "terse"]),
    ("f6_born_before_60", "How many of our customers were born before 1960?",
     "SELECT COUNT(*) FROM customers WHERE birth_date < '1960-01-01'",
     ["count", "date"]),
    ("f6_car_loans_2025", "how many car loans did we originate in 2025",
     f"SELECT COUNT(*) FROM loans WHERE kind = 'auto' AND originated_at {_Y2025}",
     ["count", "synonym", "date"]),
    ("f6_thirty_year_mortgages", "How many 30-year mortgages are on the books?",
     "SELECT COUNT(*) FROM loans WHERE kind = 'mortgage' AND term_months = 360",
     ["count", "unit", "misread"]),
    ("f6_personal_over_12", "Number of personal loans at a rate above 12%",
     "SELECT COUNT(*) FROM loans WHERE kind = 'personal' AND rate > 12",
     ["count", "threshold"]),
    ("f6_debit_issued_2026", "debit cards issued in 2026 -- how many?",
     f"SELECT COUNT(*) FROM cards WHERE kind = 'debit' AND issued_at {_Y2026}",
     ["count", "date", "order_of_facts"]),
    ("f6_active_expiring", "How many active cards expire before the end of this year?",
     "SELECT COUNT(*) FROM cards WHERE status = 'active' AND expires_at <= '2026-12-31'",
     ["count", "relative_date", "date_column", "misread"]),
    ("f6_closed_2025", "how many accounts were closed during 2025?",
     f"SELECT COUNT(*) FROM accounts WHERE closed_at {_Y2025}",
     ["count", "date_column", "misread"]),
    ("f6_atm_this_month", "ATM cash withdrawals this month, how many so far?",
     f"SELECT COUNT(*) FROM transactions WHERE category = 'cash' AND posted_at {_OCT2026}",
     ["count", "relative_date"]),
    ("f6_deposits_over_5k", "How many deposit bigger than 5.000 dollars was posted in year 2025?",
     f"SELECT COUNT(*) FROM transactions WHERE category = 'deposit' AND amount > 5000 "
     f"AND posted_at {_Y2025}",
     ["count", "amount", "date", "non_native", "thousands_dot", "misread"]),
    ("f6_open_no_txn", "Audit request: how many open accounts have never had a single transaction?",
     "SELECT COUNT(*) FROM accounts WHERE status = 'open' "
     "AND id NOT IN (SELECT account_id FROM transactions)",
     ["count", "never", "negation", "misread"]),
    ("f6_negative_credit", "count of open credit accounts with a balance below zero",
     "SELECT COUNT(*) FROM accounts WHERE type = 'credit' AND status = 'open' AND balance < 0",
     ["count", "amount", "three_filters"]),
    ("f6_mc_lost_blocked", "Fwd from the audit team:\n> please send over the count of Mastercard "
     "cards reported lost or blocked\nthanks",
     "SELECT COUNT(*) FROM cards WHERE network = 'mastercard' AND status IN ('lost', 'blocked')",
     ["count", "or", "forwarded", "misread"]),
    ("f6_loans_day_first", "how many loans were originated between 1/7/2026 and 30/9/2026?",
     "SELECT COUNT(*) FROM loans WHERE originated_at BETWEEN '2026-07-01' AND '2026-09-30'",
     ["count", "date", "day_first", "misread"]),
    ("f6_johnson_inc", "How many customers work for Johnson Inc?",
     "SELECT COUNT(*) FROM customers WHERE employer = 'Johnson Inc'",
     ["count", "value"]),
    # --- counts across tables ------------------------------------------------------------
    ("f6_frozen_tx_branches", "how many frozen accounts are held at our Texas branches?",
     "SELECT COUNT(*) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE a.status = 'frozen' AND b.state = 'TX'",
     ["count", "join", "branch_place", "misread"]),
    ("f6_fl_residents_accounts_2026",
     "Accounts opened this year by customers who live in Florida: how many?",
     f"SELECT COUNT(*) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     f"WHERE c.state = 'FL' AND a.opened_at {_Y2026}",
     ["count", "join", "relative_date", "date_column", "misread"]),
    ("f6_premier_accounts_2026", "how many accts did premier clients open in 2026",
     f"SELECT COUNT(*) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     f"WHERE c.segment = 'premier' AND a.opened_at {_Y2026}",
     ["count", "join", "date_column", "abbreviation", "misread"]),
    ("f6_never_carded", "How many customers have never been issued a card?",
     f"SELECT COUNT(*) FROM customers WHERE id NOT IN ({_CARD_OWNERS})",
     ["count", "never", "negation", "join", "misread"]),
    ("f6_no_branch_state", "how many customers live in a state where we don't have a branch",
     "SELECT COUNT(*) FROM customers WHERE state NOT IN (SELECT state FROM branches)",
     ["count", "negation", "join", "misread"]),
    ("f6_three_plus_accounts", "How many customers hold 3 or more accounts?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) >= 3)",
     ["count", "having", "distinct_entities", "misread"]),
    ("f6_rent_payers_sept", "how many different customers paid rent in Sept '26?",
     f"SELECT COUNT(DISTINCT a.customer_id) FROM transactions t "
     f"JOIN accounts a ON a.id = t.account_id "
     f"WHERE t.category = 'rent' AND t.posted_at {_SEPT2026}",
     ["count", "distinct_entities", "join", "date", "misread"]),
    ("f6_loan_no_credit_card", "customers who have a loan but no credit card -- how many are there?",
     "SELECT COUNT(DISTINCT customer_id) FROM loans WHERE customer_id NOT IN "
     "(SELECT a.customer_id FROM cards k JOIN accounts a ON a.id = k.account_id "
     "WHERE k.kind = 'credit')",
     ["count", "negation", "join", "distinct_entities", "misread"]),
    # --- sums ------------------------------------------------------------------------------
    ("f6_payroll_sept", "Total payroll credited in September 2026?",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'payroll' AND posted_at {_SEPT2026}",
     ["sum", "date"]),
    ("f6_dining_last_month", "what did customers spend on dining last month",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'dining' AND amount < 0 "
     f"AND posted_at {_SEPT2026}",
     ["sum", "spend", "relative_date", "misread"]),
    ("f6_fees_ytd", "CFO here. Fees collected YTD? Need the number in 5 min",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'fees' AND amount < 0 "
     f"AND posted_at {_Y2026}",
     ["sum", "relative_date", "abbreviation", "hurried"]),
    ("f6_interest_paid_out", "how much interest did we pay out to customers this year?",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'interest' AND amount > 0 "
     f"AND posted_at {_Y2026}",
     ["sum", "sign", "relative_date", "misread"]),
    ("f6_incoming_transfers", "Sum of incoming transfers in 2025",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'transfer' AND amount > 0 "
     f"AND posted_at {_Y2025}",
     ["sum", "sign", "misread"]),
    ("f6_bestbuy_refunds", "How much did Best Buy refund to our customers in 2026?",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'refund' AND merchant = 'Best Buy' "
     f"AND posted_at {_Y2026}",
     ["sum", "merchant", "date"]),
    ("f6_defaulted_principal", "total principal of the loans in default",
     "SELECT SUM(principal) FROM loans WHERE status = 'default'",
     ["sum", "status"]),
    ("f6_brooklyn_balance", "Brooklyn Downtown manager here. What's the total balance of all "
     "accounts at my branch?",
     "SELECT SUM(a.balance) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "WHERE b.name = 'Brooklyn Downtown'",
     ["sum", "join", "branch", "manager"]),
    ("f6_premier_starbucks", "How much did premier customers spend at Starbucks in 2025?",
     f"SELECT SUM(-t.amount) FROM {_TXN_OWNER} WHERE c.segment = 'premier' "
     f"AND t.merchant = 'Starbucks' AND t.amount < 0 AND t.posted_at {_Y2025}",
     ["sum", "spend", "join", "merchant"]),
    ("f6_frozen_savings_nonnative",
     "Please, how much is the sum of balance for all the account of type savings which are frozen?",
     "SELECT SUM(balance) FROM accounts WHERE type = 'savings' AND status = 'frozen'",
     ["sum", "two_filters", "non_native"]),
    # --- averages and extremes --------------------------------------------------------------
    ("f6_mm_avg_open", "avg bal on open money mkt accounts",
     "SELECT AVG(balance) FROM accounts WHERE type = 'money_market' AND status = 'open'",
     ["average", "two_filters", "abbreviation", "terse"]),
    ("f6_mortgage_rate", "What's the averge interest rate on our active mortgages?",
     "SELECT AVG(rate) FROM loans WHERE kind = 'mortgage' AND status = 'active'",
     ["average", "two_filters", "typo"]),
    ("f6_student_term_years", "average term of student loans, in years",
     "SELECT AVG(term_months) / 12.0 FROM loans WHERE kind = 'student'",
     ["average", "unit", "misread"]),
    ("f6_payroll_avg", "whats the average payroll transaction amount",
     "SELECT AVG(amount) FROM transactions WHERE category = 'payroll'",
     ["average", "no_punctuation"]),
    ("f6_amex_max_limit", "Highest credit limit on an active AMEX card?",
     "SELECT MAX(credit_limit) FROM cards WHERE network = 'amex' AND status = 'active'",
     ["max", "two_filters", "capitals"]),
    ("f6_biggest_deposit", "biggest single deposit we've ever received",
     "SELECT MAX(amount) FROM transactions WHERE category = 'deposit'",
     ["max", "chatty"]),
    ("f6_oldest_customer", "Who is our oldest customer?",
     "SELECT first_name, last_name FROM customers ORDER BY birth_date LIMIT 1",
     ["max", "names", "misread"]),
    ("f6_largest_loan_2026", "largest loan originated in 2026: who got it and for how much",
     f"SELECT c.first_name, c.last_name, l.principal FROM loans l "
     f"JOIN customers c ON c.id = l.customer_id WHERE l.originated_at {_Y2026} "
     f"ORDER BY l.principal DESC LIMIT 1",
     ["max", "names", "join", "date"]),
    # --- ratios and percentages -------------------------------------------------------------
    ("f6_pct_expired_cards", "What percentage of our cards are expired?",
     "SELECT 100.0 * SUM(CASE WHEN status = 'expired' THEN 1 ELSE 0 END) / COUNT(*) FROM cards",
     ["percentage"]),
    ("f6_share_private", "what share of customers are in the private segment, in percent",
     "SELECT 100.0 * SUM(CASE WHEN segment = 'private' THEN 1 ELSE 0 END) / COUNT(*) "
     "FROM customers",
     ["percentage", "segment"]),
    ("f6_online_shopping_pct", "Of all shopping transactions, what % were made online?",
     "SELECT 100.0 * SUM(CASE WHEN channel = 'online' THEN 1 ELSE 0 END) / COUNT(*) "
     "FROM transactions WHERE category = 'shopping'",
     ["percentage", "filter", "misread"]),
    # --- groups ----------------------------------------------------------------------------
    ("f6_customers_by_segment", "break down our customers by segment please",
     "SELECT segment, COUNT(*) FROM customers GROUP BY segment",
     ["group", "count"]),
    ("f6_avg_principal_kind", "avg principal per loan type",
     "SELECT kind, AVG(principal) FROM loans GROUP BY kind",
     ["group", "average", "terse"]),
    ("f6_spend_category_q3", "Spending by category for last quarter",
     f"SELECT category, SUM(-amount) FROM transactions WHERE amount < 0 AND posted_at {_Q3_2026} "
     f"GROUP BY category",
     ["group", "spend", "relative_date", "misread"]),
    ("f6_card_spend_monthly", "monthly card spend in 2026, month by month",
     f"SELECT strftime('%Y-%m', posted_at), SUM(-amount) FROM transactions "
     f"WHERE channel = 'card' AND amount < 0 AND posted_at {_Y2026} "
     f"GROUP BY strftime('%Y-%m', posted_at)",
     ["group", "month", "spend", "channel"]),
    ("f6_accounts_per_year", "number of accounts opened per year since 2022",
     "SELECT strftime('%Y', opened_at), COUNT(*) FROM accounts WHERE opened_at >= '2022-01-01' "
     "GROUP BY strftime('%Y', opened_at)",
     ["group", "year", "date"]),
    # --- top N -----------------------------------------------------------------------------
    ("f6_top5_merchants_2025", "top 5 merchants by customer spend in 2025",
     f"SELECT merchant, SUM(-amount) AS spend FROM transactions WHERE amount < 0 "
     f"AND merchant IS NOT NULL AND posted_at {_Y2025} GROUP BY merchant "
     f"ORDER BY spend DESC LIMIT 5",
     ["top_n", "ordered", "spend", "merchant"]),
    ("f6_top3_branches_balance", "Top 3 branches by total balance held",
     "SELECT b.name, SUM(a.balance) AS total FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.name ORDER BY total DESC LIMIT 3",
     ["top_n", "ordered", "join", "sum"]),
    ("f6_top_states", "the three states with the largest number of customers, biggest first",
     "SELECT state, COUNT(*) AS n FROM customers GROUP BY state ORDER BY n DESC LIMIT 3",
     ["top_n", "ordered", "count", "numbers_in_words"]),
    ("f6_top10_customers_balance",
     "i need the ten customers with the highest combined balance across all their accounts",
     "SELECT c.first_name, c.last_name, SUM(a.balance) AS total FROM accounts a "
     "JOIN customers c ON c.id = a.customer_id GROUP BY c.id ORDER BY total DESC LIMIT 10",
     ["top_n", "ordered", "join", "names", "numbers_in_words"]),
    # --- lists and thresholds ----------------------------------------------------------------
    ("f6_old_branches", "Which branches opened before 2000?",
     "SELECT name FROM branches WHERE opened_at < '2000-01-01'",
     ["list", "branch", "date_column", "misread"]),
    ("f6_busy_branches", "branches with more than 175 accounts",
     "SELECT b.name FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.name HAVING COUNT(*) > 175",
     ["list", "having", "join"]),
    ("f6_delinquent_names", "list the names of customers who have a delinquint loan",
     "SELECT DISTINCT c.first_name, c.last_name FROM loans l "
     "JOIN customers c ON c.id = l.customer_id WHERE l.status = 'delinquent'",
     ["list", "names", "join", "status", "typo"]),
    ("f6_multi_loan_names", "Customers with more than one loan - names please",
     "SELECT c.first_name, c.last_name FROM loans l JOIN customers c ON c.id = l.customer_id "
     "GROUP BY c.id HAVING COUNT(*) > 1",
     ["list", "names", "having"]),
]
