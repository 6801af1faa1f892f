"""The site's URLs with KEEP TWO mounted beside the three games (the test suite's only)."""

from django.urls import include, path

from cubiri.urls import urlpatterns as site
from tests.support.toy import views

toy = (
    [
        path("new/", views.new, name="new"),
        path("<int:game_id>/", views.play, name="play"),
        path("<int:game_id>/keep/", views.move, {"action": "keep"}, name="keep"),
        path("<int:game_id>/pass/", views.move, {"action": "pass"}, name="pass"),
    ],
    "toy",
)
urlpatterns = [path("toy/", include(toy)), *site]
