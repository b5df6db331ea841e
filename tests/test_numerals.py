"""The number words every reader shares: each value once, in order, both ways of writing a
compound day."""

from agentdesk.numerals import CARDINALS, ORDINAL_DAYS, cardinals, year_in_words


def test_cardinals_run_from_zero_to_nineteen_then_by_tens() -> None:
    assert list(CARDINALS.values()) == [*range(20), *range(20, 100, 10)]
    assert cardinals(12) == {w: n for w, n in CARDINALS.items() if 1 <= n <= 12}
    assert "zero" not in cardinals(90) and cardinals(90)["ninety"] == 90


def test_every_day_of_a_month_has_its_ordinal() -> None:
    assert set(ORDINAL_DAYS.values()) == set(range(1, 32))
    assert ORDINAL_DAYS["twenty-fourth"] == ORDINAL_DAYS["twenty fourth"] == 24
    assert ORDINAL_DAYS["thirty first"] == ORDINAL_DAYS["thirty-first"] == 31


def test_a_year_said_in_words() -> None:
    assert [year_in_words(said) for said in (
        "twenty twenty five", "nineteen ninety nine", "twenty oh five", "twenty ten",
        "two thousand and twenty-seven", "Twenty Thirty")] == [2025, 1999, 2005, 2010, 2027, 2030]
    assert [year_in_words(said) for said in ("twenty five", "nineteen", "twenty zero",
                                             "twenty blue")] == [None] * 4
