"""Key-to-screen latency of the terminal UI, this working tree against a reference commit, side
by side in one run (issue 45, 4: "One key press builds the observation once. Report key-to-
screen latency in a benchmark, before and after: Monopoly Builder at 4 players, a deal in an
open window, 80x24").

The moment: Monopoly Builder, the person against three greedy bots, asked in a round of deals
(an open window) whether to pass or make an offer, the box of the window on an 80x24 screen.
Two keys are timed there:
- a highlight move: Down or Up, the focus from one button of the box to the other;
- an answer: the key of 'Make an offer', until the box asks the next question ('Choose a
  player'), after which u (untimed) takes it back for the next repeat.

Each key is posted to the app the pilot runs (`App.run_test`, headless), and timed from then
to the end of the repaints of the screen it causes (the compositor's updates, which a
terminal would be written from): the first, where the key's effect begins to show, and the
last, after which the screen holds still for QUIET seconds (the footer's keys, laid out
again for the focus, come a few repaints later); and the CPU time of the process up to the
last. Each child process opens the moment once and presses each key REPEATS times; the
figure of a child is its median. The reference is unpacked with `git archive` into a
temporary folder (or taken from --base-tree); each round runs one child per side, in
alternating order, and the figures are the medians over the rounds, so that a burst of
other work on a shared machine disturbs one round, not the verdict. Each child also counts,
per key, the whole observations the engine built and the calls of `legal_actions`.

    .venv/bin/python benchmarks/key_latency.py [--rounds 5] [--repeats 12] [--base COMMIT] [--base-tree /tmp/ref]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from reference import unpacked

ROOT = Path(__file__).resolve().parents[1]
BASE = "899ad11"
"""The reference: the commit before a key press built the observation once (issue 45, 4)."""

CHILD = r"""
import asyncio, json, statistics, sys, time
from collections import Counter
from engine import load_variant
from engine.game.game import Game
from textual import events
from textual.screen import Screen
from tui.app import BoardwalkApp
from tui.screens.game import GameScreen
from tui.session import Session

repeats = int(sys.argv[1])
calls = Counter()
COUNTED = (("observation", "observations"), ("public_observation", "observations"), ("legal_actions", "legal_actions"))
for name, counter in COUNTED:
    def counted(self, *args, _original=getattr(Game, name), _counter=counter, **kwargs):
        calls[_counter] += 1
        return _original(self, *args, **kwargs)
    setattr(Game, name, counted)

painted = []  # the end of each repaint of the screen: (wall, CPU)
repaint = Screen._compositor_refresh
def noted(self):
    repaint(self)
    painted.append((time.perf_counter(), time.process_time()))
Screen._compositor_refresh = noted
QUIET = 0.15  # no repaint for this long: the screen shows all the key did

def asked_to_deal(session):
    if session.is_bot(session.deciding):
        return False
    view = session.view()
    return view.window is not None and any(str(a.arg) == "make an offer" for a in view.actions)

def quietly(view):
    for word in ("pass", "withdraw", "auction"):
        found = next((a for a in view.actions if str(a.arg) == word), None)
        if found is not None:
            return found
    return view.actions[0]

def moment():
    variant = load_variant("monopoly-builder")
    for seed in range(5, 45):
        session = Session.start(variant, "monopoly-builder", [None, "greedy", "greedy", "greedy"], seed)
        for _ in range(400):
            if session.game.is_over:
                break
            answer = session.automatic_answer()
            if answer is not None:
                session.apply(answer)
            elif session.is_bot(session.deciding):
                bot, observation = session.bot_observation()
                session.apply(bot.choose(observation))
            elif asked_to_deal(session):
                return session
            else:
                session.apply(quietly(session.view()))
    raise SystemExit("no seed comes to a round of deals")

