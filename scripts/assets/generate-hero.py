"""Draws the landing page's hero picture (a motor yacht at sea, in the theme colours) and writes it
as AVIF and WebP at the widths the page's srcset names.

How it was run (Python 3.11, Pillow 12 with its bundled AVIF and WebP encoders, numpy), from the
repository root, in a throwaway virtual environment that is not part of the project:

    python3 -m venv /tmp/imgvenv && /tmp/imgvenv/bin/pip install pillow numpy
    /tmp/imgvenv/bin/python scripts/assets/generate-hero.py

It writes public/images/hero-{640,1280,1920}.{avif,webp} (16:9), the portrait crop for narrow
portrait screens public/images/hero-portrait-{480,960}.{avif,webp} (9:16, the full height at 68%
across: the part of the scene that object-fit: cover and object-position: 68% 50% show on a phone,
the yacht in frame) and the Open Graph picture public/images/og-image.jpg (1200x630). The scene is
drawn at twice the largest width and scaled down, which anti-aliases the shapes; it is
deterministic (fixed random seed). The portrait crop came later (run with Python 3.12, Pillow 13):
the other files it writes are byte-identical to the first run's.
"""

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parents[2] / "public" / "images"
W, H = 3840, 2160  # drawn at 2x the largest output (16:9)
HORIZON = int(H * 0.6)
rng = np.random.default_rng(7)


def hex_rgb(value: str) -> np.ndarray:
    value = value.lstrip("#")
    return np.array([int(value[i : i + 2], 16) for i in (0, 2, 4)], dtype=np.float64)


def vertical_gradient(stops, height, width):
    """stops: [(position 0..1, '#rrggbb'), ...] -> float array (height, width, 3)."""
    ys = np.linspace(0, 1, height)
    positions = [p for p, _ in stops]
    colours = np.array([hex_rgb(c) for _, c in stops])
    column = np.stack([np.interp(ys, positions, colours[:, k]) for k in range(3)], axis=1)
    return np.repeat(column[:, None, :], width, axis=1)


# --- sky ---------------------------------------------------------------------------------------
sky = vertical_gradient(
    [(0.0, "#0b1d52"), (0.35, "#2f5e9e"), (0.7, "#6c91c2"), (0.92, "#bbdceb"), (1.0, "#e4eef3")],
    HORIZON,
    W,
)
# A low sun, right of centre, warming the haze around it.
sun_x, sun_y = W * 0.7, HORIZON * 0.8
yy, xx = np.mgrid[0:HORIZON, 0:W]
dist = np.hypot((xx - sun_x) / W, (yy - sun_y) / W)
glow = np.exp(-((dist / 0.16) ** 2))[..., None]
sky = sky * (1 - 0.55 * glow) + hex_rgb("#fff6e3") * 0.55 * glow
core = np.clip(1 - dist / 0.018, 0, 1)[..., None] ** 0.6
sky = sky * (1 - core) + hex_rgb("#fffdf6") * core

# --- sea ---------------------------------------------------------------------------------------
sea_h = H - HORIZON
sea = vertical_gradient(
    [(0.0, "#7fb3d6"), (0.08, "#3f7fb6"), (0.35, "#1b4a86"), (0.75, "#0c2260"), (1.0, "#060f33")],
    sea_h,
    W,
)
syy, sxx = np.mgrid[0:sea_h, 0:W]
# The sun's reflection: a soft column of light that widens towards the viewer.
spread = 0.03 + 0.12 * (syy / sea_h)
column = np.exp(-(((sxx - sun_x) / W / spread) ** 2)) * np.exp(-syy / (sea_h * 0.55))
sea = sea * (1 - 0.5 * column[..., None]) + hex_rgb("#f4e9d0") * 0.5 * column[..., None]

img = Image.fromarray(np.clip(np.vstack([sky, sea]), 0, 255).astype(np.uint8), "RGB")

# --- clouds: soft ellipses, blurred ------------------------------------------------------------
clouds = Image.new("L", (W, H), 0)
cd = ImageDraw.Draw(clouds)
for cx, cy, scale in [(0.18, 0.16, 1.0), (0.47, 0.1, 0.7), (0.86, 0.22, 0.85), (0.33, 0.34, 0.55)]:
    for _ in range(14):
        ox = rng.normal(0, 0.06) * W * scale
        oy = rng.normal(0, 0.012) * H * scale
        rx = rng.uniform(0.03, 0.07) * W * scale
        ry = rx * rng.uniform(0.25, 0.4)
        x, y = cx * W + ox, cy * H + oy
        cd.ellipse([x - rx, y - ry, x + rx, y + ry], fill=int(rng.uniform(70, 120)))
