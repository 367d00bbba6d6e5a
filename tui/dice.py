"""The dice as rolled, for the screens: each die's face as it fell (a number as a number, a
zone as its name in its colour, a symbol as its name), and whether the variant adds them up.

Every die of the roll is drawn, not only the die `roll dice` reads: a game of four dice showed
one of them, and Monopoly Builder's second die was a blank box (issues 46, 8 and 47, 9). The
total is drawn only where the game sums the dice, which the variant's programs say: a die
rolled several at a time into one name (the language sums it), or every number die of one
roll added together (`roll first into A and second into B` then `A + B`). A race that pairs
four dice has no total of all four, and shows none."""

from __future__ import annotations

from dataclasses import dataclass

from engine.effects import ast
from engine.variant.model import Variant
from tui.shown import once_per_variant


@dataclass(frozen=True)
class Face:
    """One die's face as the screens draw it: its words, and the colour of its zone (None for
    a number or a symbol)."""

    words: str
    colour: str | None = None
    number: int | None = None


def faces(variant: Variant, rolled: dict[str, list], chosen_zone: str | None = None) -> list[Face]:
    """Every face rolled this turn, die by die in the variant's order of its dice: a number,
    a zone by its name, a symbol by its name (the any-zone symbol with the zone chosen)."""
    zones = {zone.id: zone for zone in variant.zones}
    shown: list[Face] = []
    for die in variant.dice:
        for face in rolled.get(die.id, ()):
            if isinstance(face, int) and not isinstance(face, bool):
                shown.append(Face(str(face), number=face))
            elif face in zones:
                shown.append(Face(zones[face].name, zones[face].colour))
            else:
                symbol = str(face).replace("_", " ").capitalize()
                chosen = zones.get(chosen_zone or "") if face == die.any_zone else None
                shown.append(Face(f"{symbol} → {chosen.name}", chosen.colour) if chosen else Face(symbol))
    return shown


def total(variant: Variant, shown: list[Face]) -> int | None:
    """The sum of the number faces, where the variant adds its dice up and two or more numbers
    fell; else None (one die needs no total, and paired dice have none)."""
    numbers = [face.number for face in shown if face.number is not None]
    if len(numbers) < 2 or not dice_summed(variant):
        return None
    return sum(numbers)


@once_per_variant
def dice_summed(variant: Variant) -> bool:
    """Whether the variant adds its dice up: a die of numbers rolled two or more at a time
    (`roll dice`, or `roll number into N`, give their sum), or an addition that reads every
    number die of one `roll ... into ... and ...`."""
    dice = {die.id: die for die in variant.dice}
    number_die = variant.number_die
    programs = [*variant.programs.values(), *variant.routines.values(), *(card.effect for card in variant.cards)]
    nodes = [node for program in programs for node in ast.walk(list(program.statements))]
    added = [_addends(node) for node in nodes if isinstance(node, ast.Arith) and node.op == "+"]
    for node in nodes:
        if isinstance(node, ast.RollDice) and number_die is not None and number_die.count > 1:
            return True
        if isinstance(node, ast.RollFaces):
            numbers = [(dice[d], var) for d, var in node.rolls if d in dice and dice[d].numeric]
            if any(die.count > 1 for die, _ in numbers):
                return True
            names = {var for _, var in numbers}
            if len(names) > 1 and any(names <= sum_of for sum_of in added):
                return True
    return False


def _addends(node: ast.Node) -> set[str]:
    """The names an addition reads (`A + B + C`: A, B and C)."""
    if isinstance(node, ast.Arith) and node.op == "+":
        return _addends(node.left) | _addends(node.right)
    return {node.name} if isinstance(node, ast.Name) else set()
