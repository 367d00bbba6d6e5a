"""The bounds that keep every effect cheap and every number printable, in one place.

A variant file may come from anyone. Python's integers grow without end and its conversion of
a long integer to text fails (past 4,300 digits), so a number that may be shown in a message or
the game log must stay small; and an expression checked once but evaluated at every decision
must have a cost the check can see. docs/variants.md, "Limits", lists these for authors.
"""

from __future__ import annotations

MAX_NUMBER = 1_000_000_000
"""No number in an effect is larger than this, or smaller than its negative: a number written
in an effect above it is refused, so is arithmetic on known values that goes past it, and any
other arithmetic stops at it during play."""

MAX_EXPRESSION_DEPTH = 50
"""How many parts of an expression may sit inside one another (a chain `1 + 2 + 3` puts each
`+` inside the next). Checking, compiling and evaluating an expression recurse over its parts,
so this bound is what keeps them clear of Python's recursion limit."""

MAX_EXPRESSION_COST = 20_000
"""The most steps one expression may take to evaluate in the worst case, as `cost.py` counts
them from the size of the board. A `where` over every property of the largest board the
schema allows (520) may take up to 37 steps per property; on a 20-property board, a count
may nest inside another, but a third inside those (at least 33,000 steps) is refused."""


MAX_WINDOW_TURNS = 1_000
"""Turns of one open window (`take turns ... until all pass`), at most: an auction of small
raises is long, but not endless."""

MAX_REPEAT = 100
"""Rounds of one `repeat`, units of one `build`, cards of one `draw` or `discard`, at most; and
the widest `choose number` whose numbers are looked at one by one in a card (rulings.md, 17):
a wider one offers every number."""

MAX_CHOICES = 100_000
"""Numbers one `choose number` offers, at most: LOW to LOW + 99,999. A bid may be any amount a
player can pay, and money in the bundled games stays far below this (Monopoly Builder's is
13,700 in all). The options of a number question are made only when read
(game/number_options.py), so a question costs the same whatever its width; the bound is for
what reads every option (a save's check, the invariants, a screen that lists them), which it
keeps to a fraction of a second."""

LISTED_OPTIONS = 1_000
"""Options a snapshot lists one by one, at most: a number question with more is written as
its range instead (state.game_to_dict), so that a save stays small. Saves made while a number
question offered 101 numbers at most list every option, and read as they did."""

MAX_FRAMES = 1_000
"""The deepest the game's stack of frames may grow, and a snapshot's may be (snapshot_check):
a card's effect stands on the stack with its blocks and loops, and a card it plays stands on
that. Before a card is played or a hook begins where its effect might not fit
(FRAMES_PER_EFFECT), the game ends with the reason "depth_limit": cards playing cards a few
dozen deep, which only a card that plays itself by a road the check cannot see reaches."""

FRAMES_PER_EFFECT = 28
"""The most frames one effect can stand on the stack: its own, its block and twelve blocks
nested inside it (parser.MAX_NESTING), each perhaps in a loop, and a question on top."""

MAX_INLINE_HOOKS = 50
"""Hooks run at once inside one another (a hook that cannot ask runs where its moment is,
and its own `settle` can start another): past this depth the game ends ("depth_limit")."""

MAX_REROLLS = 100
"""Rolls of one `roll zone` on faces it cannot keep, and rounds of one `roll off`, at most."""

MAX_EFFECT_STEPS = 10_000
"""Statements one card may carry out. Loops nest, so the whole card has a budget too: past it
the card stops, and the log says so."""

MAX_CARD_COST = 2_000_000
"""The most steps playing one card may take in the worst case: each statement's cost times
how often the loops around it can run it (a tenth of a second or so). Without it, loops around
an expression just under MAX_EXPRESSION_COST made one card take thirteen seconds."""


MAX_PROGRAM_COST = 10_000_000
"""The same for one run of a game's program (a turn, a hook): it runs once a turn, not at
every decision the way a card's condition and followability are looked at, and it does the
whole game's bookkeeping (a round's scoring moves every card of the table)."""


