#!/usr/bin/env python3
"""The reference renderer of SceneCompositionTests: rlottie (PyPI `rlottie-python`, rlottie 0.2).

    rlottie_render.py compare ANIMATION.json WIDTH HEIGHT FRAME:IMAGE.rgba [FRAME:IMAGE.rgba ...] [--save DIR]
        renders each FRAME of the animation (a frame of the composition, as `ip` and `op`
        count them) with rlottie at WIDTH x HEIGHT (each from a fresh load of the animation;
        rlottie counts frames from the in point) and compares it with
        IMAGE.rgba (straight RGBA8, rows from the top, as SceneCore's headless renderer reads
        back): both are composited over white, then one line per frame is printed,
        "FRAME MEAN SSIM": the mean absolute difference per channel (0-255) and the structural
        similarity of their luma (7x7 windows, the usual constants). --save writes both
        pictures as PPM files to DIR.
    rlottie_render.py dotlottie OUT.lottie NAME=FILE [NAME=FILE ...]
        writes a .lottie (zip) archive holding each FILE as entry NAME, deflated.
"""

import json
import sys
import zipfile

import numpy as np


def over_white_reference(animation, frame, width, height):
    raw = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    bgra = np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 4).astype(np.float64)
    # Premultiplied BGRA: colour + white * (1 - alpha).
    alpha = bgra[:, :, 3:4] / 255.0
    rgb = bgra[:, :, [2, 1, 0]] + 255.0 * (1.0 - alpha)
    return rgb


def over_white_ours(path, width, height):
    rgba = np.fromfile(path, dtype=np.uint8).reshape(height, width, 4).astype(np.float64)
    alpha = rgba[:, :, 3:4] / 255.0
    return rgba[:, :, :3] * alpha + 255.0 * (1.0 - alpha)


def box_mean(image, size):
    """The mean over each size x size window that fits (valid windows only)."""
    summed = np.cumsum(np.cumsum(np.pad(image, ((1, 0), (1, 0))), axis=0), axis=1)
    total = summed[size:, size:] - summed[:-size, size:] - summed[size:, :-size] + summed[:-size, :-size]
    return total / float(size * size)


def ssim(a, b, size=7):
    luma_a = a @ np.array([0.299, 0.587, 0.114])
    luma_b = b @ np.array([0.299, 0.587, 0.114])
    c1 = (0.01 * 255) ** 2
    c2 = (0.03 * 255) ** 2
    mean_a = box_mean(luma_a, size)
    mean_b = box_mean(luma_b, size)
    # Sample (co)variances over each window, as the usual implementation computes them.
    correction = size * size / (size * size - 1.0)
    var_a = (box_mean(luma_a * luma_a, size) - mean_a * mean_a) * correction
    var_b = (box_mean(luma_b * luma_b, size) - mean_b * mean_b) * correction
    cov = (box_mean(luma_a * luma_b, size) - mean_a * mean_b) * correction
    numerator = (2 * mean_a * mean_b + c1) * (2 * cov + c2)
    denominator = (mean_a * mean_a + mean_b * mean_b + c1) * (var_a + var_b + c2)
    return float(np.mean(numerator / denominator))


def write_ppm(path, rgb):
    height, width = rgb.shape[:2]
    with open(path, "wb") as out:
        out.write(b"P6 %d %d 255\n" % (width, height))
        out.write(np.clip(np.rint(rgb), 0, 255).astype(np.uint8).tobytes())


def compare(arguments):
    from rlottie_python import LottieAnimation

    save = None
    if "--save" in arguments:
        index = arguments.index("--save")
        save = arguments[index + 1]
        arguments = arguments[:index] + arguments[index + 2 :]
    path, width, height = arguments[0], int(arguments[1]), int(arguments[2])
    with open(path, encoding="utf-8") as source:
        document = source.read()
    in_point = json.loads(document).get("ip", 0)
    for pair in arguments[3:]:
        frame, image = pair.split(":", 1)
        # An animation of its own for each frame: rlottie 0.2 keeps some values of the first
        # frame an animation renders (an animated dash offset) in the frames it renders after.
        animation = LottieAnimation.from_data(document)
        reference = over_white_reference(animation, max(int(frame) - int(in_point), 0), width, height)
        ours = over_white_ours(image, width, height)
        mean = float(np.mean(np.abs(reference - ours)))
        print(f"{frame} {mean:.4f} {ssim(reference, ours):.5f}")
        if save:
            write_ppm(f"{save}/frame{frame}-rlottie.ppm", reference)
            write_ppm(f"{save}/frame{frame}-scenecore.ppm", ours)


def dotlottie(arguments):
    with zipfile.ZipFile(arguments[0], "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for pair in arguments[1:]:
            name, file = pair.split("=", 1)
            archive.write(file, name)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "compare":
        compare(sys.argv[2:])
    elif command == "dotlottie":
        dotlottie(sys.argv[2:])
    else:
        sys.exit(__doc__)
