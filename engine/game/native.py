"""How the kernel's modules are compiled to C by mypyc, where the source must say it.

scripts/build_accel.py compiles the hot modules of `engine/game` into an optional accelerator
(engine/accel.py decides whether it is used); the same source runs as plain Python without it,
and gives the same games. A class whose instances are made without `__init__` or whose
fields are read by name from `__slots__` (the frames: copied and saved field by field) is
marked `@mypyc_attr(native_class=False)`: compiled methods, ordinary Python instances.
Without mypy_extensions installed (an install without the test tools) the mark does nothing.
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
