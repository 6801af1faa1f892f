"""What every page needs: the visitor's player and theme, the list of games, the language
switcher."""

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.core.kinds import all_kinds
from games.core.players import get_player
from games.core.preferences import themes

# Each language named in itself, as its speakers write it in a language menu (Django's own
# names say "slovensky", an adverb, and "العربيّة" with a vowel mark).
NATIVE_NAMES = {"en": "English", "hu": "Magyar", "sk": "Slovenčina", "ar": "العربية"}


def site(request: HttpRequest) -> dict[str, object]:
    return {
        # Lazy: a board partial that never shows the player costs no query (get_player caches
        # its answer on the request, for the theme too).
        "player": SimpleLazyObject(lambda: get_player(request)),
        # (chosen, next): the page is drawn in the chosen theme, so none other ever flashes.
        "theme": SimpleLazyObject(lambda: themes(get_player(request))),
        "game_kinds": all_kinds(),
        # Django's lazy name only for a language without its own (each costs a translation).
        "language_choices": [
            (code, NATIVE_NAMES.get(code) or str(name)) for code, name in settings.LANGUAGES
        ],
    }
