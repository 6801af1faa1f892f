"""The MAGDAGDON build command, at a tiny scale: it trains every difficulty (NIGHTMARE by its
shipped steps) and writes tables the coach reads as it reads the shipped ones."""

from __future__ import annotations

import numpy as np

from games.rules.magdagdon import Difficulty
from training import build_magdagdon
from training.magdagdon_selfplay import NIGHTMARE_STEPS, SCHEDULE


def test_nightmares_steps_are_its_whole_schedule_in_order():
    stages = [stage for step in NIGHTMARE_STEPS for stage in step.stages]
    assert tuple(stages) == SCHEDULE[Difficulty.NIGHTMARE]
    assert [stage.seed for stage in stages] == list(range(5, 12))


def test_a_tiny_build_writes_every_difficulty_as_the_shipped_file_holds_it(tmp_path, capsys):
    out = tmp_path / "values.npz"
    build_magdagdon.main(["--scale", "0.0003", "--out", str(out)])
    assert "wrote" in capsys.readouterr().out
    with np.load(out) as built, np.load(build_magdagdon.DATA) as shipped:
        assert sorted(built.files) == sorted(shipped.files)
        for name in shipped.files:
            assert built[name].dtype == shipped[name].dtype == np.float32
            assert built[name].shape == shipped[name].shape
