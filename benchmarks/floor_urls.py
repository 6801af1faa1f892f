"""The site's URLs plus `/floor/`: the cheapest view Django can serve, for the benchmarks."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from cubiri.urls import urlpatterns as site


def floor(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


urlpatterns = [path("floor/", floor), *site]
