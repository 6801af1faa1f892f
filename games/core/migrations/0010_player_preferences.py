from django.db import migrations, models


class Migration(migrations.Migration):
    """Player.settings is now Player.preferences (Django's settings are the only "settings");
    the column keeps its name, so nothing in the database changes."""

    dependencies = [("core", "0009_review")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("player", "settings", "preferences"),
                migrations.AlterField(
                    model_name="player",
                    name="preferences",
                    field=models.JSONField(
                        blank=True, db_column="settings", default=dict, verbose_name="settings"
                    ),
                ),
            ],
            database_operations=[],
        )
    ]
