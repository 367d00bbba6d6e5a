"""What the app does when something goes wrong inside it: save the game, write down what
happened, and tell the person in a few plain lines where the save is and how to resume.

A bug must not cost a family its game, nor show them a traceback: the game in progress is
saved (atomically, by engine.savefile) beside the last save, or in the current folder, the
home folder or the temporary folder, whichever can be written first; the traceback goes to a
log file next to it. Nothing here imports Textual: the app calls `rescue` and shows
`Rescue.message()`; after it quits, the terminal is told the same.

A game served to a web browser (`boardwalk serve`) writes nothing of the kind: its folders are
the serving machine's, and anyone who can reach the page could fill them by making games fail
(issue 44, 4). It calls `kept_nothing` instead: the page says that nothing was written and
offers to save the game where the person says, and the error goes to the game's error output,
which the server reads to its end and sums up in one line of its own log (tui/web.py)."""

from __future__ import annotations

import shlex
import tempfile
import time
import traceback
from dataclasses import dataclass, replace
from pathlib import Path

from engine.api import Game, counted
from engine.files import WriteFailed, write_atomically
from engine.savefile import GameRecord, SaveError, save_game
from engine.version import version
from engine.visible import visible
from tui.session import Session


@dataclass(frozen=True)
class Rescue:
    """What was saved and written after an unexpected error."""

    problem: str
    """The error's kind, e.g. 'IndexError' (its message may quote a file: it goes to the log)."""
    save: Path | None
    """The game, saved; None when no game was in progress or it could not be saved."""
    log: Path | None
    """The traceback and the game's particulars; None when no folder took it."""
    unsaved: str = ""
    """Why the game in progress could not be saved ('' when it was, or there was none)."""
    actions: int = 0
    """How many actions the save holds."""

    def message(self) -> str:
        """A few plain lines for the person: what happened, where the game is, how to resume."""
        lines = [f"Sorry: Boardwalk stopped because of an error of its own ({self.problem}).", ""]
        if self.save is not None:
            lines += [
                "Your game is saved in",
                f"  {self.save}",
                "Resume it with",
                f"  boardwalk play --load {shlex.quote(str(self.save))}",
            ]
        elif self.unsaved:
            lines.append(f"The game could not be saved: {self.unsaved}")
        else:
            lines.append("No game was in progress, so nothing needed saving.")
        if self.log is not None:
            lines += ["", f"What went wrong is written in {self.log} (for a bug report)."]
        return visible("\n".join(lines))

    def error_output(self) -> str:
        """What the terminal is told after the app has quit."""
        return self.message()


@dataclass(frozen=True)
class KeptNothing:
    """A served game's error: nothing written, and the game kept in memory for the person to
    save if they ask (`save`)."""

    problem: str
    """The error's kind, e.g. 'IndexError'."""
    report: str
    """The traceback, for the game's error output (the server logs its last line)."""
    game: tuple[GameRecord, Game] | None
    """The game as far as its actions replay, and the game they make; None when no game was
    in progress or it cannot be set up again."""
    unsavable: str = ""
    """Why the game in progress cannot be saved ('' when it can, or there is none)."""
    last_save: Path | None = None
    """Where the person last saved or loaded this game, if they did."""
    unsaved: bool = False
    """Whether moves were made since that save."""

    def message(self, saved: Path | None = None) -> str:
        """A few plain lines for the person: that nothing was written, and how to keep the
        game (or, once `saved`, where it is and how to resume it)."""
        lines = [f"Sorry: Boardwalk stopped because of an error of its own ({self.problem}).", ""]
        if saved is not None:
            lines += ["Your game is saved in", f"  {saved}",
                      "Resume it in a new tab: l loads it, as does Resume a saved game on the start screen."]
        elif self.unsavable:
            lines.append(f"The game cannot be saved: {self.unsavable}")
        elif self.game is None:
            lines.append("No game was in progress, so nothing needed saving.")
        else:
            lines += ["A game played in a web browser writes no file unless you ask, so nothing was saved.",
                      f"Press s to save it as it stands ({counted(len(self.game[0].actions), 'action')} played)."]
            if self.last_save is not None:
                lines.append(f"Your last save, {self.last_save}, holds it as it was then." if self.unsaved
                             else f"Your last save, {self.last_save}, holds it as it stands.")
        return visible("\n".join(lines))

    def save(self, path: str) -> Path:
        """Save the game where the person said (raises SaveError with the reason)."""
        assert self.game is not None  # offered only with a game to save
        record, game = self.game
        target = Path(path).expanduser()
        save_game(target, record, game)
        return target

    def error_output(self) -> str:
        """What the server is told after the game has quit: the message, then the traceback,
        whose last line names the error (the line the server logs)."""
        return self.message() + "\n\n" + self.report.rstrip("\n")


