"""The screens of the terminal UI: start, game, game over, and the dialogs over them."""
