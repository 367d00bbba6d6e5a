"""Text from a variant file or a saved game, made safe to show: the one function every output
goes through before it reaches a terminal or a report file.

A name, a card's text or an unknown key is written by whoever wrote the file. Printed raw,
an ESC can retitle the terminal, plant a hyperlink or clear the screen, a carriage return can
overwrite the line before it, and a bidi override (U+202E) can make a message read backwards.
`visible` shows every such character as an escape instead (`\\x1b`, `\\u202e`), so the reader
sees that it is there and the terminal never acts on it. Ordinary text, accents, other
scripts and emoji pass unchanged. Rich markup (`[bold]`) is not touched: the terminal UI
draws such text as plain `Text`, so markup stays literal there too.

    >>> visible("Space\\x1b]0;owned\\x07 \\u202eevil")
    'Space\\\\x1b]0;owned\\\\x07 \\\\u202eevil'
    >>> visible("Caf\\u00e9 \\u0411\\u0443\\u043b\\u044c\\u0432\\u0430\\u0440")
    'Café Бульвар'
"""

from __future__ import annotations

import io
import re

TYPE_CHECKING = False  # importing `typing` takes about 6 ms, a third of a bare Python start; mypy reads the block below
if TYPE_CHECKING:
    from typing import TextIO

_UNSAFE = re.compile(
    "["
    "\x00-\x08\x0b-\x1f"  # C0 controls; tab and newline are layout, not commands
    "\x7f-\x9f"  # DEL and the C1 controls (\x9b is a one-byte CSI)
    "\u061c\u180e"  # Arabic letter mark, Mongolian vowel separator
    "\u200b\u200e\u200f"  # zero width space, left-to-right and right-to-left marks
    "\u2028-\u202e"  # line and paragraph separators, bidi embeddings and overrides
    "\u2060-\u2064\u2066-\u206f"  # invisible operators, bidi isolates, deprecated formatting
    "\ufeff\ufff9-\ufffb"  # zero width no-break space, interlinear annotations
    "\ud800-\udfff"  # lone surrogates (from JSON '\\ud800'): no terminal can encode them
    "\U000e0000-\U000e007f"  # tag characters: invisible text
    "]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` with every control, bidi and invisible formatting character shown as an escape;
    newlines and tabs stay as they are."""
    return _UNSAFE.sub(_escape, text)


def is_visible(text: str) -> bool:
    """True when `visible(text)` would change nothing."""
    return _UNSAFE.search(text) is None


class VisibleStream(io.TextIOBase):
    """A text stream that passes everything written through `visible`: the boundary of the
    command-line program's standard output and error. The program's own control output (a
    progress bar's carriage return) goes through `write_raw`, never text from a file."""

    def __init__(self, stream: TextIO):
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(visible(text))
        return len(text)

    def write_raw(self, text: str) -> None:
        self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]  # typeshed: a writable attribute; here it reads the stream's
        return getattr(self.stream, "encoding", "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]  # as encoding
        return getattr(self.stream, "errors", None)


def write_raw(stream: TextIO, text: str) -> None:
    """Write the program's own control characters (never file text) past a VisibleStream."""
    if isinstance(stream, VisibleStream):
        stream.write_raw(text)
    else:
        stream.write(text)
