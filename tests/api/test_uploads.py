"""Picture uploads (issue 33): checked by content, limited in bytes and pixels, re-encoded as WebP without
metadata, stored under the upload folder and served; a bad file, a huge one, an SVG with a script and a
polyglot are each handled."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.support import data_of, error_of, sign_in, tiny_stack

MSG_NOT_A_PICTURE = "只能上传 JPG、PNG、GIF 或 WebP 图片"


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "uploads")


@pytest.fixture()
def app(stack, tmp_path):
    return stack.app(upload_dir=tmp_path / "uploads", upload_max_bytes=200_000)


def jpeg_with_gps(size=(320, 200)) -> bytes:
    picture = Image.new("RGB", size, (200, 60, 60))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x8825] = {2: (39.0, 54.0, 0.0)}  # GPSInfo: a latitude
    out = io.BytesIO()
    picture.save(out, "JPEG", exif=exif.tobytes())
    return out.getvalue()


def upload(client, data: bytes, name: str = "a.jpg", mimetype: str = "image/jpeg", headers=None):
    return client.post(
        "/api/v1/uploads/image",
        data={"file": (io.BytesIO(data), name, mimetype)},
        content_type="multipart/form-data",
        headers=headers or {},
    )


def test_a_picture_is_reencoded_without_metadata_stored_and_served(app, tmp_path):
    with app.test_client() as client:
        assert error_of(upload(client, jpeg_with_gps()), 403)["msg"] == "请先登录"
        headers = sign_in(client, 101)
        assert error_of(upload(client, jpeg_with_gps()), 403)  # no CSRF header
        original = jpeg_with_gps()
        assert b"PhoneMaker" in original
        answer = data_of(upload(client, original, headers=headers))
        assert answer["url"].startswith("/media/uploads/") and answer["url"].endswith(".webp")
        from api.schemas.writes import is_site_picture

        assert is_site_picture(answer["url"])  # a story's cover may be it
        assert (answer["width"], answer["height"]) == (320, 200)
        served = client.get(answer["url"])
        assert served.status_code == 200 and served.mimetype == "image/webp"
        assert "immutable" in served.headers["Cache-Control"]
        stored = Image.open(io.BytesIO(served.data))
        assert stored.format == "WEBP" and not stored.getexif() and b"PhoneMaker" not in served.data
        assert data_of(upload(client, original, headers=headers))["url"] == answer["url"]  # kept once
        assert len(list((tmp_path / "uploads").rglob("*.webp"))) == 1
        for bad in ("..%5c..%5chub.db", "not-a-hash.webp", answer["url"].rsplit("/", 1)[1] + ".png"):
            assert client.get(f"/media/uploads/{bad}").status_code == 404  # only names the store made


@pytest.mark.parametrize(
    ("data", "name", "mimetype"),
    [
        (b"just some text, named like a picture", "photo.jpg", "image/jpeg"),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
            "logo.png",
            "image/png",
        ),
        (b"<html><body><script>alert(1)</script></body></html>", "x.gif", "image/gif"),
        (jpeg_with_gps()[:300], "cut.jpg", "image/jpeg"),  # truncated
    ],
)
def test_what_is_not_a_picture_is_refused_whatever_its_name(app, data, name, mimetype):
    with app.test_client() as client:
        headers = sign_in(client, 101)
        assert error_of(upload(client, data, name, mimetype, headers), 400)["msg"] == MSG_NOT_A_PICTURE


def test_a_polyglot_keeps_only_its_pixels(app):
    """A real PNG with a script appended (it opens as a picture and as HTML): the stored file is a new WebP
    with none of the payload."""
    out = io.BytesIO()
    Image.new("RGB", (64, 64), (0, 128, 255)).save(out, "PNG")
    polyglot = out.getvalue() + b"<script>alert(document.domain)</script>"
    with app.test_client() as client:
        headers = sign_in(client, 101)
        answer = data_of(upload(client, polyglot, "p.png", "image/png", headers))
        served = client.get(answer["url"]).data
    assert b"<script" not in served and Image.open(io.BytesIO(served)).format == "WEBP"


def test_huge_files_and_pixel_bombs_are_refused(app):
    with app.test_client() as client:
        headers = sign_in(client, 101)
        import os

        for side, status in ((270, 400), (400, 413)):  # over the limit; over it by more than a form's framing
            noise = Image.frombytes("RGB", (side, side), os.urandom(side * side * 3))  # random: no compression
            out = io.BytesIO()
            noise.save(out, "PNG")
            assert len(out.getvalue()) > 200_000
            answer = error_of(upload(client, out.getvalue(), "big.png", "image/png", headers), status)
            assert answer["msg"] == "图片不能超过 195 KB"
        bomb = io.BytesIO()
        Image.new("1", (10_000, 10_000)).save(bomb, "PNG")  # a few KB, a hundred million pixels
        assert len(bomb.getvalue()) < 200_000
        refused = error_of(upload(client, bomb.getvalue(), "bomb.png", "image/png", headers), 400)
        assert refused["msg"] == "图片尺寸过大，请缩小后再上传"
