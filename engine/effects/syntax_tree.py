"""Lark's parse tree shaped into the frozen AST of engine/effects/ast.py, one small method
per grammar rule (`ToAst`), with the variant's own kinds of space read as the kernel's."""

from __future__ import annotations

from collections.abc import Mapping

from lark import Token, v_args
from lark.visitors import Transformer_NonRecursive

from engine.effects import ast
from engine.effects.errors import EffectSyntaxError, Failure
from engine.effects.limits import MAX_NUMBER

VALUE_WORDS: frozenset[str] = frozenset()  # keywords that may also stand as a value in an expression

Kinds = Mapping[str, str]
"""The kinds of space a variant names (`kinds:` in its file), each to the kernel's kind it
stands for: {"stack": "occupied property", "vacant space": "vacant property"}."""

SPACE_KINDS = {"occupied": "occupied property", "vacant": "vacant property"}
"""What a variant's `kinds:` may define, by the word it gives: a space with something on it,
or with nothing. The kernel's kinds, as `choose` and `for each` carry them once parsed."""


def _number_literal(token: Token) -> int:
    """A number as written, refused above MAX_NUMBER before Python converts it: past 4,300
    digits the conversion itself fails, and a long number could not be shown in the log."""
    digits = str(token).lstrip("0") or "0"
    if len(digits) <= len(str(MAX_NUMBER)) and int(digits) <= MAX_NUMBER:
        return int(digits)
    shown = f"the number {digits}" if len(digits) <= 20 else f"a number of {len(digits):,} digits"
    raise EffectSyntaxError(
        f"{shown} is too large: numbers in an effect go up to {MAX_NUMBER:,}",
        token.line or 1,
        token.column or 1,
        f"write a number no larger than {MAX_NUMBER:,}",
    )


def _pos(meta) -> dict:
    return {"line": getattr(meta, "line", 1), "col": getattr(meta, "column", 1)}


def _tok_pos(token: Token) -> dict:
    return {"line": token.line or 1, "col": token.column or 1}


def _checked_var(token: Token, reserved: frozenset[str]) -> str:
    """A name the effect binds or uses, refusing keywords the contextual lexer let through."""
    if str(token) in reserved:
        raise EffectSyntaxError(
            f"'{token}' is a word of the effect language and cannot name something",
            token.line or 1,
            token.column or 1,
            "pick another name, such as a capital letter",
        )
    return str(token)


def _kind(token: Token) -> str:
    return " ".join(str(token).split())


def _as_text(said: str | ast.Text, meta) -> ast.Text:
    """A question's words or a label as a Text, a plain one too (one piece)."""
    return said if isinstance(said, ast.Text) else ast.Text(**_pos(meta), parts=(said,))


def _written(text: ast.Text) -> str:
    """A text with values as the author wrote it, braces and all, near enough for the log's
    own uses of a program's words (what a `say` says, before its values are shown)."""
    return "".join(part if isinstance(part, str) else "{}" for part in text.parts)


