"""docs/variants.md, `board.stacks`: a board's spaces stack players' units or cards. The words
that build and remove units (`build`, `build up to`, `remove top of`, `remove all from`) have
nothing to work on where spaces stack cards: `extends: winning-moves-2016` with `stacks: cards`
passed `check --strict`, and a Hurricane's `remove top of P` then took a card's code for a
player's unit (IndexError in play). The check refuses each such word where it is written."""

from __future__ import annotations

from engine.variant.load import check_variant


def test_unit_words_on_a_board_of_cards_are_refused_where_written(write):
    result = check_variant(write("extends: winning-moves-2016\nname: Cards board\nboard:\n  stacks: cards\n"))
    said = {d.message.split(": ", 1)[1].split("'")[1] for d in result.diagnostics}
    assert said == {"build", "build up to", "remove top of", "remove all from"}, said
    hurricane = next(d for d in result.diagnostics if "hurricane" in d.message)
    assert hurricane.loc.line > 1 and "stack cards" in hurricane.message and "move top of" in (hurricane.hint or "")


def test_the_bundled_games_of_card_boards_are_not_refused():
    """Monopoly Chance and Monopoly Builder stack cards on their spaces and move them with
    `put` and `move top of`: none of their words is a unit's."""
    from engine.resources import variants_dir

    for name in ("monopoly-chance", "monopoly-builder"):
        assert check_variant(str(variants_dir() / f"{name}.yaml")).diagnostics == [], name
