"""GET /api/v1/users: the signed-in caller's login info (spec section 3); data null when anonymous.
GET /api/v1/users/list (the /users page), POST /api/v1/users/edit (own profile),
GET /api/v1/users/bindings (own accounts at the sign-in provider)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import ApiError, envelope_of, ok
from api.schemas.common import Paged
from api.schemas.items import FeedPageSchema
from api.schemas.people import LoginInfoSchema
from api.schemas.users import BindingListSchema, ProfileEditBody, ProfileSchema, UserListArgs, UserPageSchema
from api.services.user_stories import user_stories
from api.services.users import MSG_NOT_SIGNED_IN, bindings, edit_profile, user_page
from api.session_user import current_user

blp = HubBlueprint("users", __name__, url_prefix="/api", description="Login info, users, profile")
# The profile edit is a write: a blueprint of its own so the write rate limit covers it (not the reads).
writes = HubBlueprint("users_writes", __name__, url_prefix="/api", description="Profile edit")


def _signed_in(status: int):
    user = current_user()
    if user is None:
        raise ApiError(status, MSG_NOT_SIGNED_IN)
    return user


@blp.route("/v1/users")
class Users(MethodView):
    @blp.response(200, envelope_of(LoginInfoSchema))
    def get(self):
        """Who is signed in: id, name, email, phone, region, avatar_url, score, exts {arxiv_name, activity_sheet};
        data null when nobody is.

        Every page asks this once as its session probe, so a visitor's answer is a success with no user
        rather than a 401 in every signed-out page load."""
        user = current_user()
        if user is None:
            return ok(None)
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


@blp.route("/v1/users/<id:user_id>/stories")
class UserStories(MethodView):
    @blp.arguments(Paged, location="query")
    @blp.response(200, envelope_of(FeedPageSchema, name="UserStoriesEnvelope"))
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, args, user_id: int):
        """A member's stories, newest first (page, size): those that show their author, never an anonymous one."""
        return user_stories(user_id, args)


@blp.route("/v1/users/list")
class UserList(MethodView):
    @blp.arguments(UserListArgs, location="query")
    @blp.response(200, envelope_of(UserPageSchema))
    def get(self, args):
        """Users for the /users page, highest score first: id, name, avatar_url, is_expert, score."""
        return ok(user_page(args["page"], args["size"]))


@writes.route("/v1/users/edit")
class UserEdit(MethodView):
    @writes.arguments(ProfileEditBody)
    @writes.response(200, envelope_of(ProfileSchema))
    @writes.write_errors("not signed in ('请先登录') or no/wrong X-CSRF-Token")
    def post(self, args):
        """Edit the caller's own profile: name (1–30), avatar_url (http(s) on an allowed host, or empty), region (≤ 20).
        The caller's stories are reindexed only when what they show of the author changed (name, avatar)."""
        user = _signed_in(403)
        return ok(edit_profile(user.id, args), msg="保存成功")


@blp.route("/v1/users/bindings")
class UserBindings(MethodView):
    @blp.response(200, envelope_of(BindingListSchema))
    @blp.alt_response(403, description="not signed in: '请先登录'")
    def get(self):
        """The accounts bound to the caller through the sign-in provider: provider, email, bound_at."""
        return ok(bindings(_signed_in(403).id))
