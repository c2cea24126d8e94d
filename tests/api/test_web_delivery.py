"""Pages that arrive compressed and cached right (issue 12): the UI's precompressed files by
`Accept-Encoding`, immutable hashed assets, a `no-cache` HTML shell, compressed API JSON, and search
answers that carry each hit's payload once."""

from __future__ import annotations

import gzip
import json

import brotli
import pytest

from tests.support import data_of, info_of

SCRIPT = ("console.log('hub');\n" * 400).encode()
SHELL = (
    '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <title>AI 社区</title>\n'
    '    <script type="module" crossorigin src="/assets/index-AbCd12_-.js"></script>\n  </head>\n'
    '  <body><div id="root"></div></body>\n</html>\n'
)


@pytest.fixture()
def dist(tmp_path):
    """A built UI as `npm run build` leaves it: hashed assets with .br/.gz next to them."""
    folder = tmp_path / "dist"
    (folder / "assets").mkdir(parents=True)
    (folder / "index.html").write_text(SHELL, encoding="utf-8")
    script = folder / "assets" / "index-AbCd12_-.js"
    script.write_bytes(SCRIPT)
    (folder / "assets" / "index-AbCd12_-.js.br").write_bytes(brotli.compress(SCRIPT))
    (folder / "assets" / "index-AbCd12_-.js.gz").write_bytes(gzip.compress(SCRIPT))
    (folder / "favicon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    (folder / "assets" / "cover-Zz99Yy88.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(4000))
    return folder


@pytest.fixture()
def web(demo_stack, dist):
    return demo_stack.app(ui_dist=dist).test_client()


def get(client, path, encoding=None):
    headers = {"Accept-Encoding": encoding} if encoding is not None else {}
    return client.get(path, headers=headers)


def test_a_script_arrives_in_brotli_when_the_browser_takes_it(web):
    response = get(web, "/assets/index-AbCd12_-.js", "gzip, deflate, br, zstd")
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert "Accept-Encoding" in response.headers["Vary"]
    assert brotli.decompress(response.get_data()) == SCRIPT


def test_gzip_for_a_browser_without_brotli_and_plain_for_one_without_either(web):
    gzipped = get(web, "/assets/index-AbCd12_-.js", "gzip")
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(gzipped.get_data()) == SCRIPT
    refused = get(web, "/assets/index-AbCd12_-.js", "br;q=0, gzip;q=0.5")
    assert refused.headers["Content-Encoding"] == "gzip"
    plain = get(web, "/assets/index-AbCd12_-.js")
    assert "Content-Encoding" not in plain.headers
    assert plain.get_data() == SCRIPT
    assert "Accept-Encoding" in plain.headers["Vary"]  # a shared cache must not reuse it for a gzip client


def test_hashed_assets_are_immutable_for_a_year(web):
    for encoding in ("br", "gzip", None):
        cache = get(web, "/assets/index-AbCd12_-.js", encoding).headers["Cache-Control"]
        parts = {part.strip() for part in cache.split(",")}
        assert parts == {"public", "max-age=31536000", "immutable"}, cache


def test_other_public_files_get_a_short_max_age(web):
    cache = get(web, "/favicon.svg", "br").headers["Cache-Control"]
    parts = {part.strip() for part in cache.split(",")}
    assert parts == {"public", "max-age=3600"}, cache


def test_build_bookkeeping_is_not_served(web, dist):
    (dist / ".vite").mkdir()
    (dist / ".vite" / "manifest.json").write_text('{"index.html": {}}', encoding="utf-8")
    response = get(web, "/.vite/manifest.json")
    assert response.status_code == 404
    assert response.mimetype == "text/html"  # the SPA's 404 page, as for any unknown path


def test_pictures_are_never_compressed_again(web):
    response = get(web, "/assets/cover-Zz99Yy88.png", "gzip, br")
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers
    assert "immutable" in response.headers["Cache-Control"]


def test_the_html_shell_is_no_cache_and_compressed(web):
    response = get(web, "/view/1", "gzip")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert "index-AbCd12_-.js" in gzip.decompress(response.get_data()).decode()
    plain = get(web, "/view/1")
    assert "Content-Encoding" not in plain.headers and plain.headers["Cache-Control"] == "no-cache"


def test_api_json_is_compressed_by_accept_encoding(client):
    plain = get(client, "/api/v2/search?q=模型&size=20")
    compressed = get(client, "/api/v2/search?q=模型&size=20", "gzip, br")
    assert compressed.headers["Content-Encoding"] == "br"
    assert compressed.mimetype == "application/json"
    assert "Accept-Encoding" in compressed.headers["Vary"]
    body = brotli.decompress(compressed.get_data())
    assert json.loads(body) == plain.get_json()
    assert len(compressed.get_data()) < len(body) / 3
    gzipped = get(client, "/api/v2/search?q=模型&size=20", "gzip").get_data()
    assert gzip.decompress(gzipped) == body
    assert len(compressed.get_data()) <= len(gzipped)  # brotli is preferred, so it must not be the bigger one


def test_small_json_is_sent_as_is(client):
    response = get(client, "/api/v2/search/hotwords?type=hotwords", "gzip, br")
    assert response.status_code == 200
    assert len(response.get_data()) < 1024
    assert "Content-Encoding" not in response.headers


def test_search_hits_carry_their_payload_once(client):
    response = get(client, "/api/v2/search?q=模型&size=20")
    page = data_of(response)
    assert len(page["list"]) == 20
    for item in page["list"]:
        assert item["source"] == {}
        info = info_of(item)
        assert info["id"] == item["id"]
        others = [key for key in ("story_info", "event_info", "paper_info", "project_info") if item[key] is not None]
        assert others == [f"{item['type']}_info"]
    # 45 KB before (every payload twice); a single copy of 20 payloads stays well under 30 KB.
    assert len(response.get_data()) < 30_000, len(response.get_data())
