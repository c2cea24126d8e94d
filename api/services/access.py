"""Who may write: a signed-in caller for every write; the author or an editor (moderator) to edit or
delete a story. The server decides, whatever the client sends (the UI's can_editor / can_delete
come from the same rule in api/user_flags.py)."""

from __future__ import annotations

from api.envelope import MSG_FORBIDDEN, MSG_LOGIN_REQUIRED, MSG_NOT_FOUND, ApiError
from api.session_user import current_user
from store.models import Story, User

EDITOR = "editor"


def require_user() -> User:
    """The signed-in caller, or a 403 envelope `请先登录` (the UI sends the visitor to sign in)."""
    user = current_user()
    if user is None:
        raise ApiError(403, MSG_LOGIN_REQUIRED)
    return user


def is_editor(user: User) -> bool:
    return user.role == EDITOR


def is_author(user: User, story: Story) -> bool:
    return story.user_id is not None and story.user_id == user.id


def may_edit(user: User, story: Story) -> bool:
    return is_author(user, story) or is_editor(user)


def live_story(story: Story | None) -> Story:
    """The story unless it is unknown or deleted (404 `内容不存在`)."""
    if story is None or story.deleted_at is not None:
        raise ApiError(404, MSG_NOT_FOUND)
    return story


def forbid() -> ApiError:
    return ApiError(403, MSG_FORBIDDEN)


def require_editor() -> User:
    """403 `请先登录` signed out, 403 `没有权限` for anyone but an editor."""
    user = require_user()
    if not is_editor(user):
        raise forbid()
    return user


__all__ = ["forbid", "is_author", "is_editor", "live_story", "may_edit", "require_editor", "require_user"]
