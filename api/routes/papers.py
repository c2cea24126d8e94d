"""Papers: GET /v3/paper/{id}, GET /v3/paper/trends/{id}, POST /v2/papers/userinfo,
POST /v2/papers/userlist/arxiv_name. A paper id is its number or its arXiv id (any spelling)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.details import (
    AuthorPapersBody,
    DailyPapersQuery,
    DailyPapersSchema,
    PaperUserBody,
    PersonSchema,
    TrendEnvelope,
)
from api.schemas.items import FeedPageSchema
from api.services.daily_papers import daily_papers
from api.services.papers import author_papers, paper_detail, paper_trend, paper_user
from kinds.code_links import PaperDetailSchema

blp = HubBlueprint("papers", __name__, url_prefix="/api", description="Paper details, trends and authors")


@blp.route("/v3/paper/daily")
class DailyPapers(MethodView):
    @blp.arguments(DailyPapersQuery, location="query")
    @blp.response(200, envelope_of(DailyPapersSchema))
    def get(self, args):
        """每日论文: the week's or month's papers grouped by publication day (newest first, the site's time
        zone), each day ranked by members' upvotes, then heat; at most 30 a day."""
        return daily_papers(args)


@blp.route("/v3/paper/<string:paper_id>")
class PaperDetail(MethodView):
    @blp.response(200, envelope_of(PaperDetailSchema))
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, paper_id: str):
        """One paper by its number or arXiv id (2401.01234, 2401.01234v2, arXiv:2401.01234), with `code`: the
        repositories its abstract or arXiv comment links and those whose description or README cites it."""
        return ok(paper_detail(paper_id))


@blp.route("/v3/paper/trends/<string:paper_id>")
class PaperTrends(MethodView):
    @blp.response(200, TrendEnvelope)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, paper_id: str):
        """Hotness series [[yyyy-MM-dd, n], ...]; empty -> 10 zero days ending yesterday (UTC);
        one point -> a zero point the day before it."""
        return ok(paper_trend(paper_id))


@blp.route("/v2/papers/userinfo")
class PaperUser(MethodView):
    @blp.arguments(PaperUserBody)
    @blp.response(200, envelope_of(PersonSchema))
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, args):
        """The person behind an arXiv author name (or a hub user id), with their paper count.

        An author without a hub account is answered from the papers alone (id null, score 0)."""
        return ok(paper_user(args))


@blp.route("/v2/papers/userlist/arxiv_name")
class AuthorPapers(MethodView):
    @blp.arguments(AuthorPapersBody)
    @blp.response(200, envelope_of(FeedPageSchema, name="AuthorPapersEnvelope"))
    def post(self, args):
        """Papers whose authors include exactly that name, newest first."""
        return ok(author_papers(args))
