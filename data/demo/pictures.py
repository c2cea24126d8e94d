#!/usr/bin/env python3
"""Draws the demo pictures (data/demo/pictures/*.webp) that the demo corpus points at.

Run once; the output is committed (about 30 small WebP files), so `make run` shows varied covers,
event images and avatars without any outside host. A fixed seed makes the drawings repeatable.

    .venv/bin/python data/demo/pictures.py
"""

from __future__ import annotations

import colorsys
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent / "pictures"
SEED = 20261122
COVERS, EVENTS, AVATARS = 12, 8, 12
WIDE = (640, 360)
SQUARE = (160, 160)


def rgb(hue: float, sat: float, light: float) -> tuple[int, int, int]:
    r, g, b = colorsys.hls_to_rgb(hue % 1.0, light, sat)
    return int(r * 255), int(g * 255), int(b * 255)


def gradient(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int], angle: float
) -> Image.Image:
    """A linear gradient between two colours along `angle` (radians)."""
    w, h = size
    small = Image.new("RGB", (64, 36))
    dx, dy = math.cos(angle), math.sin(angle)
    for y in range(36):
        for x in range(64):
            t = ((x / 63 - 0.5) * dx + (y / 35 - 0.5) * dy) + 0.5
            t = min(1.0, max(0.0, t))
            small.putpixel((x, y), tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))
    return small.resize((w, h), Image.Resampling.BICUBIC)


def network(draw: ImageDraw.ImageDraw, rng: random.Random, size, colour) -> None:
    """Nodes and edges: a neural-network-like graph."""
    w, h = size
    layers = rng.randint(3, 5)
    nodes = []
    for i in range(layers):
        count = rng.randint(3, 6)
        x = w * (i + 1) / (layers + 1)
        nodes.append([(x, h * (j + 1) / (count + 1)) for j in range(count)])
    for left, right in zip(nodes, nodes[1:], strict=False):
        for a in left:
            for b in right:
                draw.line([a, b], fill=colour + (70,), width=2)
    for layer in nodes:
        for x, y in layer:
            draw.ellipse([x - 9, y - 9, x + 9, y + 9], fill=colour + (230,))


def waves(draw: ImageDraw.ImageDraw, rng: random.Random, size, colour) -> None:
    w, h = size
    for k in range(rng.randint(4, 7)):
        amp, freq, phase = rng.uniform(12, 40), rng.uniform(1.0, 3.0), rng.uniform(0, math.tau)
        base = h * (0.25 + 0.1 * k)
        points = [(x, base + amp * math.sin(freq * x / w * math.tau + phase)) for x in range(0, w + 8, 8)]
        draw.line(points, fill=colour + (150 - 15 * k,), width=3)


def bubbles(draw: ImageDraw.ImageDraw, rng: random.Random, size, colour) -> None:
    w, h = size
    for _ in range(rng.randint(8, 14)):
        r = rng.uniform(14, 70)
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour + (rng.randint(40, 110),))


def bars(draw: ImageDraw.ImageDraw, rng: random.Random, size, colour) -> None:
    """A bar chart rising to the right: benchmarks, trends."""
    w, h = size
    count = rng.randint(7, 11)
    step = w * 0.7 / count
    for i in range(count):
        top = h * (0.8 - 0.55 * (i + rng.uniform(0, 2)) / (count + 2))
        x = w * 0.15 + i * step
        draw.rounded_rectangle([x, top, x + step * 0.6, h * 0.82], radius=4, fill=colour + (200,))


def grid(draw: ImageDraw.ImageDraw, rng: random.Random, size, colour) -> None:
    """A pixel grid with some cells lit: tokens, attention maps."""
    w, h = size
    cell = rng.choice([24, 32, 40])
    for y in range(0, h, cell):
        for x in range(0, w, cell):
            if rng.random() < 0.35:
                draw.rectangle([x + 3, y + 3, x + cell - 3, y + cell - 3], fill=colour + (rng.randint(60, 200),))


def stage(draw: ImageDraw.ImageDraw, rng: random.Random, size, colour) -> None:
    """Spotlights over a stage and an audience: event pictures."""
    w, h = size
    for _ in range(3):
        x = rng.uniform(w * 0.2, w * 0.8)
        draw.polygon([(x, 0), (x - w * 0.18, h * 0.75), (x + w * 0.18, h * 0.75)], fill=colour + (45,))
    draw.rectangle([0, h * 0.75, w, h], fill=(20, 20, 30, 150))
    for i in range(18):
        x = (i + 0.5) * w / 18
        draw.ellipse([x - 11, h * 0.8, x + 11, h * 0.8 + 22], fill=(15, 15, 25, 220))


MOTIFS = [network, waves, bubbles, bars, grid]


def wide_picture(rng: random.Random, hue: float, motif, size=WIDE) -> Image.Image:
    base = gradient(size, rgb(hue, 0.55, 0.32), rgb(hue + 0.12, 0.6, 0.55), rng.uniform(0, math.pi))
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    motif(ImageDraw.Draw(layer), rng, size, rgb(hue + 0.5, 0.7, 0.75))
    layer = layer.filter(ImageFilter.GaussianBlur(0.6))
    return Image.alpha_composite(base.convert("RGBA"), layer).convert("RGB")


def avatar(rng: random.Random, hue: float, size=SQUARE) -> Image.Image:
    """A round friendly face in two tones: clearly a person, clearly not a real one."""
    w, h = size
    image = gradient(size, rgb(hue, 0.45, 0.78), rgb(hue + 0.08, 0.5, 0.62), math.pi / 2).convert("RGBA")
    draw = ImageDraw.Draw(image)
    skin = rgb(0.07 + rng.uniform(-0.02, 0.02), 0.45, rng.uniform(0.62, 0.8))
    hair = rgb(rng.uniform(0, 1), rng.uniform(0.1, 0.5), rng.uniform(0.12, 0.35))
    draw.ellipse([w * 0.18, h * 0.72, w * 0.82, h * 1.3], fill=rgb(hue + 0.5, 0.4, 0.45))  # shoulders
    draw.ellipse([w * 0.3, h * 0.2, w * 0.7, h * 0.68], fill=skin)  # face
    draw.chord([w * 0.27, h * 0.12, w * 0.73, h * 0.5], 180, 360, fill=hair)  # hair
    for eye in (0.42, 0.58):
        draw.ellipse([w * eye - 4, h * 0.43 - 4, w * eye + 4, h * 0.43 + 4], fill=(40, 40, 50))
    draw.arc([w * 0.42, h * 0.47, w * 0.58, h * 0.6], 20, 160, fill=(90, 50, 50), width=3)
    return image.convert("RGB")


def main() -> None:
    rng = random.Random(SEED)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.webp"):
        old.unlink()
    for i in range(COVERS):
        picture = wide_picture(rng, i / COVERS, MOTIFS[i % len(MOTIFS)])
        picture.save(OUT / f"cover-{i + 1:02d}.webp", quality=62, method=6)
    for i in range(EVENTS):
        picture = wide_picture(rng, 0.03 + i / EVENTS, stage)
        picture.save(OUT / f"event-{i + 1:02d}.webp", quality=62, method=6)
    for i in range(AVATARS):
        avatar(rng, i / AVATARS).save(OUT / f"avatar-{i + 1:02d}.webp", quality=70, method=6)
    total = sum(p.stat().st_size for p in OUT.glob("*.webp"))
    print(f"{len(list(OUT.glob('*.webp')))} pictures, {total / 1024:.0f} KiB in {OUT}")


if __name__ == "__main__":
    main()
