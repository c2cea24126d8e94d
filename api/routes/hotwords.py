"""GET /api/v2/search/hotwords: what people search most, recent searches weighing more."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.read_cache import read_through
from api.schemas.search import HotwordArgs, HotwordSchema
from api.search_log import current_hot_words

blp = HubBlueprint("hotwords", __name__, url_prefix="/api", description="Hot words")

HOTWORDS_TIMEOUT = 60  # seconds; hot words move slowly


@blp.route("/v2/search/hotwords")
class HotWords(MethodView):
    @blp.arguments(HotwordArgs, location="query")
    @blp.response(200, envelope_of(HotwordSchema, many=True))
    def get(self, args):
        """Hot words from logged searches, or the editor-set list while traffic is thin (cached)."""

        def words() -> list:
            return [{"source": {"content": word}} for word in current_hot_words()]

        return ok(read_through(args, words, timeout=HOTWORDS_TIMEOUT, generational=False))
