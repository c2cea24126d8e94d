"""A new web process loads text analysis when it starts, not in its first search (analysis/warm_up.py)."""

from __future__ import annotations

import subprocess
import sys

from tests.support import ROOT

CHECK = """
from analysis import normalize, segment, vocabulary
from analysis.warm_up import warm_up
loaded = lambda: (segment._segmenter is not None, normalize._invisible.cache_info().currsize,
                  normalize._t2s.cache_info().currsize, len(vocabulary._cache))
assert loaded() == (False, 0, 0, 0), loaded()
warm_up()
assert loaded() == (True, 1, 1, 1), loaded()
"""


def test_warm_up_loads_the_segmenter_the_character_tables_and_the_glossary():
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
