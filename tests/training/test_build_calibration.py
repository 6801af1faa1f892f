"""The values' calibration (training/build_calibration.py) on constructed self-play: fitted as
the shipped table is, it maps each decision's raw value onto what the coach's play realised."""

from training import build_calibration


def test_ishido_ratios_map_the_raw_values_onto_the_realised_scores():
    # two games: the playouts' values a third of what the coach went on to score, at every stone
    games = [
        {"final": 6000, "rows": [[k, 2000.0, 1500.0] for k in range(66, 1, -1)]},
        {"final": 3000, "rows": [[k, 1000.0, 750.0] for k in range(66, 1, -1)]},
    ]
    table = build_calibration.ishido_table(games)
    assert table["hint"]["40"] == 3.0 and table["review"]["40"] == 4.0
    assert {k for k in table["hint"]} >= {str(k) for k in range(2, 67)}


def test_magdagdon_offsets_are_the_mean_error_of_their_bin_of_empty_cells():
    games = [
        {"final": 400, "rows": [[16, 388.0, 388.0], [10, 396.0, 396.0], [2, 400.0, 400.0]]},
        {"final": 300, "rows": [[16, 292.0, 292.0], [10, 300.0, 300.0], [2, 302.0, 302.0]]},
    ]
    offsets = build_calibration.magdagdon_table(games)
    assert offsets["16"] == offsets["13"] == 10.0  # 12 and 8 low: 10 on average
    assert offsets["10"] == offsets["9"] == 2.0
    assert offsets["2"] == offsets["1"] == -1.0
