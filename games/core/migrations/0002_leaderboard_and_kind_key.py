"""One word, one meaning: a game's `kind_key` names its GameKind, and `leaderboard` (no longer
"board") names the public ranking a game and its result belong to."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    operations = [
        migrations.RenameField("game", "kind", "kind_key"),
        migrations.RenameField("game", "board_key", "leaderboard"),
        migrations.RenameField("result", "kind", "kind_key"),
        migrations.RenameField("result", "board_key", "leaderboard"),
        migrations.AlterField(
            "game",
            "leaderboard",
            models.CharField(blank=True, max_length=30, verbose_name="leaderboard"),
        ),
        migrations.AlterField(
            "result", "leaderboard", models.CharField(max_length=30, verbose_name="leaderboard")
        ),
        migrations.RemoveIndex("game", "core_game_player__440ec5_idx"),
        migrations.RemoveIndex("result", "core_result_kind_fa7d14_idx"),
        migrations.RemoveIndex("result", "core_result_kind_ea8623_idx"),
        migrations.AddIndex(
            "game",
            models.Index(
                fields=["player", "kind_key", "status"], name="core_game_player__f7d49d_idx"
            ),
        ),
        migrations.AddIndex(
            "result",
            models.Index(
                fields=["kind_key", "leaderboard", "hidden", "-score"],
                name="core_result_kind_ke_934afb_idx",
            ),
        ),
        migrations.AddIndex(
            "result",
            models.Index(
                fields=["kind_key", "leaderboard", "hidden", "turns"],
                name="core_result_kind_ke_5e6d1c_idx",
            ),
        ),
    ]
