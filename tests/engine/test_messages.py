"""ICU-style message templates (engine.messages): fields, plural forms by CLDR's rules, choices."""

from __future__ import annotations

import pytest

from epochal.engine.messages import MessageError, format_message, plural_category

COINS_RU = "{n, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}"


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1 монета"),
        (2, "2 монеты"),
        (5, "5 монет"),
        (11, "11 монет"),
        (21, "21 монета"),
        (22, "22 монеты"),
        ("3", "3 монеты"),
    ],
)
def test_russian_plural_forms_follow_cldr(n, text):
    assert format_message(COINS_RU, {"n": n}, "ru") == text


def test_english_and_hungarian_plurals_and_an_exact_number_first():
    template = "{n, plural, =0 {no card} one {# card} other {# cards}}"
    assert [format_message(template, {"n": n}, "en") for n in (0, 1, 7)] == ["no card", "1 card", "7 cards"]
    assert plural_category("hu", 1) == "one" and plural_category("hu", 4) == "other"


def test_fields_choices_and_apostrophes_are_kept():
    template = "{who}'s {side, select, A {day side} other {night side}}"
    assert format_message(template, {"who": "Ana", "side": "B"}, "en") == "Ana's night side"


def test_a_missing_field_or_a_broken_template_is_a_message_error():
    with pytest.raises(MessageError, match="not given"):
        format_message("{card}", {}, "en")
    with pytest.raises(MessageError, match="does not parse"):
        format_message("{n, plural, one {a}", {"n": 1}, "en")
    with pytest.raises(MessageError, match="not a number"):
        format_message(COINS_RU, {"n": "many"}, "ru")


def test_an_empty_branch_is_a_branch():
    template = "{n, plural, =0 {} one {# card} other {# cards}}"
    assert format_message(template, {"n": 0}, "en") == ""
