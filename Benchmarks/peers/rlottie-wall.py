#!/usr/bin/env python3
"""rlottie (PyPI rlottie-python) playing the demo's composition-wall scene to buffers.

    rlottie-wall.py DIR [--players 20] [--size 167] [--seconds 6] [--warmup 2] [--rate 60]

DIR holds the compositions `demo-window export-compositions DIR` writes. Each of PLAYERS
players has its own animation, loaded from loader, check, bounce and orbit in turn (as the
scene places them; check plays back and forth, the rest loop), and at every tick of RATE a
second renders its frame at that time into a SIZE x SIZE buffer, as a player drawing with
rlottie would before showing it (shown here nowhere: a lower bound of such a player's work).
Prints one line: fps (ticks rendered a second), dropped (ticks that started more than a tick
late), process_cpu_ms_per_frame (all threads), rss_mb.
"""

import argparse
import os
import time

from rlottie_python import LottieAnimation

ORDER = [("loader", False), ("check", True), ("bounce", False), ("orbit", False)]


def frame_at(seconds, animation, back_and_forth):
    frames = animation.lottie_animation_get_totalframe()
    rate = animation.lottie_animation_get_framerate()
    position = int(seconds * rate)
    if not back_and_forth:
        return position % frames
    cycle = position % (2 * frames)
    return cycle if cycle < frames else 2 * frames - 1 - cycle


def rss_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--size", type=int, default=167)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--warmup", type=float, default=2)
    parser.add_argument("--rate", type=float, default=60)
    args = parser.parse_args()
    players = []
    for index in range(args.players):
        name, back_and_forth = ORDER[index % len(ORDER)]
        path = os.path.join(args.directory, name + ".json")
        players.append((LottieAnimation.from_file(path), back_and_forth))
    tick = 1.0 / args.rate
    start = time.monotonic()
    measured_from = start + args.warmup
    end = measured_from + args.seconds
    cpu_start = None
    frames = dropped = 0
    k = 0
    while True:
        target = start + k * tick
        now = time.monotonic()
        if target >= end:
            break
        if now < target:
            time.sleep(target - now)
        elif now - target > tick and target >= measured_from:
            dropped += 1
        if target >= measured_from and cpu_start is None:
            cpu_start = time.process_time()
        seconds = target - start
        for animation, back_and_forth in players:
            animation.lottie_animation_render(
                frame_num=frame_at(seconds, animation, back_and_forth), width=args.size, height=args.size)
        if target >= measured_from:
            frames += 1
        k += 1
    cpu = time.process_time() - (cpu_start or time.process_time())
    print(
        "fps=%.2f dropped=%d process_cpu_ms_per_frame=%.3f rss_mb=%.1f"
        % (frames / args.seconds, dropped, 1000.0 * cpu / max(frames, 1), rss_mb()))


if __name__ == "__main__":
    main()
