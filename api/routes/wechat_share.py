"""POST /api/v1/other/wxshare: the WeChat JS-SDK signature a page asks for on every route change inside
WeChat. Its own blueprint with its own rate limit (per address): it is a page view's companion, not a
write, so it must not spend the 30-a-minute write budget; limited still, because a cache miss calls
WeChat's API."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.events import WxShareBody, WxShareSchema
from api.services.sharing import wx_share

blp = HubBlueprint("wechat_share", __name__, url_prefix="/api", description="WeChat sharing")


@blp.route("/v1/other/wxshare")
class WxShare(MethodView):
    @blp.arguments(WxShareBody)
    @blp.response(200, envelope_of(WxShareSchema))
    @blp.alt_response(429, description="rate limit: {code: 429, msg: '操作太频繁，请稍后再试'}")
    @blp.alt_response(404, description="not configured: {code: 404, msg: '微信分享未配置'}")
    @blp.alt_response(502, description="WeChat refused or unreachable: 微信接口调用失败，请稍后重试")
    def post(self, args):
        """WeChat JS-SDK configuration for a page of this site: {appId, nonceStr, timestamp, url, signature}.
        404 `微信分享未配置` when HUB_WECHAT_APP_ID / HUB_WECHAT_APP_SECRET are not set."""
        return ok(wx_share(args))
