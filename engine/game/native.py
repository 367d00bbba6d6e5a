"""How the kernel's modules are compiled to C by mypyc, where the source must say it.

scripts/build_accel.py compiles the hot modules of `engine/game` into an optional accelerator
(engine/accel.py decides whether it is used); the same source runs as plain Python without it,
and gives the same games. A compiled ("native") class keeps its fields in a C struct, so
its instances are made only by `__init__` (never `object.__new__`): the frames take every
field by name in `__init__` and copy themselves through it. A class that Python code must
subclass (the tests' scripted dice generator) is marked
`@mypyc_attr(allow_interpreted_subclasses=True)`, and one whose instances must stay
ordinary Python objects, `@mypyc_attr(native_class=False)`. Without mypy_extensions
installed (an install without the test tools) the marks do nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # nothing is compiled without it: the mark has no meaning

        def mypyc_attr(*_args: Any, **_kwargs: Any) -> Any:
            return lambda cls: cls


__all__ = ["mypyc_attr"]
