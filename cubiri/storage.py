"""Static files as served in production: our own stylesheets and scripts minified (rcssmin,
rjsmin) before whitenoise hashes and compresses them, so that a phone's first load stays
small. Comments stay in the sources; third-party files (htmx, the admin's) are left as they
come."""

from typing import Any

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

OURS = ("css/", "js/", "ishido/", "magdagdon/", "mishimash/")


def minified(name: str, text: str) -> str | None:
    """The minified text of one of our .css/.js files, or None for any other file."""
    if not name.startswith(OURS) or ".min." in name:
        return None
    if name.endswith(".css"):
        return str(rcssmin.cssmin(text))
    if name.endswith(".js"):
        return str(rjsmin.jsmin(text))
    return None


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name: str, content: Any) -> str:
        if name.endswith((".css", ".js")):
            content.seek(0)  # the hashed copy comes after its hash was read from the file
            raw = content.read()
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            small = minified(name.replace("\\", "/"), text)
            content = ContentFile((small if small is not None else text).encode("utf-8"))
        return str(super()._save(name, content))
