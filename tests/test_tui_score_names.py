"""Every score of every player reads on their panel at 80x24 with 2, 3 and 4 seats, in the
variant's own words (issue 47, 9: "Score names show as ids, cut at 80 columns"; For Sale's
3-seat panels read "paid 0 · money 4 · coi…"). A name too long for the panel is shortened the
way a holdings line is (tui/holdings.py): the name without its bracketed remark, the name's
key word, that word cut ('prop.'), never an id the author did not write into the name and never
a word cut off at the panel's edge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import load_variant
from test_secret_choice import PLAYERS
from tui.session import Session
from tui_helpers import headless, shown_at

pytest.importorskip("textual")

from tui.widgets import PlayerPanel  # noqa: E402

# slow (docs/architecture.md, "Test lanes"): the app driven headless
pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data"

LONG_NAMES = """\
format: 1
name: Long Score Names (test game)
description: Roll a die and keep it or bank it; the most letters delivered win.
""" + PLAYERS + """\
dice:
  d1: {faces: [1, 2, 3, 4, 5, 6]}
scores:
  delivered: {most: delivered of X, name: letters delivered to the princess (in rounds won)}
  banked: {most: banked of X, name: favours banked with the royal household}
  rolls: {most: rolls of X, name: number of times the messenger rode out}
ranking: [delivered, banked]
counters:
  delivered: {each: player, reset: never}
  banked: {each: player, reset: never}
  rolls: {each: player, reset: never}
ends:
  won: delivered 30 letters
setup: |
  say "Thirty letters win."
turn: |
  roll d1 into A
  add 1 to rolls of me
  choose word W from "deliver", "bank"
  if W is "deliver":
    add A to delivered of me
  else:
    add A to banked of me
  if delivered of me >= 30:
    end game won for me
"""
"""Three scores whose names are longer than a 4-seat panel, one with a remark in brackets, and
ids that are not the first words of their names."""


def games(tmp_path_factory) -> list[str]:
    written = tmp_path_factory.mktemp("scores") / "long-score-names.yaml"
    written.write_text(LONG_NAMES, encoding="utf-8")
    # one bundled game of each kind of scores, every test game, and the long names
    return ["parker-1985", "monopoly-builder", "monopoly-chance",
            *sorted(str(path) for path in DATA.glob("*.yaml")), str(written)]


def readable(score, text: str, amount: str) -> bool:
    """The score reads in the panel's text as one of the author's words for it and its
    amount: its name, without a remark in brackets, one word of the name, or a word of it cut
    with a dot ('prop. 2'); a money score may read as its amount alone."""
    plain = re.sub(r"\s*\([^)]*\)", "", score.name).strip()
    words = plain.split()
    forms = {score.name, plain, *words, *(w[:n] + "." for w in words for n in range(4, len(w)))}
    number = re.escape(amount)
    if score.money and re.search(rf"(^|· ){number}( ·|$)", text, re.MULTILINE):
        return True
    return any(re.search(rf"(^|· ){re.escape(form)} {number}(\b|/| ·|$)", text, re.MULTILINE) for form in forms)


def panels_at_80x24(name: str, players: int) -> tuple[Session, list[str]]:
    """Each player's panel after a few moves of a game (a person in the first seat)."""
    seats = (None, *["greedy"] * (players - 1))
    session = next(s for s in (headless(seats, 4, limit=limit, name=name) for limit in (12, 4, 0))
                   if not s.game.is_over)

    async def look(app, pilot):
        return {"panels": [app.screen.query_one(f"#player-{seat}", PlayerPanel).content.plain
                           for seat in range(players)]}

    return session, shown_at(session, look, asked=False)["panels"]


def test_every_score_of_every_player_reads_in_the_variants_words_at_80x24(tmp_path_factory):
    """Issue 47, 9: at 80x24 with each number of seats a game allows (2 to 4), each player's
    panel shows each of the scores it shows by a name the variant gives it, never its id,
    and never cut off at the panel's edge ('coi…')."""
    for name in games(tmp_path_factory):
        variant = load_variant(name)
        for players in sorted({setup.players for setup in variant.setups} & {2, 3, 4}):
            session, panels = panels_at_80x24(name, players)
            view = session.view()
            shown = (variant.scores if variant.stacks == "cards"
                     else [s for key in variant.ranking for s in variant.scores if s.id == key])
            for seat, panel in enumerate(panels):
                for score in shown:
                    value = view.scores[score.id][seat]
                    amount = "?" if value is None else variant.format_money(value) if score.money else str(value)
                    assert readable(score, panel, amount), (name, players, score.name, panel)
                    if score.id.replace("_", " ") not in score.name.lower():
                        assert not re.search(rf"\b{score.id.replace('_', ' ')}\b", panel), (name, score.id, panel)


def test_a_long_score_name_is_shortened_to_the_authors_key_word_and_explained_in_the_help(tmp_path_factory):
    """A score named 'letters delivered to the princess (in rounds won)' (id `delivered`)
    reads 'delivered 12' on a 4-seat panel, not its id's own spelling of something else, and
    the help's list of the panels' short names says what it stands for."""
    from tui.reference import reference_text

    path = tmp_path_factory.mktemp("long") / "long-score-names.yaml"
    path.write_text(LONG_NAMES, encoding="utf-8")
    session, panels = panels_at_80x24(str(path), 4)
    rolls = session.view().scores["rolls"][0]
    assert re.search(r"^delivered \d+$", panels[0], re.MULTILINE), panels[0]
    assert re.search(r"^banked \d+$", panels[0], re.MULTILINE), panels[0]
    assert f"messenger {rolls}" in panels[0], panels[0]  # the id is no word of the name: its longest
    said = reference_text(session.view(), session.game, {}).plain
    assert "delivered: letters delivered to the princess (in rounds won)" in said, said