clouds = clouds.filter(ImageFilter.GaussianBlur(38))
img = Image.composite(Image.new("RGB", (W, H), (246, 249, 252)), img, clouds)

draw = ImageDraw.Draw(img, "RGBA")

# --- distant headlands, hazy -------------------------------------------------------------------
def headland(x0, x1, peak, colour):
    xs = np.linspace(x0, x1, 60)
    t = (xs - x0) / (x1 - x0)
    heights = peak * np.sin(np.pi * t) ** 0.7 * (1 + 0.08 * np.sin(t * 23) + 0.05 * np.sin(t * 57))
    points = [(x, HORIZON - h) for x, h in zip(xs, heights)] + [(x1, HORIZON + 2), (x0, HORIZON + 2)]
    draw.polygon(points, fill=colour)


headland(-200, W * 0.3, H * 0.07, (92, 126, 170, 255))
headland(W * 0.08, W * 0.42, H * 0.04, (112, 146, 186, 255))
headland(W * 0.86, W + 300, H * 0.05, (102, 136, 178, 255))

# --- waves: short light and dark strokes, denser and thinner near the horizon -------------------
for _ in range(3200):
    depth = rng.uniform(0, 1) ** 1.8  # 0 at the horizon, 1 at the bottom
    y = HORIZON + 6 + depth * (sea_h - 6)
    x = rng.uniform(-100, W + 100)
    length = (20 + 260 * depth) * rng.uniform(0.5, 1.4)
    thick = max(2, int(2 + 6 * depth))
    near_sun = np.exp(-(((x - sun_x) / W / (0.04 + 0.12 * depth)) ** 2))
    if rng.uniform() < 0.55:
        a = int(min(170, 22 + 55 * depth + 120 * near_sun))
        colour = (235, 244, 250, a)
    else:
        colour = (4, 14, 50, int(30 + 45 * depth))
    draw.line([(x, y), (x + length, y + rng.uniform(-2, 2))], fill=colour, width=thick)

# --- a small sailing boat in the distance -----------------------------------------------------
bx, by = W * 0.24, HORIZON + 40
draw.polygon([(bx - 70, by), (bx + 80, by), (bx + 58, by + 26), (bx - 52, by + 26)], fill=(18, 32, 78))
draw.polygon([(bx, by - 250), (bx, by - 8), (bx - 120, by - 8)], fill=(250, 250, 252))
draw.polygon([(bx + 8, by - 230), (bx + 8, by - 14), (bx + 95, by - 14)], fill=(225, 235, 244))
draw.line([(bx + 4, by - 262), (bx + 4, by)], fill=(40, 50, 80), width=5)

# --- the motor yacht ---------------------------------------------------------------------------
# Coordinates relative to the yacht's waterline at the bow side; the yacht heads right.
YX, YY, S = W * 0.5, HORIZON + sea_h * 0.42, 2.2


def P(x, y):
    return (YX + x * S, YY + y * S)


# Wake and foam first, so the hull sits on them.
wake = Image.new("L", (W, H), 0)
wd = ImageDraw.Draw(wake)
for i in range(40):
    t = i / 40
    x = -40 - t * 900
    spread_w = 20 + t * 260
    wd.ellipse(
        [P(x - 60, -6 - spread_w * 0.12)[0], P(0, -6 - spread_w * 0.12)[1],
         P(x + 60, 8 + spread_w * 0.25)[0], P(0, 8 + spread_w * 0.25)[1]],
        fill=int(235 * (1 - t) ** 1.2),
    )
wd.ellipse([P(530, -8)[0], P(0, -8)[1], P(640, 14)[0], P(0, 14)[1]], fill=200)  # bow wave
wake = wake.filter(ImageFilter.GaussianBlur(22))
img.paste(Image.new("RGB", (W, H), (238, 246, 251)), (0, 0), wake)
draw = ImageDraw.Draw(img, "RGBA")

# Reflection: a darker, blurred shape under the hull.
shadow = Image.new("L", (W, H), 0)
ImageDraw.Draw(shadow).polygon([P(-20, 6), P(600, 6), P(560, 60), P(20, 60)], fill=150)
shadow = shadow.filter(ImageFilter.GaussianBlur(30))
img.paste(Image.new("RGB", (W, H), (4, 12, 42)), (0, 0), shadow)
draw = ImageDraw.Draw(img, "RGBA")

