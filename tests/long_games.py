"""Which decisions of a long random game a per-decision check looks at.

A random game of Advance to Boardwalk or Monopoly Chance is a few hundred decisions; one of
Monopoly Builder runs to thousands, most of them steps of offers being put together, which a
random player makes at every chance. A check that restores, observes or re-checks the whole
game at each decision looks at every one of the first FULL and one in EVERY after that: the
whole of a short game, and the opening, the middle and the end of a long one, at a cost the
suite can carry for every bundled variant.
"""

FULL = 300
EVERY = 20


def worth_checking(step: int, full: int = FULL, every: int = EVERY) -> bool:
    """Whether a per-decision check looks at decision `step` (counting from 0); a check that
    costs more at each (every player's observation, read twice) may look at fewer."""
    return step < full or step % every == 0
