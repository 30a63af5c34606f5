#!/usr/bin/env python3
"""Writes the pictures Qt Quick's feed (qtquick-feed.qml) shows into a folder: the eight 64x64
card pictures SceneCore's feed scene draws (FeedScene.pictures, the same formula, pixel for
pixel) and the card shadow as Qt users make it, a pre-blurred rounded rectangle drawn as a
BorderImage (Gaussian of 3 pixels, alpha 0.25, 18 pixels of margin around the card's corners).

    feed-assets.py FOLDER
"""
import struct
import sys
import zlib

import numpy as np


def write_png(path, rgba):
    height, width, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].astype(np.uint8).tobytes() for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def picture(index, count=8, side=64):
    hue = index / count

    def channel(offset):
        k = (hue * 6 + offset) % 6
        return int(255 * (0.85 - 0.6 * max(min(k, 4 - k, 1), 0)))

    base = (channel(5), channel(3), channel(1))
    image = np.zeros((side, side, 4))
    for y in range(side):
        for x in range(side):
            t = (x + y) / (2 * side)
            dx, dy = x - 31.5, y - 26
            in_disc = dx * dx + dy * dy < 18 * 18 or (y > 44 and dx * dx < (y - 40) * (y - 40) * 1.2)
            shade = 1.0 if in_disc else 0.55 + 0.35 * t
            image[y, x, :3] = [min(255, int(c * shade + (60 if in_disc else 0))) for c in base]
            image[y, x, 3] = 255
    return image


def shadow(margin=18, radius=12, core=8, sigma=3.0, alpha=0.25):
    side = 2 * margin + 2 * radius + core
    y, x = np.mgrid[0:side, 0:side] + 0.5
    lo, hi = margin + radius, side - margin - radius
    # Distance outside the rounded rectangle's core, less the radius: inside where <= 0.
    qx = np.maximum(np.maximum(lo - x, x - hi), 0)
    qy = np.maximum(np.maximum(lo - y, y - hi), 0)
    coverage = np.clip(radius - np.hypot(qx, qy) + 0.5, 0, 1)
    taps = np.arange(-int(3 * sigma) - 1, int(3 * sigma) + 2)
    kernel = np.exp(-taps**2 / (2 * sigma * sigma))
    kernel /= kernel.sum()
    blurred = np.apply_along_axis(lambda row: np.convolve(row, kernel, mode="same"), 0, coverage)
    blurred = np.apply_along_axis(lambda row: np.convolve(row, kernel, mode="same"), 1, blurred)
    image = np.zeros((side, side, 4))
    image[..., 3] = np.round(255 * alpha * blurred)
    return image


if __name__ == "__main__":
    folder = sys.argv[1]
    for index in range(8):
        write_png(f"{folder}/feed-picture-{index}.png", picture(index))
    write_png(f"{folder}/feed-shadow.png", shadow())
