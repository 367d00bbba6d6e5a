"""One module per `boardwalk` subcommand, each with `register(subparsers)` adding its parser
(with `func` set to the function that runs it and returns the exit status). Modules import
their heavy dependencies inside that function, so `boardwalk check` never loads the TUI."""

COMMANDS = ("play", "serve", "check", "replay", "simulate", "sweep")
"""Subcommand modules in the order `boardwalk --help` lists them."""
