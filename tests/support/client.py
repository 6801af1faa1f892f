"""The suite's test client: CSRF enforced as in a browser, the token sent as our forms send it."""

from django.test import Client


class CsrfClient(Client):
    """A test client that enforces CSRF like a browser and sends the token like our forms do."""

    def __init__(self, **kwargs):
        super().__init__(enforce_csrf_checks=True, **kwargs)

    def token(self) -> str:
        if "csrftoken" not in self.cookies:
            self.get("/")
        return self.cookies["csrftoken"].value

    def post(self, path, data=None, *, htmx=False, **extra):
        data = dict(data or {})
        data.setdefault("csrfmiddlewaretoken", self.token())
        if htmx:
            extra.setdefault("headers", {})["HX-Request"] = "true"
        return super().post(path, data, **extra)