WHITE, SHADE, NAVY, GLASS = (250, 251, 253), (214, 224, 236), (8, 20, 70), (14, 28, 66)
# Hull: a raked bow on the right, a flat transom on the left.
draw.polygon([P(0, -70), P(560, -70), P(690, -104), P(640, -30), P(560, 12), P(30, 12), P(0, -20)], fill=WHITE)
draw.polygon([P(0, -20), P(30, 12), P(560, 12), P(640, -30), P(652, -46), P(560, -14), P(20, -14)], fill=SHADE)
draw.polygon([P(0, -40), P(600, -40), P(664, -60), P(658, -52), P(600, -30), P(0, -30)], fill=NAVY)  # sheer stripe
for i in range(6):  # hull portholes
    cx = 250 + i * 42
    draw.ellipse([P(cx - 9, -58), P(cx + 9, -50)], fill=GLASS)
# Main deck superstructure.
draw.polygon([P(40, -70), P(40, -140), P(420, -146), P(520, -70)], fill=WHITE)
draw.polygon([P(70, -86), P(70, -128), P(400, -132), P(470, -86)], fill=GLASS)
draw.polygon([P(80, -96), P(80, -120), P(396, -124), P(450, -96)], fill=(38, 74, 128))  # sky in the glass
# Upper deck and flybridge.
draw.polygon([P(90, -146), P(100, -200), P(330, -204), P(400, -146)], fill=WHITE)
draw.polygon([P(130, -158), P(136, -190), P(320, -192), P(370, -158)], fill=GLASS)
draw.polygon([P(140, -165), P(144, -184), P(316, -186), P(352, -165)], fill=(44, 86, 140))
draw.polygon([P(120, -204), P(150, -228), P(290, -230), P(310, -204)], fill=SHADE)  # hardtop
# Radar arch and mast.
draw.polygon([P(170, -228), P(186, -280), P(206, -280), P(200, -228)], fill=WHITE)
draw.line([P(196, -280), P(196, -330)], fill=(220, 228, 238), width=8)
draw.ellipse([P(176, -292), P(236, -284)], fill=(200, 210, 226))
# Rails.
draw.line([P(420, -78), P(600, -88)], fill=(200, 212, 228), width=5)
draw.line([P(40, -150), P(90, -150)], fill=(200, 212, 228), width=5)

# Soft light from the sun on the sea around the boat.
img = img.filter(ImageFilter.GaussianBlur(1.2))

OUT.mkdir(parents=True, exist_ok=True)
for width, avif_q, webp_q in [(640, 64, 78), (1280, 60, 74), (1920, 58, 72)]:
    size = (width, width * 9 // 16)
    small = img.resize(size, Image.LANCZOS)
    small.save(OUT / f"hero-{width}.avif", quality=avif_q, speed=4)
    small.save(OUT / f"hero-{width}.webp", quality=webp_q, method=6)
    print(width, *(f"{(OUT / f'hero-{width}.{ext}').stat().st_size // 1024} KB" for ext in ("avif", "webp")))

# Narrow portrait screens: a phone's hero is about 9:16, and the 16:9 picture covering it had to be
# downloaded at 1920 px wide to stay sharp; the crop of what it shows is a third of those bytes.
crop_w = H * 9 // 16
left = round((W - crop_w) * 0.68)
portrait = img.crop((left, 0, left + crop_w, H))
for width, avif_q, webp_q in [(480, 64, 78), (960, 58, 72)]:
    small = portrait.resize((width, width * 16 // 9), Image.LANCZOS)
    small.save(OUT / f"hero-portrait-{width}.avif", quality=avif_q, speed=4)
    small.save(OUT / f"hero-portrait-{width}.webp", quality=webp_q, method=6)
    name = f"hero-portrait-{width}"
    print(name, *(f"{(OUT / f'{name}.{ext}').stat().st_size // 1024} KB" for ext in ("avif", "webp")))

# Open Graph / social preview: 1200x630, JPEG for the widest support among link unfurlers.
og_w, og_h = 1200, 630
scaled = img.resize((og_w, og_w * 9 // 16), Image.LANCZOS)
top = (scaled.height - og_h) // 2
scaled.crop((0, top, og_w, top + og_h)).save(OUT / "og-image.jpg", quality=80, optimize=True, progressive=True)
print("og-image.jpg", f"{(OUT / 'og-image.jpg').stat().st_size // 1024} KB")
