from django.urls import path

from games.core.install import views

urlpatterns = [
    path("app.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline/", views.offline, name="offline"),
]
