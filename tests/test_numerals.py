"""The number words every reader shares: each value once, in order, both ways of writing a
compound day."""

from agentdesk.numerals import CARDINALS, ORDINAL_DAYS, cardinals


def test_cardinals_run_from_zero_to_nineteen_then_by_tens() -> None:
    assert list(CARDINALS.values()) == [*range(20), *range(20, 100, 10)]
    assert cardinals(12) == {w: n for w, n in CARDINALS.items() if 1 <= n <= 12}
    assert "zero" not in cardinals(90) and cardinals(90)["ninety"] == 90


def test_every_day_of_a_month_has_its_ordinal() -> None:
    assert set(ORDINAL_DAYS.values()) == set(range(1, 32))
    assert ORDINAL_DAYS["twenty-fourth"] == ORDINAL_DAYS["twenty fourth"] == 24
    assert ORDINAL_DAYS["thirty first"] == ORDINAL_DAYS["thirty-first"] == 31