def kept_nothing(session: Session | None, error: BaseException) -> KeptNothing:
    """A served game's `rescue`: nothing written."""
    report = "".join(traceback.format_exception(error))
    if session is None:
        return KeptNothing(type(error).__name__, report, None)
    record, game, why_not = _playable(session.record)
    return KeptNothing(type(error).__name__, report, (record, game) if record is not None and game is not None else None,
                       why_not, session.save_path, session.unsaved)


def rescue(session: Session | None, error: BaseException) -> Rescue:
    """Save the game in progress and log the error, in the first folder that takes them."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    problem = type(error).__name__
    record, game, why_not = _playable(session.record) if session is not None else (None, None, "")
    last: Rescue | None = None
    for folder in _folders(session):
        save = folder / f"boardwalk-rescued-{stamp}.json" if record is not None else None
        log = folder / f"boardwalk-error-{stamp}.log"
        unsaved = why_not
        if record is not None and game is not None and save is not None:
            try:
                save_game(save, record, game)
            except (SaveError, OSError) as failure:
                save, unsaved = None, str(failure)
        logged = _write_log(log, error, session, record, save)
        found = Rescue(problem, save, log if logged else None, unsaved, len(record.actions) if record else 0)
        if (save is not None or record is None) and logged:
            return found
        last = last or found
    assert last is not None  # _folders always gives at least the temporary folder
    return last


def _playable(record: GameRecord) -> tuple[GameRecord | None, Game | None, str]:
    """The record as far as its actions replay, and the game they make (an error inside the
    engine may have left the live game half-changed: the save is rebuilt from the actions)."""
    try:
        game = record.new_game()
    except Exception as failure:  # the engine's own error, before any move
        return None, None, f"the game cannot be set up again ({type(failure).__name__})"
    kept: list[dict] = []
    for action in record.actions:
        try:
            game.apply(action)
        except Exception:  # keep the moves before it; the game is replayed again up to there
            return replace(record, actions=kept), record.replay(len(kept)) if kept else record.new_game(), ""
        kept.append(action)
    return replace(record, actions=kept), game, ""


def _folders(session: Session | None) -> list[Path]:
    """Where to write, most sensible first: beside the last save, the current folder, the
    home folder, the temporary folder."""
    places = []
    if session is not None and session.save_path is not None:
        places.append(session.save_path.resolve().parent)
    places += [Path.cwd(), Path.home(), Path(tempfile.gettempdir())]
    seen: list[Path] = []
    for place in places:
        if place not in seen:
            seen.append(place)
    return seen


def _write_log(path: Path, error: BaseException, session: Session | None, record: GameRecord | None,
               save: Path | None) -> bool:
    lines = [f"Boardwalk {version()} stopped on {time.strftime('%Y-%m-%d %H:%M:%S')}."]
    if session is not None:
        kept = len(record.actions) if record is not None else 0
        lines += [
            f"Variant: {session.record.variant_source}; players: {session.record.players}; seed: {session.record.seed}",
            f"Actions played: {len(session.record.actions)}; saved: {kept}"
            + (f" in {save}" if save is not None else " (no save)"),
        ]
    lines += ["", *traceback.format_exception(error)]
    try:
        write_atomically(path, "\n".join(line.rstrip("\n") for line in lines) + "\n")
    except (WriteFailed, OSError):
        return False
    return True
