"""Every Classics card is implemented and covered by a test (the issue's 100% coverage)."""

from epochal.coverage import coverage

CLASSICS = ("Carthaginians", "Celts", "Greeks", "Macedonians", "Persians", "Romans", "Scythians", "Vikings")


def test_every_classics_card_is_implemented_and_tested():
    report = coverage("imperium")
    classics = [row for deck, row in report["decks"].items() if deck.startswith("common") or deck in CLASSICS]
    assert sum(row["cards"] for row in classics) == 276  # R9: 83 common + 193 nation cards
    untested = {deck: row["untested"] for deck, row in report["decks"].items() if row["untested"]}
    assert untested == {}
    assert sum(row["implemented"] for row in classics) == sum(row["tested"] for row in classics) == 276
