"""Writes the site's sound effects, static/sound/*.wav: short synthesised tones (8 kHz, 8-bit
mono, a few KB each), so that nothing is fetched from elsewhere and no recording's licence is
involved. Run it again after changing a sound: python scripts/make_sounds.py"""

import math
import random
import wave
from pathlib import Path

RATE = 8000
OUT = Path(__file__).resolve().parent.parent / "static" / "sound"


def tone(freq: float, seconds: float, volume: float = 0.5, slide: float = 0.0) -> list[float]:
    n = int(RATE * seconds)
    samples = []
    phase = 0.0
    for i in range(n):
        f = freq + slide * i / n
        phase += 2 * math.pi * f / RATE
        envelope = min(1.0, i / 80) * (1 - i / n) ** 1.5
        samples.append(volume * envelope * math.sin(phase))
    return samples


def clicks(count: int, seconds: float) -> list[float]:
    rng = random.Random(7)
    out: list[float] = []
    for _ in range(count):
        burst = int(RATE * 0.012)
        out += [rng.uniform(-0.6, 0.6) * (1 - i / burst) for i in range(burst)]
        out += [0.0] * int(RATE * seconds / count - burst)
    return out


SOUNDS = {
    "roll": clicks(5, 0.25),
    "place": tone(660, 0.09, 0.45),
    "bank": tone(523, 0.08) + tone(784, 0.14),
    "bust": tone(330, 0.35, 0.5, slide=-180),
    "clear": tone(523, 0.07) + tone(659, 0.07) + tone(784, 0.07) + tone(1047, 0.2),
    "fourway": tone(784, 0.07) + tone(988, 0.07) + tone(1175, 0.07) + tone(1568, 0.25),
    "ruin": tone(140, 0.3, 0.6, slide=-60),
    "end": tone(659, 0.12) + tone(523, 0.12) + tone(784, 0.3),
    "power": tone(400, 0.18, 0.4, slide=500),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, samples in SOUNDS.items():
        with wave.open(str(OUT / f"{name}.wav"), "wb") as f:
            f.setnchannels(1)
            f.setsampwidth(1)
            f.setframerate(RATE)
            f.writeframes(bytes(int(128 + 127 * max(-1.0, min(1.0, s))) for s in samples))


if __name__ == "__main__":
    main()
