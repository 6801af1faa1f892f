"""The cache is shared by every worker of every app server: Redis when REDIS_URL is set, else
a table of the database; never the memory of one process."""

from cubiri.settings import _caches
from tests.support.servers import fresh_database, manage


def test_redis_url_selects_djangos_redis_cache():
    assert _caches("redis://cache.internal:6379/1") == {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://cache.internal:6379/1",
        }
    }


def test_without_redis_the_cache_is_a_database_table():
    assert _caches("")["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


def test_a_value_cached_by_one_process_is_read_by_another(tmp_path):
    with fresh_database(tmp_path) as env:
        write = "from django.core.cache import cache; cache.set('limit:203.0.113.9', 7, 60)"
        manage(env, "shell", "--no-imports", "-c", write)
        read = "from django.core.cache import cache; print(cache.get('limit:203.0.113.9'))"
        assert manage(env, "shell", "--no-imports", "-c", read).strip() == "7"
