"""A second fresh banking set, written blind to the reader (tag ``fresh2``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``, the shape of
``banking_set.FRESH``, over the generated bank (``create_bank_database(url, seed=7)``).
The questions were written from the schema, the generator and the benches only, without
reading the bank's reader, the agent or their tests, and were measured once
(``python -m bench.quality.banking_parts --part fresh2``); no case was changed after.

Conventions of the references: "spend" and "paid" are debits as positive dollars
(``SUM(-amount)`` over ``amount < 0``); a payroll credit or a deposit is its positive amount;
"which customers" is their first and last name. Tag ``misread`` marks a question written to
be easy to misread (the wrong table's date, a filter easy to drop, a count of rows where
distinct entities are asked, a negation, a null); the other tags say what the case
exercises.
"""

from __future__ import annotations

__all__ = ["FRESH2"]

_Y2024 = "BETWEEN '2024-01-01' AND '2024-12-31'"
_Y2025 = "BETWEEN '2025-01-01' AND '2025-12-31'"
_Y2026 = "BETWEEN '2026-01-01' AND '2026-12-31'"

FRESH2: list[tuple[str, str, str, list[str]]] = [
    # -- counts -----------------------------------------------------------------------------
    ("f2_premier_count", "how many premier clients do we have",
     "SELECT COUNT(*) FROM customers WHERE segment = 'premier'",
     ["count", "filter", "synonym"]),
    ("f2_frozen_accounts", "Number of frozen accts?",
     "SELECT COUNT(*) FROM accounts WHERE status = 'frozen'", ["count", "filter", "abbreviation"]),
    ("f2_amex_cards", "How many Amex cards are out there?",
     "SELECT COUNT(*) FROM cards WHERE network = 'amex'", ["count", "filter"]),
    ("f2_defaulted_loans", "count of loans that went into default",
     "SELECT COUNT(*) FROM loans WHERE status = 'default'", ["count", "filter"]),
    ("f2_smallbiz_texas", "How many small business customers are based in Texas?",
     "SELECT COUNT(*) FROM customers WHERE segment = 'small_business' AND state = 'TX'",
     ["count", "filter", "misread"]),
    ("f2_signed_up_march_2024", "how many people signed up in march 2024",
     "SELECT COUNT(*) FROM customers WHERE joined_at BETWEEN '2024-03-01' AND '2024-03-31'",
     ["count", "date", "synonym"]),
    ("f2_accounts_opened_q1_2026", "Accounts opened in Q1 2026 - how many?",
     "SELECT COUNT(*) FROM accounts WHERE opened_at BETWEEN '2026-01-01' AND '2026-03-31'",
     ["count", "date", "misread"]),
    ("f2_branches_before_2005", "How many of our branches opened before 2005?",
     "SELECT COUNT(*) FROM branches WHERE opened_at < '2005-01-01'",
     ["count", "date", "misread"]),
    ("f2_cards_expiring_2027", "How many cards expire in 2027?",
     "SELECT COUNT(*) FROM cards WHERE expires_at BETWEEN '2027-01-01' AND '2027-12-31'",
     ["count", "date", "misread"]),
    ("f2_loans_h1_2025",
     "How many loans were taken out between January 1st and June 30th, 2025?",
     "SELECT COUNT(*) FROM loans WHERE originated_at BETWEEN '2025-01-01' AND '2025-06-30'",
     ["count", "date", "synonym"]),
    ("f2_txns_dec_2025", "number of txns in dec 2025",
     "SELECT COUNT(*) FROM transactions WHERE posted_at BETWEEN '2025-12-01' AND '2025-12-31'",
     ["count", "date", "abbreviation"]),
    # -- sums -------------------------------------------------------------------------------
    ("f2_mortgage_principal", "What's the total principal across all mortgages?",
     "SELECT SUM(principal) FROM loans WHERE kind = 'mortgage'", ["sum", "filter"]),
    ("f2_savings_balance", "Total balance held in savings accounts",
     "SELECT SUM(balance) FROM accounts WHERE type = 'savings'", ["sum", "filter"]),
    ("f2_grocery_spend_2025", "How much did customers spend on groceries in 2025?",
     f"SELECT SUM(-amount) FROM transactions WHERE category = 'groceries' AND amount < 0 "
     f"AND posted_at {_Y2025}", ["spend", "filter", "date"]),
    ("f2_payroll_2026", "total payroll credited in 2026",
     f"SELECT SUM(amount) FROM transactions WHERE category = 'payroll' AND posted_at {_Y2026}",
     ["sum", "filter", "date", "misread"]),
    ("f2_rent_h2_2024", "sum of rent paid in the second half of 2024",
     "SELECT SUM(-amount) FROM transactions WHERE category = 'rent' AND amount < 0 "
     "AND posted_at BETWEEN '2024-07-01' AND '2024-12-31'", ["spend", "filter", "date"]),
    ("f2_amount_on_july4", "total transaction amount on 2025-07-04",
     "SELECT SUM(amount) FROM transactions WHERE posted_at = '2025-07-04'", ["sum", "date"]),
    ("f2_ny_state_loan_principal", "total loan principal for customers in New York state",
     "SELECT SUM(l.principal) FROM loans l JOIN customers c ON c.id = l.customer_id "
     "WHERE c.state = 'NY'", ["sum", "join", "filter", "misread"]),
    # -- averages ---------------------------------------------------------------------------
    ("f2_avg_auto_rate", "avg intrest rate for auto loans",
     "SELECT AVG(rate) FROM loans WHERE kind = 'auto'", ["avg", "filter", "typo"]),
    ("f2_avg_open_checking", "What is the average balance of open checking accounts?",
     "SELECT AVG(balance) FROM accounts WHERE type = 'checking' AND status = 'open'",
     ["avg", "filter", "misread"]),
    ("f2_avg_student_term", "On average, how many months are student loans for?",
     "SELECT AVG(term_months) FROM loans WHERE kind = 'student'", ["avg", "filter"]),
    ("f2_avg_payroll", "average size of a payroll deposit",
     "SELECT AVG(amount) FROM transactions WHERE category = 'payroll'",
     ["avg", "filter", "misread"]),
    # -- min / max --------------------------------------------------------------------------
    ("f2_largest_principal", "biggest loan principal we've ever issued?",
     "SELECT MAX(principal) FROM loans", ["max"]),
    ("f2_lowest_mortgage_rate", "lowest rate on a mortgage",
     "SELECT MIN(rate) FROM loans WHERE kind = 'mortgage'", ["min", "filter"]),
    ("f2_oldest_birth", "When was our oldest customer born?",
     "SELECT MIN(birth_date) FROM customers", ["min", "date", "misread"]),
    ("f2_latest_signup", "date of the most recent customer sign-up",
     "SELECT MAX(joined_at) FROM customers", ["max", "date", "synonym"]),
    ("f2_largest_deposit", "What was the single largest deposit?",
     "SELECT MAX(amount) FROM transactions WHERE category = 'deposit'",
     ["max", "filter", "misread"]),
    ("f2_first_branch", "Which branch opened first?",
     "SELECT name FROM branches ORDER BY opened_at LIMIT 1", ["min", "date", "misread"]),
    # -- group by ---------------------------------------------------------------------------
    ("f2_accounts_by_type", "break down accounts by type",
     "SELECT type, COUNT(*) FROM accounts GROUP BY type", ["group"]),
    ("f2_loans_by_status", "loan count per status",
     "SELECT status, COUNT(*) FROM loans GROUP BY status", ["group"]),
    ("f2_amount_by_channel_2025", "total transaction amount by channel for 2025",
     f"SELECT channel, SUM(amount) FROM transactions WHERE posted_at {_Y2025} GROUP BY channel",
     ["group", "sum", "date"]),
    ("f2_avg_balance_by_segment", "average account balance for each customer segment",
     "SELECT c.segment, AVG(a.balance) FROM accounts a JOIN customers c ON c.id = a.customer_id "
     "GROUP BY c.segment", ["group", "avg", "join"]),
    ("f2_signups_per_year_since_2022", "new customers per year since 2022",
     "SELECT strftime('%Y', joined_at) AS y, COUNT(*) FROM customers "
     "WHERE joined_at >= '2022-01-01' GROUP BY y", ["group", "date", "synonym"]),
    ("f2_loans_kind_2026", "How many loans of each kind were originated in 2026?",
     f"SELECT kind, COUNT(*) FROM loans WHERE originated_at {_Y2026} GROUP BY kind",
     ["group", "date"]),
    ("f2_balance_by_branch_state", "total balances by branch state",
     "SELECT b.state, SUM(a.balance) FROM accounts a JOIN branches b ON b.id = a.branch_id "
     "GROUP BY b.state", ["group", "sum", "join", "misread"]),
    # -- top N ------------------------------------------------------------------------------
    ("f2_5_largest_balances", "the 5 largest account balances",
     "SELECT balance FROM accounts ORDER BY balance DESC LIMIT 5",
     ["topn", "ordered", "misread"]),
    ("f2_top3_auto_principals", "top three auto loan amounts",
     "SELECT principal FROM loans WHERE kind = 'auto' ORDER BY principal DESC LIMIT 3",
     ["topn", "filter", "ordered", "words"]),
    ("f2_top5_states", "Which 5 states have the most customers?",
     "SELECT state FROM customers GROUP BY state ORDER BY COUNT(*) DESC LIMIT 5",
     ["topn", "group"]),  # not ordered: the 4th and 5th have as many customers
    ("f2_top3_branches_accounts", "the three branches with the most accounts",
     "SELECT b.name FROM branches b JOIN accounts a ON a.branch_id = b.id GROUP BY b.id "
     "ORDER BY COUNT(*) DESC LIMIT 3", ["topn", "join", "ordered", "words"]),
    ("f2_top4_merchants_count_2025", "top 4 merchants by number of transactions in 2025",
     f"SELECT merchant FROM transactions WHERE merchant IS NOT NULL AND posted_at {_Y2025} "
     f"GROUP BY merchant ORDER BY COUNT(*) DESC LIMIT 4", ["topn", "date", "ordered"]),
    ("f2_lowest_active_rates", "3 lowest interest rates among active loans",
     "SELECT rate FROM loans WHERE status = 'active' ORDER BY rate ASC LIMIT 3",
     ["topn", "filter", "ordered", "misread"]),
    ("f2_top5_borrowers", "Which 5 customers have borrowed the most in total?",
     "SELECT c.first_name, c.last_name FROM customers c JOIN loans l ON l.customer_id = c.id "
     "GROUP BY c.id ORDER BY SUM(l.principal) DESC LIMIT 5", ["topn", "join", "ordered"]),
    # -- filters on numbers and text --------------------------------------------------------
    ("f2_balance_over_50k", "How many accounts have more than $50,000 in them?",
     "SELECT COUNT(*) FROM accounts WHERE balance > 50000", ["count", "number"]),
    ("f2_rate_above_12", "loans with a rate above 12% — how many?",
     "SELECT COUNT(*) FROM loans WHERE rate > 12", ["count", "number"]),
    ("f2_term_36_or_less", "How many loans have a term of 36 months or less?",
     "SELECT COUNT(*) FROM loans WHERE term_months <= 36", ["count", "number", "misread"]),
    ("f2_ach_over_1000", "count ACH transactions over 1,000 dollars",
     "SELECT COUNT(*) FROM transactions WHERE channel = 'ach' AND amount > 1000",
     ["count", "number", "filter"]),
    ("f2_austin_clients", "clients living in Austin, how many",
     "SELECT COUNT(*) FROM customers WHERE city = 'Austin'", ["count", "filter", "synonym"]),
    ("f2_gmail", "How many customers use a gmail address?",
     "SELECT COUNT(*) FROM customers WHERE email LIKE '%@gmail.com'", ["count", "text"]),
    ("f2_starbucks_2024", "How many times did people buy at Starbucks during 2024?",
     f"SELECT COUNT(*) FROM transactions WHERE merchant = 'Starbucks' AND posted_at {_Y2024}",
     ["count", "filter", "date"]),
    ("f2_principal_between", "how many loans have a principal between 10k and 20k",
     "SELECT COUNT(*) FROM loans WHERE principal BETWEEN 10000 AND 20000",
     ["count", "number"]),
    # -- more dates -------------------------------------------------------------------------
    ("f2_joined_us_dates", "customers who joined between 1/15/2023 and 2/15/2023, how many",
     "SELECT COUNT(*) FROM customers WHERE joined_at BETWEEN '2023-01-15' AND '2023-02-15'",
     ["count", "date", "misread"]),
    ("f2_closed_in_2025", "How many accounts were closed in 2025?",
     f"SELECT COUNT(*) FROM accounts WHERE closed_at {_Y2025}", ["count", "date", "misread"]),
    ("f2_loans_since_sept_2026", "loans originated since Sept 1st, 2026",
     "SELECT COUNT(*) FROM loans WHERE originated_at >= '2026-09-01'", ["count", "date"]),
    ("f2_born_before_1960", "how many customers were born before 1960",
     "SELECT COUNT(*) FROM customers WHERE birth_date < '1960-01-01'",
     ["count", "date", "misread"]),
    # -- joins ------------------------------------------------------------------------------
    ("f2_private_cards", "How many cards belong to private-segment customers?",
     "SELECT COUNT(*) FROM cards k JOIN accounts a ON a.id = k.account_id "
     "JOIN customers c ON c.id = a.customer_id WHERE c.segment = 'private'",
     ["count", "join", "misread"]),
    ("f2_seattle_branch_txns",
     "How many transactions were made on accounts held at the Seattle branch?",
     "SELECT COUNT(*) FROM transactions t JOIN accounts a ON a.id = t.account_id "
     "JOIN branches b ON b.id = a.branch_id WHERE b.city = 'Seattle'",
     ["count", "join", "misread"]),
    ("f2_premier_travel_2025", "how much did premier customers spend on travel in 2025",
     f"SELECT SUM(-t.amount) FROM transactions t JOIN accounts a ON a.id = t.account_id "
     f"JOIN customers c ON c.id = a.customer_id WHERE c.segment = 'premier' "
     f"AND t.category = 'travel' AND t.amount < 0 AND t.posted_at {_Y2025}",
     ["spend", "join", "date", "filter"]),
    ("f2_customers_opened_account_2025", "How many customers opened an account in 2025?",
     f"SELECT COUNT(DISTINCT customer_id) FROM accounts WHERE opened_at {_Y2025}",
     ["distinct", "date", "misread"]),
    # -- per-entity thresholds --------------------------------------------------------------
    ("f2_customers_3plus_accounts", "How many customers have more than two accounts?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 2)", ["having", "count", "words", "misread"]),
    ("f2_multi_loan_customers", "which customers have more than one loan",
     "SELECT c.first_name, c.last_name FROM customers c JOIN loans l ON l.customer_id = c.id "
     "GROUP BY c.id HAVING COUNT(*) > 1", ["having", "join"]),
    ("f2_merchants_over_450k", "merchants with total spend over $450k",
     "SELECT merchant FROM transactions WHERE amount < 0 AND merchant IS NOT NULL "
     "GROUP BY merchant HAVING SUM(-amount) > 450000", ["having", "spend", "misread"]),
    ("f2_accounts_30_txns", "How many accounts have at least 30 transactions?",
     "SELECT COUNT(*) FROM (SELECT account_id FROM transactions GROUP BY account_id "
     "HAVING COUNT(*) >= 30)", ["having", "count"]),
    # -- missing values ---------------------------------------------------------------------
    ("f2_no_employer", "how many custmers have no employer on file",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL", ["null", "typo"]),
    ("f2_no_loans", "How many customers don't have any loans?",
     "SELECT COUNT(*) FROM customers WHERE id NOT IN (SELECT customer_id FROM loans)",
     ["null", "negation", "misread"]),
    ("f2_accounts_no_card", "how many accounts have no card",
     "SELECT COUNT(*) FROM accounts WHERE id NOT IN (SELECT account_id FROM cards)",
     ["null", "negation", "misread"]),
    ("f2_no_merchant", "count of transactions with no merchant",
     "SELECT COUNT(*) FROM transactions WHERE merchant IS NULL", ["null"]),
    ("f2_no_close_date", "accounts without a closing date — how many?",
     "SELECT COUNT(*) FROM accounts WHERE closed_at IS NULL", ["null", "misread"]),
    # -- negations --------------------------------------------------------------------------
    ("f2_not_retail", "How many customers are not retail?",
     "SELECT COUNT(*) FROM customers WHERE segment <> 'retail'", ["negation", "misread"]),
    ("f2_principal_excl_paid_off", "total principal of loans, excluding the paid off ones",
     "SELECT SUM(principal) FROM loans WHERE status <> 'paid_off'",
     ["negation", "sum", "misread"]),
    ("f2_cards_not_visa", "cards on networks other than Visa: how many?",
     "SELECT COUNT(*) FROM cards WHERE network <> 'visa'", ["negation", "misread"]),
    ("f2_non_card_2025", "How many 2025 transactions were not made by card?",
     f"SELECT COUNT(*) FROM transactions WHERE channel <> 'card' AND posted_at {_Y2025}",
     ["negation", "date", "misread"]),
    ("f2_open_non_checking", "open accounts that aren't checking accounts, count",
     "SELECT COUNT(*) FROM accounts WHERE status = 'open' AND type <> 'checking'",
     ["negation", "filter", "misread"]),
    # -- distinct counts --------------------------------------------------------------------
    ("f2_distinct_cities", "in how many different cities do our customers live?",
     "SELECT COUNT(DISTINCT city) FROM customers", ["distinct", "misread"]),
    ("f2_costco_customers_2026", "How many distinct customers shopped at Costco in 2026?",
     f"SELECT COUNT(DISTINCT a.customer_id) FROM transactions t "
     f"JOIN accounts a ON a.id = t.account_id WHERE t.merchant = 'Costco' "
     f"AND t.posted_at {_Y2026}", ["distinct", "join", "date", "misread"]),
    # -- percentages and ratios -------------------------------------------------------------
    ("f2_pct_closed", "What percentage of accounts are closed?",
     "SELECT 100.0 * SUM(status = 'closed') / COUNT(*) FROM accounts", ["ratio"]),
    ("f2_premier_share", "share of customers that are premier, in percent",
     "SELECT 100.0 * SUM(segment = 'premier') / COUNT(*) FROM customers", ["ratio"]),
    ("f2_credit_debit_ratio", "ratio of credit cards to debit cards",
     "SELECT 1.0 * SUM(kind = 'credit') / SUM(kind = 'debit') FROM cards", ["ratio"]),
    # -- comparisons between groups ---------------------------------------------------------
    ("f2_auto_vs_personal_rate", "compare average rates: auto loans vs personal loans",
     "SELECT kind, AVG(rate) FROM loans WHERE kind IN ('auto', 'personal') GROUP BY kind",
     ["compare", "avg", "group"]),
    ("f2_online_vs_card_2026", "online vs card transactions in 2026, how many of each",
     f"SELECT channel, COUNT(*) FROM transactions WHERE channel IN ('online', 'card') "
     f"AND posted_at {_Y2026} GROUP BY channel", ["compare", "group", "date"]),
    ("f2_checking_vs_savings_avg", "avg balance checking vs savings",
     "SELECT type, AVG(balance) FROM accounts WHERE type IN ('checking', 'savings') "
     "GROUP BY type", ["compare", "avg", "group", "abbreviation"]),
]
