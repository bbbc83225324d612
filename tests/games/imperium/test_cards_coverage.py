"""Every Classics card is implemented and covered by a test (the issue's 100% coverage)."""

from epochal.coverage import coverage


def test_every_classics_card_is_implemented_and_tested():
    report = coverage("imperium")
    assert report["total"]["cards"] == 276  # R9: 83 common + 193 nation cards
    untested = {deck: row["untested"] for deck, row in report["decks"].items() if row["untested"]}
    assert untested == {}
    assert report["total"]["implemented"] == report["total"]["tested"] == 276
