"""Banking questions in other people's style (issue 23): thresholds per entity, missing
values, one table's dates, "the N largest X", and wording the reader may not read.

Written before the reader was changed for them, over the generated bank
(``create_bank_database(url, seed=7)``); entries are ``(id, question, reference SQL for
SQLite, tags)`` as in :mod:`.banking_set`. ``WRITTEN`` may be tuned on; ``WRITTEN_HELDOUT``
never is: its figure is the honest one. Each request is also asked in variants made by rule
(:mod:`.variants`).
"""

from __future__ import annotations

_CARDS_PER_CUSTOMER = ("SELECT a.customer_id FROM cards k JOIN accounts a ON a.id = k.account_id "
                       "GROUP BY a.customer_id HAVING COUNT(*)")

WRITTEN: list[tuple[str, str, str, list[str]]] = [
    # -- counts per entity with a threshold ---------------------------------------------------
    ("w_cust_3_cards", "How many customers hold at least 3 cards?",
     f"SELECT COUNT(*) FROM ({_CARDS_PER_CUSTOMER} >= 3)", ["count", "having"]),
    ("w_cust_gt2_accounts", "how many customers have more than two accounts",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) > 2)", ["count", "having"]),
    ("w_cust_2_loans", "Count the customers with at least 2 loans.",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM loans GROUP BY customer_id "
     "HAVING COUNT(*) >= 2)", ["count", "having"]),
    ("w_which_cust_gt2_loans", "Which customers have more than 2 loans?",
     "SELECT c.first_name, c.last_name FROM customers c JOIN loans l ON l.customer_id = c.id "
     "GROUP BY c.id HAVING COUNT(*) > 2", ["having", "join"]),
    ("w_cust_exactly_1_account", "How many customers have exactly one account?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) = 1)", ["count", "having"]),
    ("w_cust_fewer_2_accounts", "Number of customers with fewer than 2 accounts",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM accounts GROUP BY customer_id "
     "HAVING COUNT(*) < 2)", ["count", "having"]),
    # -- missing values -----------------------------------------------------------------------
    ("w_accounts_no_close", "How many accounts have no closing date?",
     "SELECT COUNT(*) FROM accounts WHERE closed_at IS NULL", ["count", "null"]),
    ("w_cust_without_employer", "How many customers are without an employer?",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL", ["count", "null"]),
    ("w_tx_missing_merchant", "how many transactions are missing a merchant",
     "SELECT COUNT(*) FROM transactions WHERE merchant IS NULL", ["count", "null"]),
    ("w_cards_no_limit", "How many cards have no credit limit?",
     "SELECT COUNT(*) FROM cards WHERE credit_limit IS NULL", ["count", "null"]),
    ("w_avg_balance_open_ended", "Average balance of accounts with no closing date",
     "SELECT AVG(balance) FROM accounts WHERE closed_at IS NULL", ["avg", "null"]),
    # -- the date of the noun asked about -----------------------------------------------------
    ("w_branches_before_2005", "How many branches opened before 2005?",
     "SELECT COUNT(*) FROM branches WHERE opened_at < '2005-01-01'", ["count", "date"]),
    ("w_branches_since_2010", "List the branches opened since 2010",
     "SELECT name FROM branches WHERE opened_at >= '2010-01-01'", ["date"]),
    ("w_tx_branches_before_2008", "How many Texas branches were opened before 2008?",
     "SELECT COUNT(*) FROM branches WHERE state = 'TX' AND opened_at < '2008-01-01'",
     ["count", "date", "filter"]),
    # -- the N largest X ----------------------------------------------------------------------
    ("w_top5_principals", "What are the 5 largest loan principals?",
     "SELECT principal FROM loans ORDER BY principal DESC LIMIT 5", ["topn", "ordered"]),
    ("w_top3_balances", "the 3 largest account balances",
     "SELECT balance FROM accounts ORDER BY balance DESC LIMIT 3", ["topn", "ordered"]),
    ("w_top5_rates", "Show the five highest interest rates",
     "SELECT rate FROM loans ORDER BY rate DESC LIMIT 5", ["topn", "ordered"]),
    ("w_top3_amounts", "top 3 transaction amounts",
     "SELECT amount FROM transactions ORDER BY amount DESC LIMIT 3", ["topn", "ordered"]),
    ("w_top5_cities_customers", "Top 5 cities by number of customers",
     "SELECT city, COUNT(*) AS n FROM customers GROUP BY city ORDER BY n DESC LIMIT 5",
     ["topn", "group", "ordered"]),
    # -- wording that carries meaning the reader may not read ---------------------------------
    ("w_not_california", "How many customers do not live in California?",
     "SELECT COUNT(*) FROM customers WHERE state <> 'CA'", ["count", "negation"]),
    ("w_accounts_not_open", "How many accounts are not open?",
     "SELECT COUNT(*) FROM accounts WHERE status <> 'open'", ["count", "negation"]),
    ("w_rate_between", "How many loans have a rate between 5 and 6 percent?",
     "SELECT COUNT(*) FROM loans WHERE rate BETWEEN 5 AND 6", ["count", "filter"]),
]
"""The new batch the reader may be tuned on (tag ``written``)."""

WRITTEN_HELDOUT: list[tuple[str, str, str, list[str]]] = [
    ("wh_clients_gt1_card", "Number of clients owning more than 1 card",
     f"SELECT COUNT(*) FROM ({_CARDS_PER_CUSTOMER} > 1)", ["count", "having"]),
    ("wh_cust_2_or_more_loans", "how many customers hold 2 or more loans?",
     "SELECT COUNT(*) FROM (SELECT customer_id FROM loans GROUP BY customer_id "
     "HAVING COUNT(*) >= 2)", ["count", "having"]),
    ("wh_cust_any_loan", "How many customers have at least one loan?",
     "SELECT COUNT(DISTINCT customer_id) FROM loans", ["count", "having"]),
    ("wh_accounts_missing_closed", "Count accounts that are missing a closed date",
     "SELECT COUNT(*) FROM accounts WHERE closed_at IS NULL", ["count", "null"]),
    ("wh_cust_no_employer", "How many customers have no employer on file?",
     "SELECT COUNT(*) FROM customers WHERE employer IS NULL", ["count", "null"]),
    ("wh_tx_no_merchant", "transactions with no merchant - how many?",
     "SELECT COUNT(*) FROM transactions WHERE merchant IS NULL", ["count", "null"]),
    ("wh_branches_after_2005", "How many branches were opened after 2005?",
     "SELECT COUNT(*) FROM branches WHERE opened_at > '2005-12-31'", ["count", "date"]),
    ("wh_branches_before_2000", "Branches that opened before 2000",
     "SELECT name FROM branches WHERE opened_at < '2000-01-01'", ["date"]),
    ("wh_top3_loan_amounts", "What are the 3 biggest loan amounts?",
     "SELECT principal FROM loans ORDER BY principal DESC LIMIT 3", ["topn", "ordered"]),
    ("wh_top5_balances", "top 5 account balances",
     "SELECT balance FROM accounts ORDER BY balance DESC LIMIT 5", ["topn", "ordered"]),
    ("wh_cards_not_active", "How many cards aren't active?",
     "SELECT COUNT(*) FROM cards WHERE status <> 'active'", ["count", "negation"]),
]
"""Held back: never tuned on (tags ``written`` and ``heldout``)."""
