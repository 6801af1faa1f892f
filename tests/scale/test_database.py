"""The database the run was promised is the one the tests use: `DATABASE_URL` wins over the
SQLite default (the PostgreSQL run of `scripts/test` relies on it)."""

import os

import pytest
from django.db import connection


@pytest.mark.django_db
def test_the_configured_database_is_used():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
