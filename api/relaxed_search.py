"""A search and its relaxed pass (issue 36, item 2): when the strict query finds fewer than a page, what else the
reader may have meant (indexer/queries/relax.py) follows every strict hit, paged on after them (or, for a topic of one
concept and one word widened to the concept, is ranked with them: `Relaxed.with_strict`). Shared by the API
(api/services/feeds.py) and the stack's floor that `make bench` measures beside it (bench/floor_app.py), so both
do the same engine work. `search` is whatever sends a body to the engine and returns its answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from analysis.normalize import fold
from analysis.understanding import understand
from api.alternatives_search import alternatives_body
from api.feed_items import hit_to_item, page_of
from indexer.queries.alike import (
    ALIKE_SEEDS,
    add_counts,
    alike_clause,
    alike_counts_body,
    alike_search_body,
    seeds_body,
    text_of,
)
from indexer.queries.relax import (
    beyond_its_kinds,
    is_a_pair,
    names_an_item,
    names_body,
    of_kinds,
    pair_word_count_body,
    relaxed_query,
    relaxed_search_body,
    widened_body,
)
from indexer.queries.text import holds_an_arxiv_number

# A strict search finding fewer than a page (the UI's 20) is followed by its relaxed pass; the tabs' counts
# count that pass from the same threshold, so both agree whatever page size is asked.
RELAX_BELOW = 20

# Those passes finding fewer than this are followed by the texts like the best strict hit, up to this many in all
# (`_then_alike`): the same threshold as the relaxed pass's.
ALIKE_BELOW = RELAX_BELOW

# The key of a searched page saying it was filled with texts like its best hit (`_searched`; never sent).
FILLED = "filled_alike"

Search = Callable[[dict], dict]
# The strict hits of a pair (GNN 过平滑) that say enough of its plain word to tell whether the word is said mostly beside
# the concept (`_word_of_the_concept`): from one or two, a word held by two or three texts (感知 of 鸟瞰图感知) looked
# like one.
FEW_NAMING_BOTH = 5


@dataclass(frozen=True)
class Relaxed:
    query: dict  # the relaxed query (indexer/queries/relax.py)
    # Ranked with the strict hits rather than after them: a topic of one concept and one word (OCR 评测) widened to its
    # concept, whose articles titled with the concept answer it as well as a text naming both in passing.
    with_strict: bool = False


def searched_page(
    search: Search, body: dict, text: str, concepts: frozenset[str], page: int, size: int, labels: list[str]
) -> dict:
    """The page of `_searched` (below), as the API sends it."""
    page_found = _searched(search, body, text, concepts, page, size, labels)
    page_found.pop(FILLED, None)
    return page_found


def _searched(
    search: Search,
    body: dict,
    text: str,
    concepts: frozenset[str],
    page: int,
    size: int,
    labels: list[str],
    *,
    alike: bool = True,
) -> dict:
    """{list, total, page, size, hasNextPage} of the strict search `body` for `text`, with the relaxed pass's hits
    after the strict ones when it found fewer than a page (or ranked with them: `Relaxed.with_strict`); of the
    alternatives to an item `text` names instead, when it asks for them (api/alternatives_search.py). `alike`: followed
    by the texts like the best hit when it found fewer than a page (`_then_alike`; the answer's `FILLED` says so)."""
    alternatives = alternatives_body(search, text, body, concepts)
    if alternatives is not None:  # the named item and the items like it: not relaxed further
        return page_of(search(alternatives), page, size, labels, text)
    strict = search(body)
    data = page_of(strict, page, size, labels, text)
    asked = understand(fold(text)).kinds
    found = data["total"]
    if asked and found >= RELAX_BELOW:  # many texts, but perhaps few of the kinds asked for (GPU 性能优化 工作坊)
        found = _found_of_kinds(search, body, asked)
    relaxed = relaxed_for(search, text, body, found, concepts, widen=data["total"] < RELAX_BELOW)
    found_by = [text_of(body)]  # the text queries whose hits are listed: the texts like the best hit come after them
    if relaxed is None:
        listed = data
    elif relaxed.with_strict:
        widened = widened_body(body, relaxed.query)
        listed, found_by = page_of(search(widened), page, size, labels, text), [text_of(widened)]
    elif asked:
        listed = _asked_kinds_first(search, body, strict, relaxed.query, asked, page, size, labels, text)
        found_by.append(relaxed.query)
    else:
        strict_total, start = data["total"], (page - 1) * size
        relaxed_body = relaxed_search_body(body, relaxed.query, max(0, start - strict_total), size - len(data["list"]))
        more = page_of(search(relaxed_body), page, size, labels, None)
        total = strict_total + more["total"]
        listed = {**data, "list": [*data["list"], *more["list"]], "total": total, "hasNextPage": start + size < total}
        found_by.append(relaxed.query)
    if not alike or holds_an_arxiv_number(text):  # a paper looked up by its number is alone
        return listed
    relaxing = relaxed.query if relaxed is not None else None
    return _then_alike(search, body, strict, relaxing, listed, found_by, page, size, labels)


def _then_alike(
    search: Search,
    body: dict,
    strict: dict,
    relaxing: dict | None,
    listed: dict,
    found_by: list[dict],
    page: int,
    size: int,
    labels: list[str],
) -> dict:
    """The page `listed` (the strict and relaxed passes' hits), followed by the texts like the best strict hit
    (indexer/queries/alike.py) when those passes found fewer than a page, on a list ranked by relevance (one ordered
    by heat or date lists the close matches only). `strict`: the strict search's answer, whose first hit is the best
    on a first page; `relaxing`: the relaxed query, whose best hit leads when the strict pass found nothing;
    `found_by`: the text queries whose hits are listed already."""
    bounded = strict["hits"]["total"].get("relation") == "gte"  # at least so many (search.TOTAL_BOUND)
    if listed["total"] >= ALIKE_BELOW or bounded or text_of(body) is None or not ranked_by_score(body):
        return listed
    first_page = not body.get("from", 0)
    seeds = _seeds(search, body, relaxing, strict if first_page else None)
    if not seeds:
        return listed
    start, before = (page - 1) * size, listed["total"]
    room = ALIKE_BELOW - before  # they fill the list up to a page, no further: the most alike first
    offset = max(0, start - before)
    wanted = max(0, min(size - len(listed["list"]), room - offset))
    more = page_of(search(alike_search_body(body, alike_clause(seeds), found_by, offset, wanted)), page, size, labels)
    total = before + min(more["total"], room)
    filled = {"list": [*listed["list"], *more["list"]], "total": total, "hasNextPage": start + size < total}
    return {**listed, **filled, FILLED: total > before}


def searched_tab(
    search: Search,
    whole: Callable[[], dict],
    tab: dict,
    text: str,
    concepts: frozenset[str],
    page: int,
    size: int,
    labels: list[str],
    kinds: set[str],
) -> dict:
    """The page of a search tab (`kinds`: the search body `tab`, of the search body `whole` builds limited to them): the items
    of those kinds in the whole list when that was filled with the texts like its best hit, as the tabs' counts count
    them (`counted_with_alike`; such a list holds fewer than a page, all on its first); else the tab's own search,
    never filled by kind (a tab of few events among many texts would fill with events like its first)."""
    own = _searched(search, tab, text, concepts, page, size, labels, alike=False)
    if own["total"] >= ALIKE_BELOW:
        return own
    listed = _searched(search, whole(), text, concepts, 1, ALIKE_BELOW, labels)
    if not listed.get(FILLED):
        return own
    kept = [item for item in listed["list"] if item["type"] in kinds]
    start = (page - 1) * size
    return {
        "list": kept[start : start + size],
        "total": len(kept),
        "page": page,
        "size": size,
        "hasNextPage": start + size < len(kept),
    }


def _seeds(search: Search, body: dict, relaxing: dict | None, answer: dict | None = None) -> list[dict]:
    """The best hits of the search body `body` by relevance, that the texts like them are found by: from its own first
    page's `answer` when given; of it widened by its relaxed query `relaxing` when it found nothing. The list and the
    tabs' counts start from the same hits."""
    hits = answer["hits"]["hits"][:ALIKE_SEEDS] if answer is not None else search(seeds_body(body))["hits"]["hits"]
    if hits or relaxing is None:
        return hits
    return search(seeds_body(widened_body(body, relaxing)))["hits"]["hits"]


def counted_with_alike(
    search: Search, text: str, ranked: Callable[[], dict], relaxing: dict | None, counted: dict, answer: dict
) -> dict:
    """The counts `answer` of `counted` (the strict counts body, or it widened by its relaxed pass), with the texts
    like the best strict hit counted too when it found fewer than a page, as the list shows them. `ranked` builds the
    list's own search body, whose best hit the list starts from (a counts body scores some words otherwise), only for
    such a query; `relaxing`: the relaxed query, whose best hit leads when the strict pass found nothing."""
    found = answer["hits"]["total"]["value"]
    if found >= ALIKE_BELOW or holds_an_arxiv_number(text):
        return answer
    body = ranked()
    seeds = _seeds(search, body, relaxing) if text_of(body) is not None else []
    if not seeds:
        return answer
    alike = search(alike_counts_body(counted, alike_clause(seeds), ALIKE_BELOW - found))
    return add_counts(answer, alike)


def ranked_by_score(body: dict) -> bool:
    """Whether a search body ranks by relevance (common.sort_clause): a counts body has no sort and counts either."""
    return body.get("sort", ["_score"])[0] == "_score"


def _asked_kinds_first(
    search: Search,
    body: dict,
    strict_answer: dict,
    relaxed: dict,
    asked: tuple[str, ...],
    page: int,
    size: int,
    labels: list[str],
    text: str,
) -> dict:
    """The page of a strict search below a page followed by its relaxed pass, for a query naming the kinds it asks for
    (具身智能 数据集 论文): the strict hits of those kinds, then the relaxed ones of those kinds, then the strict hits of
    other kinds and the relaxed rest. The reader asked for papers: a paper on embodied AI that names no dataset answers
    more of it than an article that names both (ranked first before, 0.1 for naming them in its body and a tag). The
    total is the strict and relaxed passes' as before, so the tabs' counts agree. `strict_answer`: the strict search's
    own answer, whose hits are all of them on a first page as large as they are (most requests: the UI asks for 20)."""
    start, end = (page - 1) * size, page * size
    every_hit = _every_strict_hit(search, body, strict_answer)
    listed: list[dict] = []  # (hit, whether the strict pass found it)
    at = 0
    for of_asked in (True, False):
        strict, count = _strict_of_kinds(search, body, every_hit, asked, of_asked, start - at, end - at)
        listed += [(hit, True) for hit in strict]
        at += count
        offset, wanted = max(0, start - at), max(0, end - max(start, at))
        answer = search(of_kinds(relaxed_search_body(body, relaxed, offset, wanted), asked, among=of_asked))
        listed += [(hit, False) for hit in answer["hits"]["hits"]]
        at += answer["hits"]["total"]["value"]
    items = [hit_to_item(hit, labels, text if strict else None) for hit, strict in listed]
    return {"list": items, "total": at, "page": page, "size": size, "hasNextPage": end < at}


def _every_strict_hit(search: Search, body: dict, answer: dict) -> list[dict] | None:
    """Every strict hit when there are fewer than a page (`answer`, the strict search's own, when it holds them all; else
    one more request, for all of them); None when there are a page or more."""
    total = answer["hits"]["total"]["value"]
    if total >= RELAX_BELOW:
        return None
    hits = answer["hits"]["hits"]
    if body.get("from", 0) or len(hits) < total:
        hits = search({**body, "from": 0, "size": RELAX_BELOW})["hits"]["hits"]  # all of them: fewer than a page
    return hits


def _strict_of_kinds(
    search: Search, body: dict, every_hit: list[dict] | None, asked: tuple[str, ...], among: bool, start: int, end: int
) -> tuple[list[dict], int]:
    """The strict hits of the `asked` kinds (`among`) or of the others from `start` to `end` within them, and how many
    there are: from `every_hit` (`_every_strict_hit`) when there are fewer than a page in all; else (a query finding many
    texts but few of the kinds it asks for: GPU 性能优化 工作坊) by a search limited to them."""
    if every_hit is not None:
        kept = [hit for hit in every_hit if (hit["_source"]["type"] in asked) == among]
        return kept[max(0, start) : max(0, end)], len(kept)
    limited = of_kinds({**body, "from": max(0, start), "size": max(0, end - max(0, start))}, asked, among=among)
    found = search(limited)
    return found["hits"]["hits"] if end > 0 else [], found["hits"]["total"]["value"]


def found_for_relaxing(text: str, counts: dict) -> int:
    """What a counts answer (build_counts: per kind) found, as the list's relaxed pass counts it: of the kinds the query
    asks for when it asks for some and found a page or more in all (`searched_page`)."""
    found = counts["hits"]["total"]["value"]
    asked = understand(fold(text)).kinds if text else ()
    if not asked or found < RELAX_BELOW:
        return found
    buckets = {bucket["key"]: bucket["doc_count"] for bucket in counts["aggregations"]["types"]["buckets"]}
    return sum(buckets.get(kind, 0) for kind in asked)


def _found_of_kinds(search: Search, body: dict, asked: tuple[str, ...]) -> int:
    """How many strict hits are of the kinds the query asks for, counted up to a page (at 1M, on the judged kind queries:
    p50 3, p99 13 ms; bench/RESULTS.md)."""
    bare = {key: value for key, value in body.items() if key not in ("sort", "highlight", "_source")}
    counted = of_kinds({**bare, "from": 0, "size": 0, "track_total_hits": RELAX_BELOW}, asked, among=True)
    return search(counted)["hits"]["total"]["value"]


def relaxed_for(
    search: Search, text: str, strict: dict, found: int, concepts: frozenset[str], *, widen: bool = True
) -> Relaxed | None:
    """The relaxed query of a strict search (a search or counts body) that found `found` documents, or None when
    it found a page or more, or when nothing would be relaxed. `widen`: a pair may be widened to its concept and ranked
    with the strict hits; not when the strict pass found a page or more, of kinds other than those asked for, whose
    order the kinds asked for come before (`found_for_relaxing`)."""
    if not text or found >= RELAX_BELOW:
        return None
    widen_pair = widen and _may_widen_pair(search, text, strict, found)
    query = relaxed_query(text, concepts, widen_pair=widen_pair, nothing_found=found == 0)
    if found == 0 and (beyond := beyond_its_kinds(text, concepts)) is not None:
        # nothing of the kinds asked for, even relaxed: the topic in every kind (one count, for such queries only)
        if query is None or not _finds_any(search, widened_body(strict, query)):
            return Relaxed(beyond)
    with_strict = (
        widen_pair and found > 0 and not (found >= FEW_NAMING_BOTH and _word_of_the_concept(search, text, found))
    )
    return Relaxed(query, with_strict=with_strict) if query is not None else None


def _word_of_the_concept(search: Search, text: str, found: int) -> bool:
    """Whether the plain word of a pair is said mostly beside its concept: held by at most twice as many texts as the
    strict pass found naming both (GNN 过平滑: over-smoothing, said of graph networks only). Such a word is the reader's
    subject as much as the concept is, and the texts naming both come first, the concept's others after them: ranked
    together, the projects titled GNN came before the papers on over-smoothing. A common word (OCR 评测) is not: the
    concept's own articles answer it as well as a text naming both in passing. One count, for such pairs only."""
    body = pair_word_count_body(text, up_to=2 * found + 1)
    return body is not None and search(body)["hits"]["total"]["value"] <= 2 * found


def _finds_any(search: Search, body: dict) -> bool:
    return search({**body, "size": 0, "track_total_hits": 1})["hits"]["total"]["value"] > 0


def _may_widen_pair(search: Search, text: str, strict: dict, found: int) -> bool:
    """A topic of one concept and one word (indexer/queries/relax.is_a_pair) that found fewer than a page widens to
    the concept, unless one of its few hits is the item the query names (a repository typed as quartz-rag). The
    same answer for the list, each of its pages and the tabs' counts: it reads the strict hits, not a page."""
    if not is_a_pair(text):
        return False
    if found == 0:
        return True
    return not names_an_item(text, search(names_body(strict))["hits"]["hits"])