MAX_TURNS = 1000
"""Turns a game may last. A safety net, not a rule: no real game comes near it, but no game
may run forever. The game then ends with the reason "turn_limit"."""

MAX_WORK_PER_ACTION = 500_000
"""Statements carried out and events told, together, by one answer to a decision and
everything it sets off: the cards it plays and the cards they play, answers, hooks, the turn
program and the turns that follow, up to the next decision (or by a new game's setup up to its
first). Each card also has its own MAX_EFFECT_STEPS, and each `play` starts that count
afresh: a card that plays itself, or two that play each other, are stopped by this budget
alone. Past it the game ends with the reason "work_limit" (half a second or so, and a
couple of hundred megabytes of events at most). The check refuses a card or program whose
one run could do more in the worst case (effects.cost.program_work). The largest action of
a bundled game does a few thousand (benchmarks/work_budget.py measures it)."""

MAX_DECISIONS = 10_000
"""Decisions a game may ask. A turn that asks forever (`repeat while` around a discard) never
reaches MAX_TURNS; past this the game ends with the reason "decision_limit". A four-player
game of monopoly-chance, the longest bundled one, asks under a thousand."""

MAX_EVENTS = 1_000_000
"""Events a game may tell, all actions together (what a log, a story or a replay keeps): an
action is held to the room left as to its budget (events and statements count alike), and
the game ends with the reason "event_limit" where it runs out."""

MAX_WORK_PER_GAME = 2_000_000
"""Work (as MAX_WORK_PER_ACTION counts it, statements and events together) a whole game may
do, setup and every action. MAX_DECISIONS alone let a game whose every decision sets off just
under MAX_WORK_PER_ACTION run for hours: ten thousand half-second moves. The longest bundled
game (four-player monopoly-chance) does about 20,000 (benchmarks/work_budget.py), a hundredth
of this; a game past it ends with the reason "game_work_limit", a few seconds of play at most.
An action is held to what is left of it as well as to MAX_WORK_PER_ACTION."""

MAX_LOOKAHEAD_WORK = 5_000_000
"""Work (as MAX_WORK_PER_ACTION counts it) a bot's look-ahead may spend on one decision, over
every action it tries on every copy of the game (game.WorkMeter); the strong bot as much for
every 400 iterations it is asked to search. Past it the copies end at once and the bot
chooses with what it has judged: a variant whose every action does the most allowed work
cannot make a bot think for hours (a few seconds a decision at most). The bundled games'
largest decision spends under a third of it (the strong bot in four-player
monopoly-chance, benchmarks/work_budget.py), so there it never binds."""

LOOKAHEAD_ACTION_WORK = 20
"""What each action a look-ahead plays costs its meter on top of its own work: the machinery
of one action (checking it, copying what it changes, asking the next question) takes as long
as a score of statements, and a variant whose every action does almost nothing would
otherwise let one decision of the strong bot try two hundred thousand of them, for forty
seconds. The bundled games' look-ahead barely notices it."""

LOOKAHEAD_COPY_BYTES = 256
"""What each copy of the game a look-ahead makes costs its meter beyond LOOKAHEAD_COPY_FREE:
one work for every this many bytes the copy holds past it, as engine/game/footprint.py
counts them (the copy of the observed game made for a decision too). Copying a big game
takes about as long a byte as the engine takes a work: a copy of 1.7 MB (Advance to
Boardwalk grown to 520 spaces, each keeping 30 piles and 95 counters) costs 6,300 work and
takes some 7 ms. Without it the look-ahead's budget saw none of that time: the strong bot
spent 6 s of CPU on a decision copying such a game once an option (26 s where a copy held
5.5 MB), on 56,000 work."""

