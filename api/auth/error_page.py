"""Sign-in is a browser navigation: when it fails (the provider down or refusing, a replayed callback, a
limit), the browser gets a page in Chinese with 重试 (a new sign-in that returns to the page the member
came from) and a way home, never the API's JSON."""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from flask import Response

from api.envelope import ApiError

PAGE = """<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>登录未完成</title>
<style>
body{{margin:0;font:15px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6fa;color:#1f2329}}
main{{max-width:420px;margin:12vh auto;padding:28px 24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.06);text-align:center}}
h1{{font-size:20px;margin:0 0 8px}}p{{margin:0 0 20px;color:#646a73}}
a{{display:inline-block;margin:0 6px;padding:8px 20px;border-radius:8px;text-decoration:none}}
.retry{{background:#4f46e5;color:#fff}}.home{{color:#4f46e5;border:1px solid #c7d2fe}}
</style></head>
<body><main><h1>登录未完成</h1><p>{message}</p>
<a class="retry" href="{retry}">重试</a><a class="home" href="{back}">返回</a></main></body></html>"""


def sign_in_error_page(error: ApiError, back: str) -> Response:
    """`back`: the page the member was on (already checked to be this site's)."""
    retry = "/auth/login?" + urlencode({"redirect_url": back})
    html = PAGE.format(message=escape(error.msg), retry=escape(retry), back=escape(back))
    response = Response(html, status=error.status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response


__all__ = ["sign_in_error_page"]
