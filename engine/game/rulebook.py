"""What the engine precomputes once per variant: numbered statement blocks for the effect
interpreter, card lookups by timing, and property tables for the hot path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from engine.core.expressions import Compiled, Fn, compile_expr, constant, is_static, player_fact
from engine.effects import ast
from engine.effects.check import HOOK_NAMES, Checker, EffectContext, Scope, bindings
from engine.effects.kinds import KIND_OF_CHOICE, given_on_both_sides, parameters, thing_kind
from engine.game.counter_bounds import CounterBounds, counter_bounds
from engine.game.folding import fold_program
from engine.game.followable import TrialStep, choices_alike, choices_to_look_at, quick_answer, trial_block
from engine.game.hidden_scores import hidden_scores, score_piles
from engine.game.homes import Homes, homes_of
from engine.game.interpreter import Op, compile_block
from engine.game.messages import Texts
from engine.game.piles import PileLayout, layout_for
from engine.game.score_reads import STACKS, score_reads
from engine.variant.model import Piece, Rules, Variant
from engine.words.table import EVENT_TEXTS, INLINE_STATEMENTS, QUIET_STATEMENTS

if TYPE_CHECKING:
    from engine.game.game_state import GameState

class Rulebook:
    def __init__(self, variant: Variant):
        self.variant = variant
        rules = variant.rules
        self.cards = variant.cards
        self.card_index = {card.id: i for i, card in enumerate(variant.cards)}
        self.homes: Homes = homes_of(variant)
        """Where each card can ever lie: what a restored snapshot is held to (snapshot_check)."""
        self.card_ids: list[str] = [card.id for card in variant.cards]
        self.piece_specs: dict[str, Piece] = {piece.id: piece for piece in variant.pieces}
        """for each piece: each piece by name, whose copies `owner of R` reads (Piece.owner_at)."""
        self.kinds_in: dict[str, tuple[str, ...]] = {}
        """Pile id -> the kinds of card (ids) that start in it: what `choose kind K of PILE` offers."""
        for card in variant.cards:
            self.kinds_in[card.starts_in] = (*self.kinds_in.get(card.starts_in, ()), card.id)
        self.blocks: list[tuple[ast.Stmt, ...]] = []
        self.scopes: list[list[dict[str, str]]] = []
        """scopes[block][pc]: the variables (name -> kind) a block's frame holds before its
        statement pc runs; a saved frame's variables must be exactly these."""
        self.given_after: list[list[tuple[str, ...]]] = []
        """given_after[block][pc]: the variables in scope before statement pc that were not
        before pc - 1, the names an `if` just passed gives on both sides. Only these can be
        handed back from its side (`GameState._hand_back`): the others were already known."""
        self.bodies: list[tuple[tuple[int, ...], ...]] = []
        """bodies[block][pc]: the blocks of statement pc's bodies (an `if`'s two sides, a loop's
        body; none for any other statement), numbered after the block they stand in."""
        self.compiled: Compiled = {}
        """Each expression's closure (expressions.compile_expr), made when its statement or
        score is compiled, here, before play."""
        self._money_counters = frozenset(counter.id for counter in variant.counters if counter.money)
        self.shown_kinds: dict[int, str | None] = {}
        """id(ast.Shown) -> the kind of the value a text shows (engine/core/shown.py), worked
        out from the variables in scope where the text stands."""
        self.static_lists: dict[tuple, list[int]] = {}  # (id(where), zone) -> properties it keeps
        self._static: dict[int, bool] = {}
        zones = frozenset(zone.id for zone in variant.zones)
        pieces = {piece.id: piece.each for piece in variant.pieces}  # for each piece: its name is a kind
        self.card_block = [
            self._number(card.effect.statements, {}, EffectContext(zones, card.timing, pieces=pieces)) for card in variant.cards
        ]
        self.program_block = {
            name: self._number(
                fold_program(program.statements, rules),
                {**HOOK_NAMES.get(name, {}), **dict(parameters(program.statements))},  # lang47: what a routine takes
                EffectContext(zones, name, dice=variant.die_kinds(), dice_known=True, given=dict(HOOK_NAMES.get(name, {})),
                              pieces=pieces),
            )
            for name, program in {**variant.programs, **variant.routines}.items()
        }
        """The first block of each of the game's programs (setup, turn, hooks) and routines,
        with the tests of rule switches worked out once (folding.py)."""
        self.routines: frozenset[str] = frozenset(variant.routines)
        """The routines' names (`do NAME`): a program frame of one stands on the block that ran it."""
        self.inline: frozenset[int] = self._atomic_blocks()
        """The blocks that cannot ask anything: only statements of words.table.INLINE_STATEMENTS
        and `if`s whose sides are such blocks. An `if` runs the side it picks at once when it
        is one of these, and so does a hook."""
        self.counter_bounds: CounterBounds = counter_bounds(variant, (s for block in self.blocks for s in block))
        """What values each counter can ever hold: what a restored snapshot's are held to."""
        self._fix_rules()
        money = frozenset(counter.id for counter in variant.counters if counter.money)
        self.money_choices: frozenset[int] = frozenset(
            id(s) for block in self.blocks for s in block if type(s) is ast.ChooseNumber and _reads_money(s, money)
        )
        """The number questions (by `id`) that ask for an amount of money: a bound reads a
        counter the variant declares money (a bid up to the bidder's cash). Their numbers
        are told and shown in the variant's money ('Red chooses 25M')."""
        self.ops: list[tuple[Op, ...]] = [compile_block(b, self) for b in range(len(self.blocks))]
        """ops[block][pc]: the statement compiled, ready to run (interpreter.compile_block)."""
        self.quiet: list[tuple[bool, ...]] = [
            tuple(type(s) in QUIET_STATEMENTS for s in statements) for statements in self.blocks
        ]
        """quiet[block][pc]: the statement never asks, pushes a frame, stops or ends the game,
        so the machine goes straight on to the next (words.table.QUIET_STATEMENTS)."""
        self.turn_programs: tuple[str, ...] = tuple(
            name for name in ("end_of_turn", "turn", "start_of_turn") if name in self.program_block
        )
        """The programs a turn pushes, the last pushed (run first) last."""
        self.uses_this: tuple[bool, ...] = tuple(
            any(isinstance(node, ast.Name) and node.name == "this" for node in ast.walk(list(card.effect.statements)))
            for card in variant.cards
        )
        """Whether a card's effect names `this`: its followability is looked at as in play."""
        self.card_names: list[frozenset[str]] = [
            frozenset(name for scope in scopes for name, kind in scope.items() if kind == "card") for scopes in self.scopes
        ]
        """card_names[block]: the variables that hold a card in that block (and the blocks it
        is inside): what a snapshot turns back into cards, and an observation hides."""
        self.repeat_tests: dict[int, Fn] = {
            self.bodies[b][pc][0]: compile_expr(s.test, self.compiled)
            for b, statements in enumerate(self.blocks)
            for pc, s in enumerate(statements)
            if isinstance(s, ast.Repeat) and s.test is not None
        }
        """The test of each `repeat while`, by its body's block: what a RepeatFrame checks
        before each round (the frame holds only the block, so saves stay plain data)."""
        self.timed: dict[str, frozenset[int]] = {}
        """The cards of each timing, by index: what `offer cards timed T` may offer."""
        for i, card in enumerate(variant.cards):
            self.timed[card.timing] = self.timed.get(card.timing, frozenset()) | {i}
        self.per_turn: tuple[int | None, ...] = tuple(card.per_turn for card in variant.cards)
        """How many times a player may play each card in a turn (None: no limit of its own)."""
        self.reactions_to: dict[int, frozenset[int]] = {
            i: frozenset(j for j, r in enumerate(variant.cards) if r.timing == "reaction" and c.id in r.reacts_to)
            for i, c in enumerate(variant.cards)
        }
        self.value: list[int] = [p.value for p in variant.properties]
        self.numbers: dict[str, dict[Any, int]] = {}
        """The zones' numbers by name (`rent of P`, `points of Z`): by space index, or by zone
        id; a space or zone without one reads 0."""
        for prop in variant.properties:
            for key, number in prop.numbers:
                self.numbers.setdefault(key, {})[prop.index] = number
        for zone in variant.zones:
            for key, number in zone.numbers:
                self.numbers.setdefault(key, {})[zone.id] = number
        self.zone_of: list[str] = [p.zone for p in variant.properties]
        self.zone_props = {zone.id: zone.properties for zone in variant.zones}
        self.zone_ids = tuple(zone.id for zone in variant.zones)
        self.track = variant.track
        self.track_length = 0 if variant.track is None else variant.track.length
        self.track_marks: list[str | None] = (
            [] if variant.track is None else [variant.track.mark_at(space) for space in range(variant.track.length + 1)]
        )
        """The mark of each space of the track (model.Track.mark_at), by space: a token moves
        at every settle, and the model's own lookup runs as plain Python."""
        self.track_follows = "" if variant.track is None else variant.track.follows
        self.only_followable = rules.get("offer_cards", "when_followable") == "when_followable"
        self.leader_includes_ties = rules.get("leader_includes_ties", True)
        self.last_includes_ties = rules.get("last_place_includes_ties", True)
        self.top_card_owns = variant.ownership.rule == "top_card"
        self.cards_stacked = variant.stacks == "cards"
        hands = [pile for pile in variant.piles if pile.id == "hand"]
        self.open_hands = bool(hands) and hands[0].seen_by == "everyone"
        """The hands are face up: whether a player holds a card to play is no secret."""
        """The spaces hold stacks of cards (codes), not of players' units."""
        self.card_value: tuple[int, ...] = tuple(card.value or 0 for card in variant.cards)
        self.card_space: tuple[int | None, ...] = tuple(card.space for card in variant.cards)
        self.card_zone: tuple[str | None, ...] = tuple(
            card.zone if card.space is None else variant.properties[card.space].zone for card in variant.cards
        )
        """What `space of K` and `zone of K` read of a card: its space (a title deed's), and
        that space's zone or the card's own `zone`."""
        self.card_tags: tuple[frozenset[str], ...] = tuple(frozenset(card.tags) for card in variant.cards)
        self.ranking = variant.ranking
        self.score_fn = {score.id: compile_expr(score.expression, self.compiled) for score in variant.scores}
        """Each score as a closure of (game, {"X": player}, player)."""
        self.score_of = {score.id: _score_reader(score.expression, self.score_fn[score.id]) for score in variant.scores}
        """Each score as a function of (game, player): a plain fact of the player is read
        directly (`player_fact`), anything else through its closure."""
        self.score_fewest = {score.id: score.fewest for score in variant.scores}
        self.score_reads: dict[str, tuple[tuple[int, str, str], ...]] = {
            name: tuple((read.kind, read.name, read.each) for read in reads)
            for name, reads in score_reads(variant).items()
        }
        """The scores worth remembering across positions (score_reads.py), each with what it
        reads of a game: the key its values are remembered by (Table.score)."""
        self.stacks_scored = any(kind == STACKS for reads in self.score_reads.values() for kind, _, _ in reads)
        """Whether a remembered score reads the stacks: then a game about to be copied makes
        its stacks' key first, for the copies to share (Table.stacks_key)."""
        self.score_cache: dict[str, dict[tuple, list[Any]]] = {name: {} for name in self.score_reads}
        """Of each score in `score_reads`, its values for each player, by the key of what it
        read: shared by every game of the variant in the process, since the key says all a
        value depends on. Emptied when it holds MAX_REMEMBERED keys."""
        self.played: dict[int, Variant] = {}
        """The variant as a game of each number of players plays it (`played_variant`), made
        at its first game and kept for the process's later games."""
        self.score_piles = score_piles(variant)
        """Each score's piles whose cards it reads (hidden_scores.py): a score read from a
        pile a viewer may not see is not told to them (`hidden_scores`)."""
        self._hidden_scores: dict[tuple[int, int | None], dict[str, list[bool]]] = {}
        self.score_words = {score.id: score.name for score in variant.scores}
        self.announced = frozenset(c.id for c in variant.counters if c.shown is not None)
        """The counters whose changes the log tells (the others are bookkeeping)."""
        self.turn_counters = tuple(c.id for c in variant.counters if c.reset == "turn" and c.each == "game")
        self.turn_player_counters = tuple(
            (c.id, None if c.each == "player" else len(variant.properties))
            for c in variant.counters if c.reset == "turn" and c.each != "game"
        )
        """The counters of each player or space back to 0 when a turn starts, each with its
        length (None: one a player)."""
        self.space_counters = frozenset(c.id for c in variant.counters if c.each == "space")
        """The counters kept for each space (`NAME of P`, P a property)."""
        self.loop: tuple[int, ...] = variant.loop
        """The spaces tokens go round, in order (GameState.positions index it)."""
        self.loop_place: dict[int, int] = {prop: place for place, prop in enumerate(variant.loop)}
        """Each space of the loop's place on it."""
        self.loop_zones: dict[str, tuple[int, ...]] = {
            zone.id: tuple(sorted(self.loop_place[p] for p in zone.properties if p in self.loop_place))
            for zone in variant.zones
        }
        """Each zone's places on the loop, in loop order."""
        self.neighbours: tuple[frozenset[int], ...] = grid_neighbours(variant)
        """Each space's neighbours: side by side or one above the other in its zone's grid."""
        self.choices_to_look_at: frozenset[int] = frozenset().union(
            *(choices_to_look_at(card.effect.statements) for card in variant.cards)
        )
        """The choices whose options are each looked at before they are offered (followable.py)."""
        self.alike_choices: frozenset[int] = frozenset().union(*(choices_alike(card.effect.statements) for card in variant.cards))
        """Of those, the ones whose first option's answer is every option's (followable.choices_alike)."""
        self.quick_answers = [quick_answer(card.effect.statements) for card in variant.cards]
        """Per card, whether it can be followed worked out without exploring, or None."""
        self.keep_owner = variant.ownership.ties == "keep_owner"
        self.dice = {die.id: die for die in variant.dice}
        number_die, zone_die = variant.number_die, variant.zone_die
        self.number_die = None if number_die is None else number_die.id
        """The die `roll dice` and `roll off` roll (the first with only numbers)."""
        self.zone_die = None if zone_die is None else zone_die.id
        """The die `roll zone` rolls (the first with zone faces)."""
        self.roll_off_dice = variant.roll_off_dice
        """The dice `roll off` rolls (model.Variant.roll_off_dice), found once."""
        self.number_faces: tuple[int, ...] = () if number_die is None else cast(tuple[int, ...], number_die.faces)
        self.number_count = 0 if number_die is None else number_die.count
        self._texts: dict[int, Texts] = {n: Texts(variant, n, EVENT_TEXTS) for n in variant.player_counts}
        """Display names, the interned actions and the events' texts of a game of each size
        the variant is for."""
        self._layouts: dict[int, PileLayout] = {n: layout_for(variant, n) for n in variant.player_counts}
        """Where each pile sits in the state of a game of each size (piles.py)."""
        self._build_tables: dict[int, dict[str, tuple[tuple[int, int, Any], ...]]] = {
            n: {zone: tuple((p, self.value[p], texts.build_actions[p]) for p in props) for zone, props in self.zone_props.items()}
            for n, texts in self._texts.items()
        }
        """Per size of game, per zone, each space with its value and the action of building on
        it, interned by that size's texts (whose words for a space depend on the players'
        names: '$3M Yellow zone' where a player is called Yellow)."""
        self.kinds = len(variant.cards)
        """The number of card kinds: a card's code is its kind plus this times (owner + 1)."""
        self.player_counts = variant.player_counts
        """The player counts the variant is for (a property of the variant that builds its
        tuple each time it is read: a game is made for every option a search bot tries)."""
        self.discard_to = [card.discard_to for card in variant.cards]
        self.trials: list[tuple[TrialStep, ...]] = [()] * len(self.blocks)
        """trials[block][pc]: the statement made ready to look ahead with (followable.py), made
        last: a trial step reads the tables above."""
        for b in reversed(range(len(self.blocks))):  # a block's bodies first: numbered after it
            self.trials[b] = trial_block(self, b)
        self.repeat_rounds: dict[int, tuple[TrialStep, ...]] = {
            self.bodies[b][pc][0]: (self.trials[b][pc],)
            for b, statements in enumerate(self.blocks)
            for pc, s in enumerate(statements)
            if isinstance(s, ast.Repeat) and s.test is not None
        }
        """The look-ahead of each `repeat while` statement, by its body's block: what follows a
        round under way (followable.segments_after) is the loop's own step, which tests before
        it goes round again, as a RepeatFrame does."""
        self._compile_every_expression()
        self.tests: dict[str, tuple[tuple[str, ...], Fn]] = {
            test.name: (tuple(name for name, _ in test.params), self.compiled[id(test.expression)][1])
            for test in variant.tests
        }
        """lang47, named tests: each named test's names it takes and its closure (expressions.py's
        `NAME(...)` looks it up here when it is worked out)."""

    def layout(self, players: int) -> PileLayout:
        """Where each pile sits in the state of a game of this size (piles.py)."""
        return self._layouts[players]

    def hidden_scores(self, players: int, viewer: int | None) -> dict[str, list[bool]]:
        """Of a game of this size, the scores `viewer` (None: a spectator) may not be told
        of some player, each with whether of each player (hidden_scores.py); worked out once."""
        key = (players, viewer)
        found = self._hidden_scores.get(key)
        if found is None:
            found = self._hidden_scores[key] = hidden_scores(self.layout(players), self.score_piles, players, viewer)
        return found

    def card_ref(self, code: int) -> str | list:
        """A card code as a snapshot writes it: the card's id, or [id, owner] for a player's card."""
        kinds = self.kinds
        if code < kinds:
            return self.card_ids[code]
        return [self.card_ids[code % kinds], code // kinds - 1]

    def card_code(self, ref: str | list) -> int:
        if isinstance(ref, str):
            return self.card_index[ref]
        return self.card_index[ref[0]] + self.kinds * (int(ref[1]) + 1)

    def _atomic_blocks(self) -> frozenset[int]:
        atomic: set[int] = set()
        for b in reversed(range(len(self.blocks))):  # a block's bodies are numbered after it
            if all(
                type(s) in INLINE_STATEMENTS or (isinstance(s, ast.If) and set(self.bodies[b][pc]) <= atomic)
                for pc, s in enumerate(self.blocks[b])
            ):
                atomic.add(b)
        return frozenset(atomic)

    def _fix_rules(self) -> None:
        """A rule's value never changes during a game: each `rule NAME` the variant's blocks,
        card conditions and scores read is compiled to its value before play, so play looks
        nothing up. (A rule the variant lacks is left to fail where it is read, as before.)"""
        rules = self.variant.rules
        for node in ast.walk(self._roots()):
            if isinstance(node, ast.Rule) and node.name in rules:
                self.compiled[id(node)] = (node, constant(rules[node.name]))

    def _roots(self) -> list:
        """Every statement of every block, every card's condition and every score."""
        roots: list = [s for block in self.blocks for s in block]
        roots += [card.condition for card in self.variant.cards if card.condition is not None]
        roots += [test.expression for test in self.variant.tests]  # lang47, named tests
        return roots + [score.expression for score in self.variant.scores]

    def _compile_every_expression(self) -> None:
        """Compile each expression of the variant now, so that play compiles nothing: every
        closure play asks for is already in `compiled`."""
        for node in ast.walk(self._roots()):
            if isinstance(node, ast.EXPRESSION_TYPES):
                compile_expr(cast(ast.Expr, node), self.compiled)

    def static_where(self, where: ast.Expr, var: str) -> bool:
        found = self._static.get(id(where))
        if found is None:
            found = self._static[id(where)] = is_static(where, var)
        return found

    def texts(self, players: int) -> Texts:
        """Display names and the interned actions, shared by every game of this size."""
        return self._texts[players]

    def zone_build_table(self, players: int) -> dict[str, tuple[tuple[int, int, Any], ...]]:
        """Per zone, each space with its value and the action of building on it, for a game
        of this size."""
        return self._build_tables[players]

    def _number(self, statements: tuple[ast.Stmt, ...], scope: dict[str, str], context: EffectContext) -> int:
        """Give a block (and, recursively, every body inside it) a number frames can hold,
        and note the variables in scope before each of its statements."""
        block_id = len(self.blocks)
        self.blocks.append(statements)
        scopes = [dict(scope)]
        self.scopes.append(scopes)
        self.given_after.append([])  # filled once its statements are numbered
        self.bodies.append(())
        bodies: list[tuple[int, ...]] = []
        for statement in statements:
            if isinstance(statement, ast.If):
                then_block = self._number(statement.then, scope, context)
                else_block = self._number(statement.otherwise, scope, context)
                bodies.append((then_block, else_block))
                both = given_on_both_sides(scope, self.scopes[then_block][-1], self.scopes[else_block][-1])
                scope = {**scope, **both}
            elif isinstance(statement, ast.ForEach):
                body_scope = {**scope, statement.var: thing_kind(statement.kind, context.pieces)}
                bodies.append((self._number(statement.body, body_scope, context),))
            elif isinstance(statement, ast.Repeat):
                bodies.append((self._number(statement.body, scope, context),))
            elif isinstance(statement, ast.TakeTurns):
                bodies.append((self._number(statement.body, {**scope, statement.var: "player"}, context),))
            elif isinstance(statement, ast.ChooseNumber) and statement.on_pass:  # pilewords: what a pass runs
                bodies.append((self._number(statement.on_pass, scope, context),))
            else:
                bodies.append(())
            self._shown_kinds(statement, scope, context)
            for name, kind in bindings(statement, scope, context):
                scope = {**scope, name: kind}
            scopes.append(dict(scope))
        pairs = zip(scopes, scopes[1:])
        self.given_after[block_id] = [()] + [tuple(n for n in after if n not in before) for before, after in pairs]
        self.bodies[block_id] = tuple(bodies)
        return block_id

    def _shown_kinds(self, statement: ast.Stmt, scope: dict[str, str], context: EffectContext) -> None:
        """The kinds of the values a statement's texts show (a `say`, a question's words,
        its labels), as the check gives them before the statement binds anything."""
        if not isinstance(statement, (ast.Say, ast.Choose, ast.ChooseNumber, ast.ChooseWord, ast.ChooseKind)):
            return
        for node in ast.walk([statement]):
            if isinstance(node, ast.Text):
                names = scope
                if isinstance(statement, ast.Choose) and node is statement.each:  # the name stands for an option
                    names = {**scope, statement.var: KIND_OF_CHOICE.get(statement.kind, "property")}
                for part in node.parts:
                    if isinstance(part, ast.Shown):
                        money = part.money or _is_money(part.value, self._money_counters)
                        kind = "money" if money else Checker(context).expr(part.value, Scope(dict(names)))
                        self.shown_kinds[id(part)] = kind


def _score_reader(expression: ast.Expr, fn: Fn) -> Callable[[GameState, int], Any]:
    fact = player_fact(expression, "X")
    if fact is not None:
        return fact
    return lambda game, player: fn(game, {"X": player}, player)


def compile_variant(variant: Variant) -> Variant:
    """The variant, compiled for play: its Rulebook made now and kept in `variant.program`.
    The loaders call this once for every variant they return, so a game starts from what was
    compiled at load and play compiles nothing."""
    if variant.program is None:
        object.__setattr__(variant, "program", Rulebook(variant))  # its one write: a derived field
    return variant


def rulebook_for(variant: Variant) -> Rulebook:
    """The variant's compiled Rulebook. A variant the loaders made is compiled already; one
    made from it by `dataclasses.replace` (a test's or a tool's change of rules) is compiled
    here, at its first game, and keeps its Rulebook as a loaded one does."""
    book = variant.program
    if book is None:
        book = compile_variant(variant).program
    return cast(Rulebook, book)


def played_variant(variant: Variant, players: int) -> Variant:
    """The variant a game of `players` plays: itself, or, where that count's setup gives
    rules values of its own (`players.setups[].rules`), a copy with those values over its
    `rules` (and the help's sentences of them), compiled once and kept by the variant's
    Rulebook, so every later game of that count (a simulation's thousands, a look-ahead's
    copies) starts from the same one. Its content hash is the variant's: a save names the
    file, and a restored game of that count plays the same copy. (A count the variant is not
    for is left to Table to refuse.)"""
    book = rulebook_for(variant)
    played = book.played.get(players)
    if played is not None:
        return played
    played = variant
    for setup in variant.setups:
        if setup.players == players and any(variant.rules.get(name) != value for name, value in setup.rules.items()):
            rules = Rules({**variant.rules, **setup.rules})
            played = compile_variant(replace(variant, rules=rules, rules_said=setup.rules_said))
            rulebook_for(played).played[players] = played  # its own games play it as it is
    book.played[players] = played
    return played


def grid_neighbours(variant: Variant) -> tuple[frozenset[int], ...]:
    """The spaces next to each space: in a zone laid out in rows of `columns`, the one before
    and after it in its row and the ones above and below it; none outside a grid."""
    found: list[set[int]] = [set() for _ in variant.properties]
    for zone in variant.zones:
        columns, spaces = zone.columns, zone.properties
        if columns is None:
            continue
        for i, space in enumerate(spaces):
            if i % columns + 1 < columns and i + 1 < len(spaces):
                found[space].add(spaces[i + 1])
                found[spaces[i + 1]].add(space)
            if i + columns < len(spaces):
                found[space].add(spaces[i + columns])
                found[spaces[i + columns]].add(space)
    return tuple(frozenset(near) for near in found)


def _is_money(expr: ast.Expr, money: frozenset[str]) -> bool:
    """Whether a value is an amount of money: a counter the variant declares money (`cash
    of P`, `next_bid`), or a sum or product with one in it; a count is a number, whatever
    its `where` reads."""
    if type(expr) is ast.Arith:
        return _is_money(cast(ast.Arith, expr).left, money) or _is_money(cast(ast.Arith, expr).right, money)
    if type(expr) is ast.OfPlayer:
        return cast(ast.OfPlayer, expr).counter in money
    return type(expr) is ast.Name and cast(ast.Name, expr).name in money


def _reads_money(statement: ast.ChooseNumber, money: frozenset[str]) -> bool:
    """Whether a bound of the number question reads a money counter (`cash of P`, `next_bid`)."""
    for node in ast.walk([statement.low, statement.high]):
        if (type(node) is ast.OfPlayer and cast(ast.OfPlayer, node).counter in money) or (
            type(node) is ast.Name and cast(ast.Name, node).name in money
        ):
            return True
    return False