LOOKAHEAD_COPY_FREE = 65_536
"""The bytes of a copy that its action's LOOKAHEAD_ACTION_WORK already pays for: copying a
bundled game (10 to 25 KB) takes some 10 to 25 microseconds, the time of the score of
statements that stands for an action's machinery. So the bundled games' look-ahead is
metered exactly as before."""

LOOKAHEAD_JUDGE_WORK = 1
"""What each position a look-ahead judges costs its meter, for each space of the board and
each player beyond LOOKAHEAD_JUDGE_FREE of them: a score ranges over the board for each
player, and judging is not carried out by statements, so the game's own count does not see
it. Without it, a variant scored by the largest group of spaces a player holds on grids of
520 spaces had the strong bot judge for 0.4 s of CPU a decision, on 56,000 work."""

LOOKAHEAD_JUDGE_FREE = 256
"""The spaces times players of a position whose judging its action's LOOKAHEAD_ACTION_WORK
already pays for: a bundled game has at most 48 spaces and 4 players (192), and its
look-ahead is metered exactly as before."""

MAX_LOOKAHEAD_BYTES = 100_000_000
"""The memory a bot's look-ahead may hold in copies of the game, as engine/game/footprint.py
counts them: half for the games it keeps to copy into again (greedy.Scratch), half for the
copies of options it holds at once to go on with (strong's new children, the options of a
round of deals). Past half of it, an option is judged on a copy that is handed back at
once, and the option is played again where the search goes on: the same choices, more
work. Counted from the game's size, never from the machine's free memory, so that the same
seed gives the same game on every machine. The strong bot held a copy of each of 520
options at once: 820 MB of copies of 1.7 MB (3.6 GB where a copy held 5.5 MB), 48 MB now; a
bundled game's copies hold 10 to 25 KB."""

MAX_BOT_GAME_WORK = 300_000_000
"""Look-ahead work (as MAX_LOOKAHEAD_WORK counts it) one bot may spend over a whole game,
every decision together; the strong bot as much for every 400 iterations it is asked to
search. Each decision keeps its own budget, but a game of ten thousand costly decisions
took an hour of a bot's thinking: two strong bots in a window where raising scores, each
decision 0.06 s of CPU, some 11 minutes for the game's 10,000 (78 s with this budget: each
bot's ran out after some 900 decisions). Once it is spent the bot falls back to a cheaper
judgement (engine/bots/budget.py): the strong bot to the greedy one's, with
BOT_FALLBACK_WORK more, then any bot to an option its own seeded generator picks. Work,
not seconds: the same seed gives the same game on every machine. A bundled game ended by
its rules takes a strong bot a few million (under 6,000,000 in the games measured); the
most, 166,000,000, went to the strong bot of a two-player game of Monopoly Builder against
greedy that ran to MAX_DECISIONS (benchmarks/work_budget.py prints it)."""

BOT_FALLBACK_WORK = 30_000_000
"""Look-ahead work the strong bot may spend judging as the greedy bot does, once its game's
MAX_BOT_GAME_WORK is spent, before it picks its options at random."""

SAFETY_ENDS: dict[str, str] = {
    "turn_limit": f"the game reached the limit of {MAX_TURNS:,} turns",
    "work_limit": f"one move set off more than {MAX_WORK_PER_ACTION:,} steps (a card or program that never ends?)",
    "decision_limit": f"the game reached the limit of {MAX_DECISIONS:,} decisions",
    "depth_limit": "cards or hooks started inside one another too deeply (a card that plays itself?)",
    "event_limit": f"the game told more than {MAX_EVENTS:,} events",
    "game_work_limit": f"the game did more than {MAX_WORK_PER_GAME:,} steps in all",
}
"""The ways a game ends that no variant declares: the engine's safety nets, in words. The
game is ranked as at any other end (`Game.result`), and says which net stopped it."""


def clamp(value: int) -> int:
    """`value`, held between -MAX_NUMBER and MAX_NUMBER."""
    if value > MAX_NUMBER:
        return MAX_NUMBER
    if value < -MAX_NUMBER:
        return -MAX_NUMBER
    return value
