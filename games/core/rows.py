"""Rows read and written in plain SQL on the paths every move and game page takes.

The ORM's QuerySet (and even Manager.raw) spends far more Python on a one-row SELECT than the
database spends on it. Here a statement is built once per database vendor from the models' own
table and column names, and a row becomes a model instance as the ORM makes it: each field's
database converters (JSON, datetimes, booleans), then `Model.from_db`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connection, connections, models

Converter = Callable[[Any, Any, Any], Any]
_STATEMENTS: dict[tuple[str, Any], str] = {}
# Converters are bound to a thread's connection (the ORM builds them per query from it).
_CONVERTERS: WeakKeyDictionary[
    Any, dict[type[models.Model], list[tuple[int, list[Converter], Any]]]
]
_CONVERTERS = WeakKeyDictionary()


def statement(key: Any, build: Callable[[], str]) -> str:
    """The SQL `build()` returns for this database vendor, built once per `key`."""
    full = (connection.vendor, key)
    sql = _STATEMENTS.get(full)
    if sql is None:
        sql = _STATEMENTS[full] = build()
    return sql


def field(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    found = model._meta.get_field(name)
    assert isinstance(found, models.Field)
    return found


def column(model: type[models.Model], name: str) -> str:
    """The quoted column of the model's field `name`."""
    return connection.ops.quote_name(str(field(model, name).column))


def table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def columns(model: type[models.Model]) -> str:
    """Every concrete column of the model, qualified by its table, in the order `build` reads."""
    name = table(model)
    return ", ".join(f"{name}.{column(model, f.name)}" for f in model._meta.concrete_fields)


def width(model: type[models.Model]) -> int:
    return len(model._meta.concrete_fields)


def build[M: models.Model](model: type[M], values: Sequence[Any]) -> M:
    """The instance of one row's values for `columns(model)`, as a QuerySet would build it."""
    wrapper = connections[DEFAULT_DB_ALIAS]
    kept = _CONVERTERS.get(wrapper)
    if kept is None:
        kept = _CONVERTERS[wrapper] = {}
    converters = kept.get(model)
    if converters is None:
        converters = kept[model] = _converters_of(model)
    row = list(values)
    for position, functions, col in converters:
        value = row[position]
        for convert in functions:
            value = convert(value, col, wrapper)
        row[position] = value
    return model.from_db(DEFAULT_DB_ALIAS, (), row)


def _converters_of(model: type[models.Model]) -> list[tuple[int, list[Converter], Any]]:
    found = []
    for position, field in enumerate(model._meta.concrete_fields):
        col = field.get_col(model._meta.db_table)
        functions = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if functions:
            found.append((position, functions, col))
    return found


def fetch_one(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else tuple(row)
