"""Settings for the CUBIRI site: one file, read from the environment through tiny helpers.

SQLite is the default so that a fresh clone runs at once; DATABASE_URL may name PostgreSQL.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

# Generic admin and queryset classes (ModelAdmin[Result]) at run time, as mypy sees them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool = False) -> bool:
    """A yes/no setting; a value that is neither (DEBUG=ture) stops the site with a clear error."""
    value = env(name, "1" if default else "0").strip().lower()
    if value not in TRUE_WORDS | FALSE_WORDS:
        raise ImproperlyConfigured(
            f"{name}={os.environ[name]!r} is not a yes/no value: use one of "
            f"{', '.join(sorted(TRUE_WORDS))} or {', '.join(sorted(FALSE_WORDS - {''}))}."
        )
    return value in TRUE_WORDS


def env_int(name: str, default: int) -> int:
    value = env(name, str(default)).strip()
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


def _secret_key() -> str:
    """SECRET_KEY from the environment, else the git-ignored file the setup command creates.

    Importing the settings never writes anything: `scripts/_setup.sh` makes the file once.
    """
    if key := env("SECRET_KEY"):
        return key
    path = Path(env("SECRET_KEY_FILE", str(BASE_DIR / ".secret_key")))
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if not key:
        raise ImproperlyConfigured(
            f"No SECRET_KEY: set the SECRET_KEY environment variable, or run `bash scripts/run` "
            f"(or `bash scripts/test`) once, which creates {path.name}."
        )
    return key


DEBUG = env_bool("DEBUG")
SECRET_KEY = _secret_key()
# Each daily challenge's seed is an HMAC of its day under this secret (games/core/daily/), so
# nobody can work it out ahead. Keep it stable and the same on every server: the fingerprints
# published for the coming days are derived from it.
DAILY_SECRET = env("DAILY_SECRET") or SECRET_KEY
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tasks_db",
    "games.core",
    "games.magdagdon",
    "games.mishimash",
    "games.ishido",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "games.core.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.core.security.SignInMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.core.security.RateLimitMiddleware",
    # Last: it answers a login attempt from a locked-out account or address (429).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "cubiri.urls"
WSGI_APPLICATION = "cubiri.wsgi.application"
ASGI_APPLICATION = "cubiri.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # Every template's {% url %} keeps what it reversed (games.core.templatetags.links).
            "builtins": ["games.core.templatetags.links"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.core.context_processors.site",
            ],
        },
    },
]

# SQLite tuned for a web server (see TOOLCHAIN.md): WAL, IMMEDIATE transactions so that a
# move's transaction takes the write lock at its start, a busy timeout, persistent connections.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}
if env("DATABASE_URL"):
    import dj_database_url

    DATABASES = {
        "default": dj_database_url.parse(
            env("DATABASE_URL"), conn_max_age=600, conn_health_checks=True
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": SQLITE_OPTIONS,
            "CONN_MAX_AGE": None,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def _caches(redis_url: str) -> dict[str, dict[str, Any]]:
    """What is kept between requests (login throttling, rate limits, anything cached) must be
    seen by every worker of every app server, so never process memory: Django's Redis cache
    when REDIS_URL is set (`pip install .[redis]`), else a table of the database, created by
    `manage.py createcachetable` (scripts/run does it)."""
    if redis_url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis_url,
            }
        }
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "cubiri_cache",
            # Kept hints (one per game version) live here too: more than the default 300.
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
    }


CACHES = _caches(env("REDIS_URL"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# A guest's session holds only the player's id, so it lives in a signed cookie: no database read
# on every move. SECRET_KEY signs it; the player's games outlive a browser restart for as long
# as the cookie does (two years). A signed-in session (staff, or a player who secured their
# nickname) is also recorded on the server as a SignIn row, checked on every request
# (games/core/security.py): signing out, a password change or "sign out other devices" deletes
# rows, and a copied cookie dies with its row. Staff sessions end after STAFF_IDLE of inactivity.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 730
SESSION_COOKIE_SAMESITE = "Lax"
STAFF_IDLE = timedelta(hours=env_int("STAFF_IDLE_HOURS", 2))
PLAYER_IDLE = timedelta(days=env_int("PLAYER_IDLE_DAYS", 60))

# HTTPS: SECURE_COOKIES=1 says the site is served over HTTPS (directly or behind a proxy that
# sets X-Forwarded-Proto, with PROXY_SSL_HEADER=1). Then cookies are Secure, plain HTTP is
# redirected and browsers are told to use HTTPS only (HSTS).
HTTPS = env_bool("SECURE_COOKIES")
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS and env_bool("SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 60 * 60 * 24 * 365) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", True)
if env_bool("PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# How many reverse proxies in front of the app append to X-Forwarded-For (0: use the peer's
# address). Login throttling and creation limits count per client address.
PROXY_COUNT = env_int("PROXY_COUNT", 0)

# Strict Content-Security-Policy: only our own scripts, styles and images; no inline script or
# style anywhere (htmx's indicator styles are in site.css, see base.html's htmx-config).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "worker-src": [CSP.SELF],  # the service worker, /sw.js (games.core.install)
    "manifest-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# Sent by games/core/security.py: the site uses none of these browser features.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), browsing-topics=()"
)

# Failed logins (admin and player sign-in, recovery codes) are counted in the database, so that
# every app server sees them: 5 failures for one account from one address lock that account for
# that address only (the owner elsewhere still signs in; that address still signs in to other
# accounts), and 20 failures from one address over all accounts lock that address; for
# AXES_COOLOFF_MINUTES, then the lock ends by itself (games.core.security.AxesHandler).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "games.core.accounts.recovery.RecoveryCodeBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_ADDRESS_FAILURE_LIMIT = env_int("AXES_ADDRESS_FAILURE_LIMIT", 20)
AXES_HANDLER = "games.core.security.AxesHandler"
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "games.core.security.client_address"
AXES_USERNAME_CALLABLE = "games.core.security.axes_username"
AXES_LOCKOUT_CALLABLE = "games.core.security.lockout_response"
AXES_VERBOSE = False

# Creating players and games is limited per client address and hour; the counts are rows in the
# database (games.core.accounts.models.CreationCount), so several app servers share them.
CREATION_LIMITS = {
    "player": env_int("PLAYERS_PER_HOUR", 30),
    "game": env_int("GAMES_PER_HOUR", 120),
    "review": env_int("REVIEWS_PER_HOUR", 20),  # analyses asked for (games.core.review.store)
}
# HINT runs the coach: at most so many hints a minute per player, and per client address (a
# family or a school behind one address shares it). Counted like the creations above; past
# either, a 429 with a message and nothing changed. A hint, once computed, is kept in the cache
# for HINT_KEEP_SECONDS (games.core.play.hint), so a reload or another tab costs no coach work.
HINT_LIMITS = {
    "player": env_int("HINTS_PER_MINUTE", 20),
    "address": env_int("HINTS_PER_ADDRESS_MINUTE", 60),
}
# ... and in a burst of HINT_BURST_SECONDS: a flood is refused within seconds, before the
# minute's limits let it spend a minute of coach work.
HINT_BURSTS = {
    "player": env_int("HINTS_PER_BURST", 5),
    "address": env_int("HINTS_PER_ADDRESS_BURST", 10),
}
HINT_BURST_SECONDS = env_int("HINT_BURST_SECONDS", 10)
HINT_KEEP_SECONDS = env_int("HINT_KEEP_SECONDS", 60 * 60)
# A link preview's picture (games.core.preview) is drawn once per game and kept; at most so many
# pictures not yet kept are drawn a minute per client address (past it: a 429).
PREVIEW_LIMIT = env_int("PREVIEWS_PER_ADDRESS_MINUTE", 30)

# "Try again" from a review (games.core.retry) runs the coach's analysis of one position: at
# most so many new choices valued a minute per client address (a choice asked again comes from
# the cache and is not counted); past it, a 429 with a message.
RETRY_LIMITS = {"address": env_int("RETRIES_PER_ADDRESS_MINUTE", 30)}
# A puzzle's answer (games.core.puzzles) runs the coach's analysis of one position and writes
# one attempt: at most so many answers a minute per client address; past it, a 429.
PUZZLE_LIMITS = {"address": env_int("PUZZLE_ANSWERS_PER_ADDRESS_MINUTE", 30)}

# Background work (a review's analysis, a replay's checkpoints): Django's tasks framework with
# django-tasks-db, its ORM backend, so the queue is the shared database (SQLite or PostgreSQL);
# `manage.py db_worker` runs it beside each app server (scripts/run starts one).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# At most this many reviews wait unfinished site-wide (a new one is refused with a 429), and at
# most this many are analysed at once, whatever the number of workers.
REVIEW_MAX_WAITING = env_int("REVIEW_MAX_WAITING", 50)
REVIEW_MAX_RUNNING = env_int("REVIEW_MAX_RUNNING", 2)
# A review left this long without progress by a worker that holds no lease is queued again by
# the page's next poll (its worker died: kill -9, a lost machine).
REVIEW_STALLED_SECONDS = env_int("REVIEW_STALLED_SECONDS", 20)
# Every finished game is analysed and mined for puzzles by the worker this long after its end
# (a review its player opens at once goes first), at a lower priority than reviews asked for.
PUZZLE_MINE_AFTER_SECONDS = env_int("PUZZLE_MINE_AFTER_SECONDS", 120)

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("hu", _("Hungarian")),
    ("sk", _("Slovak")),
    ("ar", _("Arabic")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["cubiri.formats"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 730
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_bool("PLAIN_STATIC")
            else "cubiri.storage.MinifiedStaticFilesStorage"
        )
    },
}

# Without collectstatic (development, tests) whitenoise finds the files where they are.
WHITENOISE_USE_FINDERS = DEBUG or env_bool("PLAIN_STATIC")
# Whitenoise's own table lacks .wav: the sounds would go out as application/octet-stream.
WHITENOISE_MIMETYPES = {".wav": "audio/wav"}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
}
