"""GET /api/v1/users: the signed-in caller's login info (spec section 3); 401 when anonymous."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import ApiError, envelope_of, ok
from api.schemas.people import LoginInfoSchema
from api.session_user import current_user

blp = HubBlueprint("users", __name__, url_prefix="/api", description="Login info")

MSG_NOT_SIGNED_IN = "请先登录"


@blp.route("/v1/users")
class Users(MethodView):
    @blp.response(200, envelope_of(LoginInfoSchema))
    @blp.alt_response(401, response="UNAUTHORIZED")
    def get(self):
        """Who is signed in: id, name, email, phone, region, avatar_url, score, exts {arxiv_name, activity_sheet}."""
        user = current_user()
        if user is None:
            raise ApiError(401, MSG_NOT_SIGNED_IN)
        return ok(
            {
                "id": user.id,
                "name": user.name,
                "email": user.email,
                "phone": user.phone,
                "region": user.region,
                "avatar_url": user.avatar_url,
                "score": user.score,
                "exts": {"arxiv_name": user.arxiv_name, "activity_sheet": list(user.activity_sheet or [])},
                "is_expert": user.is_expert,
                "role": user.role,
            }
        )