@v_args(meta=True)
class ToAst(Transformer_NonRecursive):
    """Shapes Lark's parse tree into frozen AST nodes, one small method per grammar rule.

    What it refuses (a keyword as a name, a number too large) goes into `failures` and the
    work goes on, so that one pass finds every such mistake."""

    def __init__(self, kinds: Kinds | None = None, reserved: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.failures: list[Failure] = []
        self.kinds = kinds or {}
        self.reserved = reserved
        """The words of the language (parser.reserved_words), which no name may be."""

    def _refuse(self, error: EffectSyntaxError) -> None:
        self.failures.append(Failure(error, "statement", error.line))

    def _var(self, token: Token) -> str:
        try:
            return _checked_var(token, self.reserved)
        except EffectSyntaxError as error:
            self._refuse(error)
            return str(token)

    def _number(self, token: Token) -> int:
        try:
            return _number_literal(token)
        except EffectSyntaxError as error:
            self._refuse(error)
            return 0

    # -- blocks
    def start(self, meta, items):
        return [s for s in items if s is not None]

    def condition(self, meta, items):
        return items[0]

    def suite(self, meta, items):
        return tuple(s for s in items if s is not None)

    # -- helpers that just pass their single value up
    def in_zone(self, meta, items):
        return items[0]

    where = chooser = for_player = except_player = in_zone

    def kind(self, meta, items):
        """A kind of thing: the kernel's own (`property`, `player`), or one the variant names,
        as the kernel's kind it stands for; a name the variant does not give stays as written,
        for the check to refuse (`vacant_space` was joined from `vacant space`)."""
        word = str(items[0])
        if items[0].type != "NAME":
            return word
        named = " ".join(part for part in word.split("_") if part)
        return self.kinds.get(named, named)

    def group(self, meta, items):
        return _kind(items[0])

    extreme = adjective = attribute = group

    # -- statements
    def let_stmt(self, meta, items):
        return ast.Let(**_pos(meta), var=self._var(items[0]), value=items[1])

    def choose_stmt(self, meta, items):
        kind, name, zone, where, chooser, asking, each, every = items
        return ast.Choose(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, chooser=chooser,
                          every=every is not None, asking=asking, each=each)

    def choose_word(self, meta, items):
        name, *options, chooser, asking, every = items
        tests = tuple(test for _, _, test in options)
        labels = tuple(label for _, label, _ in options)
        return ast.ChooseWord(**_pos(meta), var=self._var(name), words=tuple(word for word, _, _ in options), chooser=chooser,
                              every=every is not None, tests=tests if any(t is not None for t in tests) else (),
                              asking=asking, labels=labels if any(label is not None for label in labels) else ())

    def word_option(self, meta, items):
        return str(items[0])[1:-1], items[1], items[2]

    def choose_number(self, meta, items):
        name, low, high, chooser, asking, or_pass, every = items
        return ast.ChooseNumber(**_pos(meta), var=self._var(name), low=low, high=high, chooser=chooser,
                                every=every is not None, or_pass=or_pass is not None, asking=asking)

    # pilewords (issue 47): `, or pass:` and the block the pass runs
    def choose_number_passing(self, meta, items):
        *head, block = items
        return ast.replace(self.choose_number(meta, head), on_pass=block)

    def choose_kind(self, meta, items):
        _, name, pile, where, chooser, asking, every = items
        return ast.ChooseKind(**_pos(meta), var=self._var(name), pile=str(pile), where=where, chooser=chooser,
                              every=every is not None, asking=asking)

    # -- ask46: text built from values
    def text(self, meta, items):
        """A quoted text as its plain pieces and its values (`ast.Text`); a text with no
        values, a plain string."""
        if len(items) == 1:
            return str(items[0])[1:-1]
        parts: list[str | ast.Shown] = []
        for item in items:
            if isinstance(item, Token):  # '"Buy {', '} for {', '}?"': the plain pieces between
                piece = str(item)[1:-1]
                if piece:
                    parts.append(piece)
            else:
                parts.append(item)
        first = items[0]
        return ast.Text(**_tok_pos(first), parts=tuple(parts))

    def shown(self, meta, items):
        """`{X}`, `{name of X}` (the same: a thing is shown by its name) or `{X as money}`."""
        value, how = items
        if isinstance(value, ast.OfPlayer) and value.counter == "name":
            value = value.subject
        if how is not None and str(how) != "money":
            self._refuse(EffectSyntaxError(f"a value is shown 'as money' or as itself, not 'as {how}'",
                                           how.line or 1, how.column or 1, "write '{X as money}' or '{X}'"))
        return ast.Shown(**_pos(meta), value=value, money=how is not None)

    def asking(self, meta, items):
        return _as_text(items[0], meta)

    label = each_label = asking

    def every_answer(self, meta, items):
        return True

    or_pass = every_answer

    def roll_zone(self, meta, items):
        return ast.RollZone(**_pos(meta), var=self._var(items[0]), chooser=items[1])

    def roll_dice(self, meta, items):
        return ast.RollDice(**_pos(meta), var=self._var(items[0]), player=items[1])

    def roll_off(self, meta, items):
        extreme, name, group = items
        return ast.RollOff(**_pos(meta), extreme=extreme, var=self._var(name), group=group)

    def build_units(self, meta, items):
        return ast.BuildUnits(**_pos(meta), count=items[0], property=items[1], player=items[2])

    def build_session(self, meta, items):
        budget, zone, *options = items
        values = {"new_lots": None, "units_per_new_lot": None}
        given = {"new_lots": False, "units_per_new_lot": False}
        at_least_one = False
        at_least_one_if = None
        for option in options:
            name, value = option
            if name == "at_least_one":
                at_least_one = True
                at_least_one_if = value
                continue
            if given[name]:
                self._refuse(EffectSyntaxError(f"'{name.replace('_', ' ')}' is given twice", meta.line, meta.column))
            given[name] = True
            values[name] = None if (isinstance(value, Token) and value.type == "ANY") else value
        return ast.BuildSession(
            **_pos(meta),
            budget=budget,
            zone=zone,
            new_lots=values["new_lots"],
            units_per_new_lot=values["units_per_new_lot"],
            new_lots_given=given["new_lots"],
            units_per_new_lot_given=given["units_per_new_lot"],
            at_least_one=at_least_one,
            at_least_one_if=at_least_one_if,
        )

    def new_lots(self, meta, items):
        return ("new_lots", items[1])

    def units_per_new_lot(self, meta, items):
        return ("units_per_new_lot", items[1])

    def at_least_one(self, meta, items):
        return ("at_least_one", items[1] if len(items) > 1 else None)

    def remove_top(self, meta, items):
        return ast.RemoveTop(**_pos(meta), property=items[0])

    def remove_all(self, meta, items):
        return ast.RemoveAll(**_pos(meta), property=items[0], except_player=items[1])

    def move_top(self, meta, items):
        return ast.MoveTop(**_pos(meta), source=items[0], target=items[1])

    def draw_stmt(self, meta, items):
        return ast.Draw(**_pos(meta), count=items[0], player=items[1], because=items[2])

    def because(self, meta, items):
        return str(items[0])[1:-1]

    def roll_faces(self, meta, items):
        names = [str(token) for token in items]
        pairs = tuple(zip(names[0::2], [self._var(token) for token in items[1::2]]))
        return ast.RollFaces(**_pos(meta), rolls=pairs)

    def set_stmt(self, meta, items):
        counter, subject, value = items
        return ast.SetCounter(**_pos(meta), counter=str(counter), value=value, subject=subject)

    def of_whom(self, meta, items):
        return items[0]

    def offer_stmt(self, meta, items):
        timing, player, limit = items
        return ast.OfferCards(**_pos(meta), timing=str(timing), limit=limit, player=player)

    def settle_stmt(self, meta, items):
        return ast.Settle(**_pos(meta))

    def end_game_stmt(self, meta, items):
        return ast.EndGame(**_pos(meta), reason="" if items[0] is None else str(items[0]), player=items[1])

    def show_stmt(self, meta, items):
        return ast.Show(**_pos(meta), card=items[0], player=items[1])

    def do_stmt(self, meta, items):
        return ast.Do(**_pos(meta), routine=str(items[0]), player=items[2], args=items[1] or ())

    # lang47, parameters, named tests and stop loop (issue 47, item 1)
    def takes_stmt(self, meta, items):
        return ast.Takes(**_pos(meta), params=tuple(items))

    def parameter(self, meta, items):
        kind, name = items
        return (kind, self._var(name))

    def number_parameter(self, meta, items):
        return ("number", self._var(items[0]))

    def arguments(self, meta, items):
        return tuple(item for item in items if item is not None)

    def named_test(self, meta, items):
        name, args = items
        return ast.NamedTest(**_pos(meta), name=str(name), args=args)

    def stop_loop(self, meta, items):
        return ast.StopLoop(**_pos(meta))

    # lang47, players out of the round (issue 47, item 6)
    def drop_stmt(self, meta, items):
        return ast.Drop(**_pos(meta), player=items[0])

    def rejoin_stmt(self, meta, items):
        return ast.Drop(**_pos(meta), player=items[0], rejoin=True)

    def next_player(self, meta, items):
        return ast.NextPlayer(**_pos(meta), subject=items[0])

    def start_with_stmt(self, meta, items):
        return ast.StartWith(**_pos(meta), player=items[0])

    def shuffle_stmt(self, meta, items):
        return ast.Shuffle(**_pos(meta), pile=str(items[0]), subject=items[1])

    def advance_stmt(self, meta, items):
        return ast.Advance(**_pos(meta), player=items[0], count=items[1])

    def advance_back(self, meta, items):
        return ast.Advance(**_pos(meta), player=items[0], count=items[1], back=True)

    def advance_to(self, meta, items):
        return ast.Advance(**_pos(meta), player=items[0], target=items[1])

    def next_turn_stmt(self, meta, items):
        return ast.NextTurn(**_pos(meta), player=items[0])

    def place_stmt(self, meta, items):
        return ast.Place(**_pos(meta), player=items[0], target=items[1])

    def put_stmt(self, meta, items):
        return ast.Put(**_pos(meta), card=items[0], target=items[1])

    def put_under(self, meta, items):
        return ast.Put(**_pos(meta), card=items[0], target=items[1], under=True)

    # pilewords (issue 47): put every card of PLACE on|under PLACE
    def put_every(self, meta, items):
        return ast.PutEvery(**_pos(meta), source=items[0], target=items[1])

    def put_every_under(self, meta, items):
        return ast.PutEvery(**_pos(meta), source=items[0], target=items[1], under=True)

    def play_stmt(self, meta, items):
        return ast.PlayCard(**_pos(meta), card=items[0], player=items[1])

    def top_card(self, meta, items):
        return ast.TopCard(**_pos(meta), subject=items[0])

    def discard_stmt(self, meta, items):
        return ast.Discard(**_pos(meta), count=items[0], player=items[1])

    def add_stmt(self, meta, items):
        amount, counter, subject = items
        return ast.AddTo(**_pos(meta), amount=amount, counter=str(counter), subject=subject)

    def transfer_stmt(self, meta, items):
        amount, source, source_subject, target, target_subject = items
        return ast.Transfer(**_pos(meta), amount=amount, source=str(source), source_subject=source_subject,
                            target=str(target), target_subject=target_subject)

    def react_stmt(self, meta, items):
        return ast.OfferReaction(**_pos(meta), player=items[0])

    def cancel_stmt(self, meta, items):
        return ast.Cancel(**_pos(meta))

    def stop_stmt(self, meta, items):
        return ast.Stop(**_pos(meta))

    def say_stmt(self, meta, items):
        said = items[0]
        if isinstance(said, str):
            return ast.Say(**_pos(meta), text=said)
        return ast.Say(**_pos(meta), text=_written(said), shown=said)

    def if_stmt(self, meta, items):
        condition, then, otherwise = items
        return ast.If(**_pos(meta), condition=condition, then=then, otherwise=otherwise or ())

    def for_stmt(self, meta, items):
        kind, name, zone, where, body = items
        return ast.ForEach(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, body=body)

    def repeat_stmt(self, meta, items):
        return ast.Repeat(**_pos(meta), times=items[0], most=items[1], body=items[2])

    def repeat_while(self, meta, items):
        return ast.Repeat(**_pos(meta), times=None, most=items[1], body=items[2], test=items[0])

    # in secret, each player X ... chooses ... into COUNTER (issue 47, 4: engine/words/secret.py)
    def secret_choice(self, meta, items):
        _player, name, where, (low, high, words), counter = items
        return ast.SecretChoice(**_pos(meta), var=self._var(name), where=where, counter=str(counter), low=low,
                                high=high, words=words)

    def secret_cards(self, meta, items):
        _player, name, where, source, target = items
        return ast.SecretChoice(**_pos(meta), var=self._var(name), where=where, counter="", source=source,
                                target=target)

    def secret_numbers(self, meta, items):
        return items[0], items[1], ()

    def secret_words(self, meta, items):
        return None, None, tuple(str(word)[1:-1] for word in items)

    # move PIECE [of X] to SPACE / off (issue 47, 5: engine/words/pieces.py)
    def move_piece(self, meta, items):
        return ast.MovePiece(**_pos(meta), piece=str(items[0]), subject=items[1], target=items[2])

    def move_piece_off(self, meta, items):
        return ast.MovePiece(**_pos(meta), piece=str(items[0]), subject=items[1], target=None)

    def take_turns_stmt(self, meta, items):
        name, group, start, most, body = items
        return ast.TakeTurns(**_pos(meta), var=self._var(name), group=group, start=start, most=most, body=body)

    def from_player(self, meta, items):
        return items[0]

    def offer_trade(self, meta, items):
        *goods, player, chooser = items
        return ast.OfferTrade(**_pos(meta), player=player, goods=tuple(str(good) for good in goods), by=chooser)

    def pass_stmt(self, meta, items):
        return ast.Pass(**_pos(meta))

    def at_most(self, meta, items):
        return self._number(items[0])

    # -- expressions
    def number(self, meta, items):
        return ast.Number(**_tok_pos(items[0]), value=self._number(items[0]))

    def name(self, meta, items):
        token = items[0]
        name = str(token) if str(token) in VALUE_WORDS else self._var(token)
        return ast.Name(**_tok_pos(token), name=name)

    def of_player(self, meta, items):
        token, subject = items
        return ast.OfPlayer(**_pos(meta), counter=self._var(token), subject=subject)

    def attribute_of(self, meta, items):
        return ast.Attribute(**_pos(meta), attribute=items[0], subject=items[1])

    def space_of(self, meta, items):
        return ast.SpaceOf(**_pos(meta), number=items[0], zone=items[1])

    def units_on(self, meta, items):
        return ast.UnitsOn(**_pos(meta), player=items[0], property=items[1])

    def count(self, meta, items):
        kind, name, zone, where = items
        return ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where)

    def largest_group(self, meta, items):
        kind, name, zone, where = items
        return ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, group=True)

    # pilewords (issue 47): tests for nobody. `no KIND NAME ...` is the count of them being 0,
    # so it is checked, costed and worked out as that count is; `X is nobody` an adjective
    def no_count(self, meta, items):
        _, kind, name, zone, where = items
        count = ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where)
        return ast.Compare(**_pos(meta), op="=", left=count, right=ast.Number(**_pos(meta), value=0))

    def is_nobody(self, meta, items):
        subject, negation, _ = items
        return ast.IsAdjective(**_pos(meta), subject=subject, adjective="nobody", negated=negation is not None)

    def is_next_to(self, meta, items):
        left, negated, right = items
        return ast.NextTo(**_pos(meta), left=left, right=right, negated=negated is not None)

    def the_one(self, meta, items):
        """`the KIND X where TEST`: the one thing the test holds for, nobody when none or
        several do; the highest by nothing, unless tied (ruling 81)."""
        _, kind, name, zone, where = items
        return ast.Extreme(**_pos(meta), highest=True, kind=kind, var=self._var(name), zone=zone, where=where,
                           by=ast.Number(**_pos(meta), value=0), thing=True, unless_tied=True)

    # lang47, highest / lowest (issue 47, item 2)
    def extreme_thing(self, meta, items):
        extreme, kind, name, zone, where, by, tied = items
        return ast.Extreme(**_pos(meta), highest=extreme == "highest", kind=kind, var=self._var(name), zone=zone,
                           where=where, by=by, thing=True, unless_tied=tied is not None)

    def extreme_number(self, meta, items):
        extreme, by, kind, name, zone, where = items
        return ast.Extreme(**_pos(meta), highest=extreme == "highest", kind=kind, var=self._var(name), zone=zone,
                           where=where, by=by, thing=False)

    def total(self, meta, items):
        value, kind, name, zone, where = items
        return ast.Count(**_pos(meta), kind=kind, var=self._var(name), zone=zone, where=where, total=value)

    def arith(self, meta, items):
        result = items[0]
        for op, right in zip(items[1::2], items[2::2]):
            result = ast.Arith(line=result.line, col=result.col, op=str(op), left=result, right=right)
        return result

    def negative(self, meta, items):
        """`-X`, as `0 - X`: a payment written as it is said (`add -3 to cash of me`)."""
        operand = items[-1]
        zero = ast.Number(**_pos(meta), value=0)
        return ast.Arith(**_pos(meta), op="-", left=zero, right=operand)

    def compare(self, meta, items):
        left, op, right = items
        return ast.Compare(**_pos(meta), op=str(op), left=left, right=right)

    def is_adjective(self, meta, items):
        subject, negation, adjective = items
        return ast.IsAdjective(**_pos(meta), subject=subject, adjective=adjective, negated=negation is not None)

    def is_same(self, meta, items):
        left, negation, right = items
        return ast.IsSame(**_pos(meta), left=left, right=right, negated=negation is not None)

    def has_units(self, meta, items):
        return ast.HasUnits(**_pos(meta), player=items[0], property=items[1])

    def has_word(self, meta, items):
        return ast.HasWord(**_pos(meta), subject=items[0], word=str(items[1])[1:-1])

    def rule(self, meta, items):
        return ast.Rule(**_tok_pos(items[0]), name=str(items[0]))

    def word(self, meta, items):
        return ast.Word(**_tok_pos(items[0]), text=str(items[0])[1:-1])

    def and_(self, meta, items):
        if len(items) == 1:
            return items[0]
        return ast.Logic(**_pos(meta), op="and", operands=tuple(items))

    def or_(self, meta, items):
        if len(items) == 1:
            return items[0]
        return ast.Logic(**_pos(meta), op="or", operands=tuple(items))

    def not_(self, meta, items):
        return ast.Not(**_pos(meta), operand=items[-1])
