"""What tests/bench/busy.py runs in the bot's painter process (bot/chat/painter.py) for each board: the render, timed
there, and the floor beside it on the same process straight after (the encode of the very image, as shipped). Its
own small module: the painter imports it by name, and only render/ and Pillow come with it."""

from __future__ import annotations

import io
import time

from PIL import Image

from engines.core.contract import View
from render import kit
from render.registry import render
from tests.bench.common import encode_png

# The PNG; the render's wall and CPU time; the encode's; the wall time of all that followed the render (the
# decode and the encode: no part of the board's round trip).
Timed = tuple[bytes, float, float, float, float, float]


def measured(view: View) -> Timed:
    start, cpu = time.perf_counter(), time.thread_time()
    png = render(view)
    rendered = time.perf_counter()
    render_s, render_cpu = rendered - start, time.thread_time() - cpu
    img = Image.open(io.BytesIO(png))
    img.load()  # decoded first, not timed
    start, cpu = time.perf_counter(), time.thread_time()
    encode_png(img, kit.PNG_COMPRESS_LEVEL)
    end = time.perf_counter()
    return png, render_s, render_cpu, end - start, time.thread_time() - cpu, end - rendered
