"""Where uploaded pictures live, behind one small interface: `LocalStorage` keeps them under the data
directory (HUB_UPLOAD_DIR, default var/uploads) and names them by their content's hash, so the same picture
uploaded twice is stored once; their public URLs start with HUB_UPLOAD_BASE_URL (default /media/uploads,
served by the app; a CDN or an object store's bucket URL in a larger deployment). Another store (S3, OSS)
only has to implement `save` and `url`."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Protocol


class PictureStorage(Protocol):
    def save(self, data: bytes, suffix: str) -> str:
        """Keep `data`; answer its name."""

    def url(self, name: str) -> str: ...


class LocalStorage:
    def __init__(self, root: Path, public_base: str):
        self.root = Path(root)
        self.public_base = public_base.rstrip("/")

    def save(self, data: bytes, suffix: str) -> str:
        name = hashlib.sha256(data).hexdigest()[:32] + suffix
        target = self.root / name[:2] / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            # Durable before it is acknowledged: written to a temporary file, fsynced, renamed into place.
            fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".upload-")
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        return name

    def path(self, name: str) -> Path:
        return self.root / name[:2] / name

    def url(self, name: str) -> str:
        return f"{self.public_base}/{name}"


__all__ = ["LocalStorage", "PictureStorage"]
