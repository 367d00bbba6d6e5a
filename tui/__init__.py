"""The Textual terminal UI: `boardwalk play`. The game lives in `tui.session.Session` (engine
record, bots, log, undo, saves); screens and widgets only draw its read-only `View` and send
it actions. Importing this package's screens imports Textual, so only `play` does."""
