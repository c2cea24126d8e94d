"""A summary for a story published without one: the content's text block by block (headings, paragraphs,
list items, quotes and table cells end where their block ends), code left out, cut after the last whole
sentence that fits. Running the blocks together made "背景这是…第一项第二项print(…)"."""

from __future__ import annotations

import re
from html.parser import HTMLParser

BLOCKS = frozenset(
    {"p", "div", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th", "br", "hr", "figcaption"}
)
SKIPPED = frozenset({"pre", "code", "script", "style"})  # code is not prose; the rest never shows
SENTENCE_END = "。！？!?；;…"
_SENTENCES = re.compile(rf"[^{SENTENCE_END}.]+(?:[{SENTENCE_END}]+|\.(?=\s|$)|$)")
_SPACES = re.compile(r"\s+")


class _Blocks(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.skipping = 0

    def _close(self) -> None:
        text = _SPACES.sub(" ", "".join(self.current)).strip()
        if text:
            self.blocks.append(text)
        self.current = []

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        elif tag in BLOCKS:
            self._close()

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in BLOCKS:
            self._close()

    def handle_data(self, data):
        if not self.skipping:
            self.current.append(data)


def _ended(block: str) -> str:
    """A block followed by another ends as a sentence does: a heading or list item without its own end gets one."""
    if block[-1] in SENTENCE_END + ".:：":
        return block
    return block + ("." if block[-1].isascii() else "。")


def summary_from_html(html: str, limit: int) -> str:
    parser = _Blocks()
    parser.feed(html or "")
    parser.close()
    parser._close()
    blocks = parser.blocks
    text = " ".join([*(_ended(b) for b in blocks[:-1]), *blocks[-1:]])  # the last block keeps its own end
    if len(text) <= limit:
        return text
    kept = ""
    for sentence in _SENTENCES.findall(text):
        if len(kept) + len(sentence) > limit:
            break
        kept += sentence
    kept = kept.strip()
    return kept if kept else text[: limit - 1].rstrip() + "…"


__all__ = ["summary_from_html"]
