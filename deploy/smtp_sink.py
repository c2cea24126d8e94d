"""A local SMTP sink for development and tests: every message the sign-in provider sends (e-mail
verification, for one) is written to a folder as an .eml file instead of being delivered, so a person or
a browser test can open the verification link. Loopback only; never a relay.

    python deploy/smtp_sink.py PORT FOLDER        (deploy/smtp-sink.sh starts it)"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from aiosmtpd.controller import Controller


class Keep:
    """aiosmtpd's DATA hook: the message as received, one file each, named by arrival."""

    def __init__(self, folder: Path):
        self.folder = folder

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        name = f"{time.time_ns()}.eml"
        header = "".join(f"X-Sink-To: {rcpt}\r\n" for rcpt in envelope.rcpt_tos)
        body = envelope.original_content or envelope.content
        (self.folder / (name + ".part")).write_bytes(header.encode() + body)
        (self.folder / (name + ".part")).rename(self.folder / name)  # readers never see half a message
        return "250 kept"


def main() -> None:
    port, folder = int(sys.argv[1]), Path(sys.argv[2])
    folder.mkdir(parents=True, exist_ok=True)
    controller = Controller(Keep(folder), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"smtp sink: 127.0.0.1:{port} -> {folder}", flush=True)
    try:
        asyncio.new_event_loop().run_forever()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
