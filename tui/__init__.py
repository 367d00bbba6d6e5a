"""The Textual terminal UI (arrives with the play issue)."""
