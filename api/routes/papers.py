"""Papers: GET /v3/paper/{id}, GET /v3/paper/trends/{id}, POST /v2/papers/userinfo,
POST /v2/papers/userlist/arxiv_name. A paper id is its number or its arXiv id (any spelling)."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import MSG_NOT_FOUND, ApiError, envelope_of, ok
from api.feed_items import page_of, paper_info
from api.read_cache import read_through
from api.schemas.details import AuthorPapersBody, PaperUserBody, PersonSchema, TrendEnvelope
from api.schemas.items import FeedPageSchema, PaperInfoSchema
from api.services import es_client, settings
from api.trends import pad_series
from indexer.documents import doc_id
from indexer.ingest.arxiv_ids import ArxivIdError, parse_arxiv
from indexer.queries.detail import build_paper_lookup
from indexer.queries.people import author_filter, build_author_papers, build_person_by_arxiv_name

blp = Blueprint("papers", __name__, url_prefix="/api", description="Paper details, trends and authors")


def find_paper(key: str, with_series: bool = False) -> dict:
    item_id = key if key.isdigit() else None
    arxiv_id = None
    if item_id is None:
        try:
            arxiv_id, _ = parse_arxiv(key)
        except ArxivIdError as exc:
            raise ApiError(404, MSG_NOT_FOUND) from exc
    body = build_paper_lookup(item_id, arxiv_id, with_series)
    hits = es_client().search(index=settings().index_alias, body=body)["hits"]["hits"]
    if not hits:
        raise ApiError(404, MSG_NOT_FOUND)
    return hits[0]["_source"]


@blp.route("/v3/paper/<string:paper_id>")
class PaperDetail(MethodView):
    @blp.response(200, envelope_of(PaperInfoSchema))
    def get(self, paper_id: str):
        """One paper by its number or arXiv id (2401.01234, 2401.01234v2, arXiv:2401.01234)."""
        return ok(read_through({"id": paper_id}, lambda: paper_info(find_paper(paper_id)["source"], tag_limit=None)))


@blp.route("/v3/paper/trends/<string:paper_id>")
class PaperTrends(MethodView):
    @blp.response(200, TrendEnvelope)
    def get(self, paper_id: str):
        """Hotness series [[yyyy-MM-dd, n], ...]; empty -> 10 zero days ending yesterday (UTC);
        one point -> a zero point the day before it."""
        return ok(read_through({"id": paper_id}, lambda: pad_series(find_paper(paper_id, True).get("hotness_series"))))


def paper_count(name: str) -> int:
    return es_client().count(index=settings().index_alias, body={"query": {"bool": {"filter": author_filter(name)}}})[
        "count"
    ]


@blp.route("/v2/papers/userinfo")
class PaperUser(MethodView):
    @blp.arguments(PaperUserBody)
    @blp.response(200, envelope_of(PersonSchema))
    def post(self, args):
        """The person behind an arXiv author name (or a hub user id), with their paper count.

        An author without a hub account is answered from the papers alone (id null, score 0)."""

        def read() -> dict:
            es = es_client()
            alias = settings().index_alias
            person = None
            if args.get("user_id") is not None:
                found = es.mget(index=alias, body={"ids": [doc_id("person", args["user_id"])]})["docs"][0]
                person = found["_source"]["source"] if found.get("found") else None
                if person is None:
                    raise ApiError(404, MSG_NOT_FOUND)
            else:
                hits = es.search(index=alias, body=build_person_by_arxiv_name(args["arxiv_name"]))["hits"]["hits"]
                person = hits[0]["_source"]["source"] if hits else None
            name = (person or {}).get("arxiv_name") or args.get("arxiv_name")
            count = paper_count(name) if name else 0
            if person is None:
                if not count:
                    raise ApiError(404, MSG_NOT_FOUND)
                person = {"id": None, "name": name, "avatar_url": None, "score": 0, "arxiv_name": name}
                person.update(is_expert=False, activity_count=0)
            return {**person, "paper_count": count}

        return ok(read_through(args, read))


@blp.route("/v2/papers/userlist/arxiv_name")
class AuthorPapers(MethodView):
    @blp.arguments(AuthorPapersBody)
    @blp.response(200, envelope_of(FeedPageSchema, name="AuthorPapersEnvelope"))
    def post(self, args):
        """Papers whose authors include exactly that name, newest first."""

        def read() -> dict:
            body = build_author_papers(args["arxiv_name"], args["page"], args["size"])
            result = es_client().search(index=settings().index_alias, body=body)
            return page_of(result, args["page"], args["size"])

        return ok(read_through(args, read))
