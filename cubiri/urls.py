"""The site's URLs: the shared pages, one include per game, the admin and language switching."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.core.urls")),
    path("magdagdon/", include("games.magdagdon.urls")),
    path("mishimash/online/", include("games.mishimash.online.urls")),
    path("mishimash/", include("games.mishimash.urls")),
    path("ishido/", include("games.ishido.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
