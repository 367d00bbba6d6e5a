"""`boardwalk sweep`: a variant's rules or card counts varied over a range (vary.py), the
points of a design (design.py) played by bots on the same seeds, and the figures that say how
the game's balance moves with them (figures.py, summary.py, report.py)."""
