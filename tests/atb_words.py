"""The effect language as Advance to Boardwalk writes it: its kinds of space (`kinds:` in
winning-moves-2016.yaml, `hotel` and `vacant lot`) given to the parser, for the tests that
parse effects written in its words without loading the variant."""

from __future__ import annotations

from engine.effects import parser, recovery

ATB_KINDS = {"hotel": "occupied property", "vacant lot": "vacant property"}


def parse_effect(text: str):
    return parser.parse_effect(text, ATB_KINDS)


def parse_condition(text: str):
    return parser.parse_condition(text, ATB_KINDS)


def parse_effect_all(text: str, budget: recovery.Budget | None = None):
    return recovery.parse_effect_all(text, budget, ATB_KINDS)
