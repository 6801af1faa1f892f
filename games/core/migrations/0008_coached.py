from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0007_daily"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="coached",
            field=models.BooleanField(default=False, verbose_name="coached"),
        ),
    ]
