"""An uploaded picture is taken only as what its bytes are, never what its name or type header says:
Pillow must read it as JPEG, PNG, GIF or WebP (an SVG, HTML or script is refused), within the byte and
pixel limits (a decompression bomb is refused before it is decoded), and it is re-encoded as WebP. The
new file holds only pixels: EXIF (GPS, camera), ICC profiles, comments and any bytes appended to the
original (a polyglot's payload) are gone. Animated GIFs keep their first frame."""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from api.envelope import ApiError

ACCEPTED = {"JPEG", "PNG", "GIF", "WEBP"}
MSG_NOT_A_PICTURE = "只能上传 JPG、PNG、GIF 或 WebP 图片"
MSG_TOO_LARGE = "图片不能超过 {size}"
MSG_TOO_MANY_PIXELS = "图片尺寸过大，请缩小后再上传"
MSG_EMPTY = "请选择图片"
LONGEST_SIDE = 2400  # pixels kept on the longer side: more than any page shows
WEBP_QUALITY = 82


def too_large(limit: int) -> str:
    size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
    return MSG_TOO_LARGE.format(size=size)


def reencode(data: bytes, max_bytes: int, max_pixels: int) -> tuple[bytes, int, int]:
    """(WebP bytes, width, height) of the picture in `data`, or ApiError(400) with the reason in Chinese."""
    if not data:
        raise ApiError(400, MSG_EMPTY)
    if len(data) > max_bytes:
        raise ApiError(400, too_large(max_bytes))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            probe = Image.open(io.BytesIO(data))
            if probe.format not in ACCEPTED:
                raise ApiError(400, MSG_NOT_A_PICTURE)
            if probe.width * probe.height > max_pixels:
                raise ApiError(400, MSG_TOO_MANY_PIXELS)
            probe.verify()  # a truncated or corrupt file fails here, before decoding
            picture = Image.open(io.BytesIO(data))
            picture.load()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
        raise ApiError(400, MSG_TOO_MANY_PIXELS) from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ApiError(400, MSG_NOT_A_PICTURE) from exc
    picture = ImageOps.exif_transpose(picture)  # upright as the camera meant, before EXIF goes
    picture = picture.convert("RGBA" if picture.mode in ("RGBA", "LA", "P") else "RGB")
    picture.thumbnail((LONGEST_SIDE, LONGEST_SIDE))
    out = io.BytesIO()
    picture.save(out, "WEBP", quality=WEBP_QUALITY, method=4)  # no exif/icc passed: none written
    return out.getvalue(), picture.width, picture.height


__all__ = ["reencode", "too_large"]
