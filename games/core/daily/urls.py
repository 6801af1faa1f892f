from datetime import date

from django.urls import path, register_converter

from games.core.daily import views


class IsoDate:
    """A day in the address as 2026-12-12."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> date:
        return date.fromisoformat(value)  # a ValueError (2026-02-30) is a 404

    def to_url(self, value: date) -> str:
        return value.isoformat()


register_converter(IsoDate, "isodate")

urlpatterns = [
    path("daily/", views.archive, name="daily_archive"),
    path("<slug:kind>/daily/", views.today, name="daily"),
    path("<slug:kind>/daily/<isodate:day>/", views.leaderboard, name="daily_leaderboard"),
    path("<slug:kind>/daily/<isodate:day>/practice/", views.practice, name="daily_practice"),
]
