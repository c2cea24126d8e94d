"""POST /api/v1/uploads/image: a member's picture for a story or its cover (multipart field `file`),
checked and re-encoded as WebP (api/media/pictures.py), kept by the storage (api/media/storage.py);
answers its URL. A write: signed in, the CSRF header, the write rate limit."""

from __future__ import annotations

from flask import request
from flask.views import MethodView
from marshmallow import Schema, fields
from werkzeug.exceptions import RequestEntityTooLarge

from api.blueprint import HubBlueprint
from api.context import settings
from api.envelope import ApiError, envelope_of, ok
from api.media.pictures import MSG_EMPTY, reencode, too_large
from api.media.storage import LocalStorage
from api.services.access import require_user

blp = HubBlueprint("uploads", __name__, url_prefix="/api", description="Picture uploads")
FORM_OVERHEAD = 64 * 1024  # the multipart framing around the file


class UploadedSchema(Schema):
    url = fields.String(required=True, metadata={"description": "where the picture is served (WebP)"})
    width = fields.Integer(required=True)
    height = fields.Integer(required=True)


def storage() -> LocalStorage:
    conf = settings()
    return LocalStorage(conf.upload_dir, conf.upload_base_url)


@blp.route("/v1/uploads/image")
class UploadImage(MethodView):
    @blp.response(200, envelope_of(UploadedSchema))
    @blp.write_errors()
    @blp.alt_response(400, description="not a JPG/PNG/GIF/WebP picture, too large, or too many pixels (in Chinese)")
    def post(self):
        """Upload a picture (multipart/form-data, field `file`). Whatever its name or type says, it must
        read as JPEG, PNG, GIF or WebP within HUB_UPLOAD_MAX_BYTES and HUB_UPLOAD_MAX_PIXELS; it is
        re-encoded as WebP without its metadata, stored, and its URL answered."""
        require_user()
        conf = settings()
        request.max_content_length = conf.upload_max_bytes + FORM_OVERHEAD
        try:
            upload = request.files.get("file")
        except RequestEntityTooLarge as exc:  # the body alone is past the limit: said in the picture's words
            raise ApiError(413, too_large(conf.upload_max_bytes)) from exc
        if upload is None:
            raise ApiError(400, MSG_EMPTY)
        data = upload.read(conf.upload_max_bytes + 1)
        webp, width, height = reencode(data, conf.upload_max_bytes, conf.upload_max_pixels)
        store = storage()
        return ok({"url": store.url(store.save(webp, ".webp")), "width": width, "height": height})