async def main():
    session = moment()
    app = BoardwalkApp(session, pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        def focused():
            return screen.focused.id if screen.focused is not None else None
        def title():
            return screen.box.title.plain if screen.box is not None and screen.box_shown else None
        async def until(condition, timeout=30.0):
            deadline = time.perf_counter() + timeout
            while not condition():
                if time.perf_counter() > deadline:
                    raise SystemExit(f"timed out on {type(app.screen).__name__}")
                await asyncio.sleep(0.001)
        async def timed(key, char, done):
            # from the key posted to the end of the last repaint it caused (the screen then
            # stays as it is for QUIET seconds)
            await pilot.pause()
            app.clear_notifications()  # a toast that goes while a key is timed would repaint
            await until(lambda: not painted or time.perf_counter() - painted[-1][0] > QUIET)
            calls.clear()
            painted.clear()
            start, cpu = time.perf_counter(), time.process_time()
            app.post_message(events.Key(key, char))
            await until(lambda: done() and painted and time.perf_counter() - painted[-1][0] > QUIET)
            (first, _), (wall, used) = painted[0], painted[-1]
            return (first - start) * 1000, (wall - start) * 1000, (used - cpu) * 1000, dict(calls)
        await until(lambda: isinstance(app.screen, GameScreen) and title() == "Pass or make an offer?"
                    and focused() == "deal-option-0")
        view = session.view()
        make = view.keys[[str(a.arg) for a in view.actions].index("make an offer")]
        moves, answers = [], []
        for _ in range(repeats):
            for key, target in (("down", "deal-option-1"), ("up", "deal-option-0")):
                moves.append(await timed(key, None, lambda target=target: focused() == target))
            answers.append(await timed(make, make, lambda: title() == "Choose a player"))
            app.post_message(events.Key("u", "u"))  # taken back, untimed
            await until(lambda: title() == "Pass or make an offer?" and focused() == "deal-option-0")
    def figures(samples):
        return {"first": statistics.median(s[0] for s in samples), "wall": statistics.median(s[1] for s in samples),
                "cpu": statistics.median(s[2] for s in samples), "calls": samples[-1][3]}
    try:
        from engine.accel import ACTIVE as compiled
    except ImportError:
        compiled = False
    print(json.dumps({"move": figures(moves), "answer": figures(answers), "compiled": compiled}))

asyncio.run(main())
"""


def run_side(tree: Path, repeats: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", CHILD, str(repeats)], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"the run in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(base_tree: Path, base_name: str, args: argparse.Namespace) -> None:
    sides = {"base": base_tree, "head": ROOT}
    results: dict[str, list[dict]] = {side: [] for side in sides}
    for round_number in range(args.rounds):
        order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
        for side in order:
            results[side].append(run_side(sides[side], args.repeats))
        last = {side: results[side][-1] for side in sides}
        print(f"round {round_number + 1}, settled: " + "; ".join(
            f"{side} move {last[side]['move']['wall']:.0f} ms, answer {last[side]['answer']['wall']:.0f} ms" for side in sides),
            flush=True)
    print()
    print(f"Monopoly Builder, 4 players (the person and 3 greedy bots), a round of deals, 80x24; "
          f"{args.rounds} rounds of {args.repeats} presses of each key a side")
    labels = {"base": f"before ({base_name})", "head": "after (this tree)"}
    for key, what in (("move", "highlight move (Down/Up)"), ("answer", "answer ('Make an offer')")):
        print(f"  {what}:")
        for side in sides:
            rounds = results[side]
            wall = statistics.median(r[key]["wall"] for r in rounds)
            cpu = statistics.median(r[key]["cpu"] for r in rounds)
            calls = rounds[-1][key]["calls"]
            compiled = " (compiled)" if rounds[-1]["compiled"] else ""
            first = statistics.median(r[key]["first"] for r in rounds)
            print(f"    {labels[side] + compiled:<26} first repaint {first:5.1f} ms, settled {wall:6.1f} ms "
                  f"({cpu:5.1f} ms CPU); observations built {calls.get('observations', 0)}, "
                  f"legal_actions {calls.get('legal_actions', 0)}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Key-to-screen latency of the terminal UI: this tree against a reference.")
    parser.add_argument("--base", default=BASE, help=f"the reference commit (default {BASE})")
    parser.add_argument("--base-tree", type=Path, help="a checkout of the reference to use instead of unpacking it")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=12, help="presses of each key in a child (default: 12)")
    args = parser.parse_args()
    if args.base_tree is not None:
        compare(args.base_tree.resolve(), str(args.base_tree), args)
        return
    with unpacked(args.base) as tree:
        compare(tree, args.base, args)


if __name__ == "__main__":
    main()
