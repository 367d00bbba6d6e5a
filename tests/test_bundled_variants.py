"""The bundled variants check clean and say what the rulebooks say.

Sources: ../shared/rules/advance-to-boardwalk-2016-winning-moves.txt (2016),
advance-to-boardwalk-1985-parker.txt (1985) and advance-to-boardwalk-wiki.txt (wiki).
"""

from __future__ import annotations

import pytest

from engine.effects import ast
from engine.resources import bundled_variant_names
from engine.variant.load import check_variant, load_variant


@pytest.mark.parametrize("name", bundled_variant_names())
def test_every_bundled_variant_checks_clean(name):
    result = check_variant(name)
    assert result.diagnostics == []
    assert result.variant is not None


def test_there_are_two_editions_and_at_least_three_house_rules():
    names = bundled_variant_names()
    assert {"winning-moves-2016", "parker-1985"} <= set(names)
    house = [n for n in names if n.startswith("house-")]
    assert len(house) >= 3
    for name in house:
        assert check_variant(name).files[1:], f"{name} should extend a base variant"


# wiki, "Fortune cards": the 28 cards and how many of each
WIKI_DECK = {
    "contract_5": 1, "contract_6": 1, "contract_7": 1, "contract_8": 2,
    "big_bonus_contract": 1, "zone_permit": 1, "windfall": 2, "start_construction": 1,
    "hurricane": 4, "insurance": 2, "transfer": 3, "transfer_and_build": 1, "switch": 1,
    "trust_bust": 1, "cash_shortage": 1, "catastrophe": 1, "profit_boost": 1,
    "double_profit_boost": 1, "demolition": 1, "renovation": 1,
}


@pytest.mark.parametrize("name", ["winning-moves-2016", "parker-1985"])
def test_fortune_deck_has_the_wikis_28_cards(name):
    variant = load_variant(name)
    assert {card.id: card.count for card in variant.cards} == WIKI_DECK
    assert variant.deck_size == 28


@pytest.mark.parametrize("name", ["winning-moves-2016", "parker-1985"])
def test_board_values_track_and_units_follow_the_set_up_rules(name):
    """Rulebooks, SET UP 5: 14/16/20 units; wiki, Step 2: zone values; Step 4: F spaces."""
    variant = load_variant(name)
    assert {s.players: s.units for s in variant.setups} == {2: 20, 3: 16, 4: 14}
    values = {z.id: [variant.properties[i].value for i in z.properties] for z in variant.zones}
    assert values == {
        "red": [1, 2, 3, 4, 5],
        "blue": [2, 3, 4, 5, 6],
        "yellow": [3, 4, 5, 6, 7],
        "green": [4, 5, 6, 7, 8],
    }
    assert variant.track.length == 61
    assert dict(variant.track.marks) == {"fortune": frozenset({10, 20, 30, 35, 40, 45, 50, 55})}
    assert variant.die("colour").faces == ("red", "blue", "yellow", "green", "wild", "fortune")
    assert variant.die("colour").any_zone == "wild"
    assert variant.die("number").count == 2 and variant.die("number").faces == (1, 2, 3, 4, 5, 6)
    assert variant.rules.starting_hand == 2
    assert variant.rules.cards_per_turn == 1


def test_editions_differ_in_seat_colours():
    """1985 examples show orange, yellow, gray and burgundy units; the 2016 edition (wiki,
    Game Contents) has purple, white, black and gray, with buggy, sailboat, skate, moped."""
    modern = load_variant("winning-moves-2016")
    classic = load_variant("parker-1985")
    assert [(s.name, s.token) for s in modern.seats] == [
        ("Purple", "baby buggy"), ("White", "sailboat"), ("Black", "roller skate"), ("Gray", "moped"),
    ]
    assert {s.name for s in classic.seats} == {"Orange", "Yellow", "Gray", "Burgundy"}
    assert modern.content_hash != classic.content_hash


def _statements(card):
    return list(ast.walk(list(card.effect.statements)))


def test_stormy_weather_hurricane_removes_two_units_and_adds_earthquake():
    variant = load_variant("house-stormy-weather")
    hurricane = variant.card("hurricane")
    repeat = hurricane.effect.statements[0]
    assert isinstance(repeat, ast.Repeat) and repeat.times == ast.Number(1, 8, 2)
    assert hurricane.count == 4 and hurricane.name == "Hurricane"  # untouched fields come from the base
    earthquake = variant.card("earthquake")
    assert earthquake.count == 2
    assert any(isinstance(n, ast.RollZone) for n in _statements(earthquake))


def test_master_builders_contracts_build_two_units():
    variant = load_variant("house-master-builders")
    for card_id in ("contract_5", "contract_6", "contract_7", "contract_8"):
        builds = [n for n in _statements(variant.card(card_id)) if isinstance(n, ast.BuildUnits)]
        assert [b.count.value for b in builds] == [2]
    assert variant.rules.new_lots_per_roll == 2
    assert variant.rules.turn_order == "seat"


def test_card_sharks_adds_audit_and_removes_demolition():
    variant = load_variant("house-card-sharks")
    ids = {card.id for card in variant.cards}
    assert "audit" in ids and "demolition" not in ids
    assert variant.deck_size == 28 - 1 + 2
    assert variant.rules.cards_per_turn == 2
