"""Players, stored games with their ordered actions, and leaderboard results.

A game is stored so that it can always be replayed: its secret seed, its options and the
ordered list of accepted actions rebuild every state through the rules package. The snapshot,
the random generator's state and the version are a cache for speed and the lock for races.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from collections.abc import Iterable, Iterator
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any, cast

from django.apps import apps
from django.db import IntegrityError, connection, models, transaction
from django.db.models import F, Window
from django.db.models.functions import RowNumber
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core import clock, rows
from games.core.kinds import GameKind, ResultFields, get_kind

_MT_WORDS = 625  # Mersenne Twister state: 624 words plus the position


def pack_rng(rng: random.Random) -> bytes:
    version, internal, gauss_next = rng.getstate()
    assert version == 3 and gauss_next is None and len(internal) == _MT_WORDS
    return struct.pack(f"<{_MT_WORDS}I", *internal)


def unpack_rng(data: bytes) -> random.Random:
    rng = random.Random(0)  # seeded cheaply: setstate replaces it all
    rng.setstate((3, struct.unpack(f"<{_MT_WORDS}I", bytes(data)), None))
    return rng


class StoredRandom:
    """A game's generator as the rules see it, unpacked from its stored state only when they
    first reach for it: most moves (a stone placed, a die staged) draw nothing, and then the
    stored state stays as it is, neither unpacked nor packed nor written again."""

    __slots__ = ("_data", "unpacked")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self.unpacked: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self.unpacked is None:
            self.unpacked = unpack_rng(self._data)
        return getattr(self.unpacked, name)


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class Player(models.Model):
    """A visitor, bound to their session; nobody signs up."""

    nickname = models.CharField(_("nickname"), max_length=24, blank=True)
    banned = models.BooleanField(
        _("banned"), default=False, help_text=_("All results of a banned player are hidden.")
    )
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    # Remembered choices (sound, a game's last settings): see games.core.preferences.
    # The column keeps its first name ("settings"): a rename of the field, not of the data.
    preferences = models.JSONField(_("settings"), default=dict, blank=True, db_column="settings")

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        return self.nickname or _("Player %(number)d") % {"number": self.pk}

    @property
    def is_secured(self) -> bool:
        """Whether the nickname is protected by a password (an Account), not a guest's."""
        return hasattr(self, "account")

    def secured_before(self, moment: datetime) -> bool:
        """Whether the nickname was secured (its Account made) before `moment`."""
        accounts = apps.get_model("core", "Account").objects
        return bool(accounts.filter(player_id=self.pk, created_at__lt=moment).exists())

    def ban(self) -> None:
        with transaction.atomic():
            Player.objects.filter(pk=self.pk).update(banned=True)
            self.results.all().set_hidden(True)
        self.banned = True


class StaleVersion(Exception):
    """The move was made on a board that is no longer the current one."""


class GameOver(Exception):
    """The game has ended; no more moves."""


class Game(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    kind_key = models.CharField(_("game"), max_length=20, db_index=True)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="games", verbose_name=_("player")
    )
    options = models.JSONField(_("options"), default=dict)
    leaderboard = models.CharField(_("leaderboard"), max_length=30, blank=True)
    seed = models.CharField(_("seed"), max_length=64, editable=False)
    seed_hash = models.CharField(_("seed SHA-256"), max_length=64, editable=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    snapshot = models.JSONField(_("snapshot"), default=dict)
    rng_state = models.BinaryField(editable=False)
    created_at = models.DateTimeField(_("started"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    finished_at = models.DateTimeField(_("ended"), null=True, blank=True)
    # The UTC day of the daily challenge this game plays (games.core.daily); None for the rest.
    day = models.DateField(_("daily challenge"), null=True, blank=True)
    # A hint was shown (games.core.play.hint): the game stays in its player's records but is
    # never ranked (its Result row is hidden for good, see Game._record_result).
    coached = models.BooleanField(_("coached"), default=False)
    # A how-to-play (games.core.tutorial): a guided first turn on the kind's public deal. It
    # ranks nowhere, never counts as a daily or in stats, and runs beside the player's game.
    tutorial = models.BooleanField(_("how-to-play"), default=False)

    owner_user_id: int | None = None  # set by Game.find: the account's user, if secured

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [models.Index(fields=["player", "kind_key", "status"])]
        constraints = [  # one ranked attempt per player, game and day: two racing tabs make one
            models.UniqueConstraint(
                fields=["player", "kind_key", "day"],
                condition=models.Q(day__isnull=False) & ~models.Q(leaderboard=""),
                name="one_ranked_daily",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind_key} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse(f"{self.kind_key}:play", args=[self.pk])

    # --- starting ----------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        player: Player,
        kind: GameKind,
        options: Any,
        seed: str | None = None,
        *,
        day: date | None = None,
        leaderboard: str | None = None,
        tutorial: bool = False,
    ) -> Game:
        """Deal a new game (abandoning the player's running game of that kind).

        `seed` is for tests and recorded games; players always get a fresh secret one. A daily
        challenge (`day`, its seed and `leaderboard` from games.core.daily) abandons nothing; a
        how-to-play (`tutorial`, on the kind's public seed) abandons only an earlier one.
        """
        seed = seed or secrets.token_hex(32)
        rng = random.Random(seed)
        state = kind.new_state(options, rng)
        if tutorial:
            leaderboard = ""
        with transaction.atomic():
            now = timezone.now()
            if day is None:
                running = cls.objects.filter(
                    player=player, kind_key=kind.key, status=cls.Status.ACTIVE, day=None
                )
                if tutorial:
                    running = running.filter(tutorial=True)
                running.update(status=cls.Status.ABANDONED, finished_at=now)
            game = cls.objects.create(
                kind_key=kind.key,
                player=player,
                options=options.to_dict(),
                leaderboard=kind.leaderboard(options) if leaderboard is None else leaderboard,
                day=day,
                tutorial=tutorial,
                seed=seed,
                seed_hash=seed_hash(seed),
                snapshot=kind.dump_state(state),
                rng_state=pack_rng(rng),
            )
            if kind.is_finished(state):
                game._finish(kind, state, now)
        return game

    # --- reading -----------------------------------------------------------------------------
    @classmethod
    def find(cls, game_id: int, kind_key: str, player_id: int) -> Game | None:
        """The player's game of that kind, read for a move or a page, with its player and
        `owner_user_id`: the user of the player's account once the nickname is secured (None
        for a guest, whose player is then known to have no account). One SELECT in plain SQL
        (games.core.rows): that is on every move and game page."""
        found = rows.fetch_one(
            rows.statement("Game.find", _find_sql), [game_id, kind_key, player_id]
        )
        if found is None:
            return None
        games, players = rows.width(cls), rows.width(Player)
        game = rows.build(cls, found[:games])
        player = rows.build(Player, found[games : games + players])
        game.owner_user_id = found[-1]
        if game.owner_user_id is None:  # no account: `is_secured` needs no query
            Player.account.related.set_cached_value(player, None)
        cls.player.field.set_cached_value(game, player)
        return game

    @property
    def kind(self) -> GameKind:
        return get_kind(self.kind_key)

    @property
    def state(self) -> Any:
        """The current state, read from the snapshot once per loaded row."""
        cached = getattr(self, "_cached_state", None)
        if cached is None or getattr(self, "_cached_state_version", None) != self.version:
            cached = self._cached_state = self.kind.load_state(self.snapshot)
            self._cached_state_version = self.version
        return cached

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def seed_revealed(self) -> bool:
        """Once the game has ended; a daily challenge's only once its UTC day is over too (every
        player of the day shares the seed)."""
        ended = self.status != self.Status.ACTIVE
        return ended and (self.day is None or self.day < clock.today())

    def replay_url(self) -> str:
        return reverse("core:replay", args=[self.pk])

    def replay_states(self) -> Iterator[Any]:
        """The state after each accepted action, from the seed: the 0th is the opening."""
        kind = self.kind
        options = kind.options_from_dict(self.options)
        rng = random.Random(self.seed)
        state = kind.new_state(options, rng)
        yield state
        for action in self.actions.order_by("number"):
            state = kind.apply(state, kind.action_from_dict(action.payload), rng)
            yield state

    # --- writing a move ----------------------------------------------------------------------
    def apply_action(self, action: Any, expected_version: int) -> Any:
        """Apply one action at `expected_version`; return the new state.

        Raises StaleVersion (someone moved first), GameOver, or the rules' IllegalMove;
        in each case nothing is written.

        The rules run on this row as it was loaded, outside any lock; the write is one
        transaction whose UPDATE only matches the row if it is still active at
        `expected_version` (optimistic concurrency). Of two racing requests at the same version
        exactly one matches; the other writes nothing and gets StaleVersion. The write lock is
        held for three short statements, never while the rules or a template run.
        """
        # A move made on an old board is stale even when the game has ended since: a double tap
        # on the last move is answered with the final board, not with "this game has ended".
        if self.version != expected_version:
            raise StaleVersion
        if self.status != Game.Status.ACTIVE:
            raise GameOver
        kind = self.kind
        rng = StoredRandom(bytes(self.rng_state))
        state = kind.apply(self.state, action, cast(random.Random, rng))
        version = expected_version + 1
        now = timezone.now()
        changes: dict[str, Any] = {
            "version": version,
            "snapshot": kind.dump_state(state),
            "updated_at": now,
        }
        if rng.unpacked is not None:
            changes["rng_state"] = pack_rng(rng.unpacked)
        finished = kind.is_finished(state)
        if finished:
            changes |= {"status": Game.Status.FINISHED, "finished_at": now}
        with transaction.atomic():
            if not _update_if_current(self.pk, expected_version, changes):
                latest = Game.objects.values_list("version", flat=True).get(pk=self.pk)
                raise StaleVersion if latest != expected_version else GameOver
            _insert_action(self.pk, version, action.to_dict(), now)
            if version % CHECKPOINT_EVERY == 0:
                Checkpoint.objects.create(
                    game_id=self.pk,
                    number=version,
                    snapshot=changes["snapshot"],
                    rng_state=changes.get("rng_state", bytes(self.rng_state)),
                )
            if finished:
                self._record_result(kind, state, now)
                from games.core.puzzles.tasks import queue_finished

                queue_finished(self)  # analysed and mined later by the worker, never here
        for field, value in changes.items():  # only once the write has committed
            setattr(self, field, value)
        self._cached_state, self._cached_state_version = state, self.version
        return state

    def _finish(self, kind: GameKind, state: Any, when: Any) -> None:
        self.status = Game.Status.FINISHED
        self.finished_at = when
        if self.pk:
            Game.objects.filter(pk=self.pk).update(status=self.status, finished_at=when)
        self._record_result(kind, state, when)

    def _record_result(self, kind: GameKind, state: Any, when: Any) -> None:
        """The finished game's row for the records and leaderboards (if its kind ranks it)."""
        fields = self.result_fields(state, when)
        if fields is not None:
            # Read in the move's transaction, after its UPDATE locked the row: a hint shown in
            # another tab a moment ago counts (games.core.play.hint marks only active games).
            coached = (
                self.coached
                or self.pk is not None
                and bool(Game.objects.filter(pk=self.pk, coached=True).exists())
            )
            Result.objects.create(
                game=self,
                kind_key=self.kind_key,
                player=self.player,
                nickname=self.player.display_name,
                hidden=self.player.banned or coached,
                finished_at=when,
                **fields.__dict__,
            )

    def result_fields(
        self, state: Any, when: datetime, *, secured_only: bool = True
    ) -> ResultFields | None:
        """The leaderboard row of this game finished at `when` in `state` (None: unranked).

        A daily challenge ranks on its day's board only, never on the game's usual boards (its
        deal is shared, so it would count twice and could be studied), only when finished
        within its UTC day (after it the seed is public), and only for a nickname secured
        before that day began: a guest, or a nickname secured after seeing the day's deal,
        cannot multiply attempts (games.core.daily). A practice replay ranks nowhere, and nor
        does a how-to-play (its deal is public).
        `secured_only=False` leaves that last rule out (verify_games: a guest's daily ranked
        before the rule is checked against its replay like any other result).
        """
        if self.tutorial:
            return None
        kind = self.kind
        fields = kind.result(state, kind.options_from_dict(self.options))
        if fields is None or self.day is None:
            return fields
        if not self.leaderboard or when.astimezone(UTC).date() > self.day:
            return None
        if secured_only and not self.player.secured_before(clock.day_start(self.day)):
            return None
        return replace(fields, leaderboard=self.leaderboard)


class Action(models.Model):
    """One accepted action of a game; (game, number) is unique, so no move is ever doubled."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_action_per_number")
        ]
        ordering = ["game", "number"]

    def __str__(self) -> str:
        return f"{self.game} · {self.number}"


# A replay page starts from the last checkpoint at or before its step (games.core.review.replays):
# a move whose number is a multiple of this stores one, in its transaction (one INSERT every
# CHECKPOINT_EVERY moves).
CHECKPOINT_EVERY = 50


class Checkpoint(models.Model):
    """A game's state and dice after action `number`, every CHECKPOINT_EVERY actions: what a
    replay page starts from, so that it never replays the game from the seed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="checkpoints")
    number = models.PositiveIntegerField()
    snapshot = models.JSONField()
    rng_state = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_checkpoint_per_number")
        ]

    def __str__(self) -> str:
        return f"checkpoint {self.number} of {self.game_id}"


# Every GameKind.ranking in use (tests/scale checks that each registered kind's is here): each
# gets the indexes that read its boards in order (Result.Meta.indexes).
RANKED_ORDERS = {
    "score_stones": ("-score", "stones_left", "finished_at"),
    "score_powers": ("-score", "powers_used", "turns", "finished_at"),
    "turns_score": ("turns", "-score", "finished_at"),
}


def _find_sql() -> str:
    account = apps.get_model("core", "Account")
    game, player, accounts = rows.table(Game), rows.table(Player), rows.table(account)
    owner, owned = (rows.column(account, name) for name in ("user", "player"))
    key, games_player = rows.column(Player, "id"), rows.column(Game, "player")
    where = " AND ".join(
        f"{game}.{rows.column(Game, name)} = %s" for name in ("id", "kind_key", "player")
    )
    return (
        f"SELECT {rows.columns(Game)}, {rows.columns(Player)}, {accounts}.{owner} FROM {game} "
        f"INNER JOIN {player} ON {player}.{key} = {game}.{games_player} "
        f"LEFT OUTER JOIN {accounts} ON {accounts}.{owned} = {game}.{games_player} WHERE {where}"
    )


# --- the move path's two writes, in plain SQL ------------------------------------------------
# A move is one UPDATE (only if the game is still active at the expected version) and one
# INSERT. Through the ORM's update() and create() they cost about 250 µs of Python a move, a
# tenth of a move's server time; as SQL built once from the models' own table and column names
# (games.core.rows), with each value prepared by its model field (JSON, bytes, datetimes: the
# same on SQLite and PostgreSQL), about 50 µs.

_ACTION_FIELDS = ("game", "number", "payload", "created_at")


def _update_if_current(game_id: int, version: int, changes: dict[str, Any]) -> bool:
    """UPDATE the game's `changes` if it is active at `version`; whether it matched."""
    names = tuple(changes)
    sql = rows.statement(("Game.update", names), lambda: _update_sql(names))
    values = [rows.field(Game, name).get_db_prep_save(changes[name], connection) for name in names]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, game_id, version, Game.Status.ACTIVE.value])
        return bool(cursor.rowcount == 1)


def _update_sql(names: tuple[str, ...]) -> str:
    assignments = ", ".join(f"{rows.column(Game, name)} = %s" for name in names)
    where = " AND ".join(f"{rows.column(Game, n)} = %s" for n in ("id", "version", "status"))
    return f"UPDATE {rows.table(Game)} SET {assignments} WHERE {where}"


def _insert_action(game_id: int, number: int, payload: dict[str, Any], when: Any) -> None:
    sql = rows.statement("Action.insert", _insert_sql)
    values = [
        game_id,
        number,
        rows.field(Action, "payload").get_db_prep_save(payload, connection),
        rows.field(Action, "created_at").get_db_prep_save(when, connection),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


def _insert_sql() -> str:
    names = ", ".join(rows.column(Action, name) for name in _ACTION_FIELDS)
    return f"INSERT INTO {rows.table(Action)} ({names}) VALUES (%s, %s, %s, %s)"


class ResultQuerySet(models.QuerySet["Result"]):
    def visible(self) -> ResultQuerySet:
        return self.filter(hidden=False)

    def set_hidden(self, hidden: bool) -> int:
        """Hide (or show again) these results; the sizes of their leaderboards follow. A
        coached game's result is never shown again: a hint was used in it."""
        rows = self if hidden else self.exclude(game__coached=True)
        with transaction.atomic():
            touched = set(rows.values_list("kind_key", "leaderboard").distinct())
            players = set(rows.values_list("player_id", "kind_key", "leaderboard").distinct())
            count = rows.update(hidden=hidden)
            for player_id, kind_key, leaderboard in players:
                Result.objects.refresh_best(player_id, kind_key, leaderboard)
            LeaderboardSize.recount(touched, rebuild=False)
        return count

    def ranked(self, kind: GameKind, leaderboard: str) -> ResultQuerySet:
        """The visible rows of one leaderboard, best first."""
        return (
            self.visible()
            .filter(kind_key=kind.key, leaderboard=leaderboard)
            .order_by(*kind.ranking)
        )

    def best_each(self, kind: GameKind, leaderboard: str) -> ResultQuerySet:
        """Each player's best visible row of one leaderboard (`Result.best`), best first."""
        return self.filter(kind_key=kind.key, leaderboard=leaderboard, best=True).order_by(
            *kind.ranking
        )

    def refresh_best(self, player_id: int, kind_key: str, leaderboard: str) -> None:
        """Mark this player's best visible row of one leaderboard (`best`), unmark the others,
        and keep the board's count of players in step. Through the player-led index: a few rows,
        whatever the board's size; called inside the write that changed the player's rows."""
        kind = get_kind(kind_key)
        mine = Result.objects.filter(player_id=player_id, kind_key=kind_key)
        mine = mine.filter(leaderboard=leaderboard)
        top = mine.filter(hidden=False).order_by(*kind.ranking).values_list("pk", flat=True).first()
        had = mine.filter(best=True).exists()
        if top is None:
            mine.filter(best=True).update(best=False)
        else:
            mine.filter(best=True).exclude(pk=top).update(best=False)
            mine.filter(pk=top).update(best=True)
        if had != (top is not None):
            LeaderboardSize.add(kind_key, leaderboard, 0, players=1 if top is not None else -1)

    def rebuild_best(self, kind_key: str, leaderboard: str) -> None:
        """Recompute `best` for a whole leaderboard from its rows (after bulk writes): a window
        function numbers each player's visible rows in ranking order, on SQLite and PostgreSQL."""
        kind = get_kind(kind_key)
        order = [F(f[1:]).desc() if f.startswith("-") else F(f).asc() for f in kind.ranking]
        board = Result.objects.filter(kind_key=kind_key, leaderboard=leaderboard)
        numbered = board.filter(hidden=False).annotate(
            player_place=Window(RowNumber(), partition_by=[F("player_id")], order_by=order)
        )
        tops = set(numbered.filter(player_place=1).values_list("pk", flat=True))
        with transaction.atomic():
            board.filter(best=True).exclude(pk__in=tops).update(best=False)
            board.filter(pk__in=tops, best=False).update(best=True)


class Result(models.Model):
    """One leaderboard row per finished ranked game, with its ranking fields denormalised."""

    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="result")
    kind_key = models.CharField(_("game"), max_length=20)
    leaderboard = models.CharField(_("leaderboard"), max_length=30)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="results", verbose_name=_("player")
    )
    nickname = models.CharField(_("nickname"), max_length=24)
    score = models.DecimalField(_("score"), max_digits=12, decimal_places=1)
    turns = models.PositiveIntegerField(_("turns"), null=True, blank=True)
    powers_used = models.PositiveIntegerField(_("powers used"), null=True, blank=True)
    stones_left = models.PositiveIntegerField(_("stones left"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), db_index=True)
    hidden = models.BooleanField(_("hidden"), default=False)
    # The player's best visible result of this leaderboard: the board shows one row a player.
    best = models.BooleanField(_("player's best"), default=False)

    objects = ResultQuerySet.as_manager()
    position: int = 0  # a row's place on its leaderboard, set when a page ranks it (not stored)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        # Per ranking (RANKED_ORDERS): an index in its order, for a leaderboard's top rows and
        # for counting a rank (see rank); one of the players' best rows in that order, for the
        # board of players; and one led by the player, for a visitor's own best.
        indexes = [
            *(
                models.Index(
                    fields=["kind_key", "leaderboard", "best", *order], name=f"result_top_{n}"
                )
                for n, order in RANKED_ORDERS.items()
            ),
            *(
                models.Index(
                    fields=["kind_key", "leaderboard", "hidden", *order], name=f"result_rank_{n}"
                )
                for n, order in RANKED_ORDERS.items()
            ),
            *(
                models.Index(
                    fields=["player", "kind_key", "leaderboard", "hidden", *order],
                    name=f"result_best_{n}",
                )
                for n, order in RANKED_ORDERS.items()
            ),
        ]

    def __str__(self) -> str:
        return f"{self.nickname}: {self.score}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        adding = self._state.adding
        super().save(*args, **kwargs)
        if adding and not self.hidden:  # a finished game's new row, in the move's transaction
            LeaderboardSize.add(self.kind_key, self.leaderboard, 1)
            Result.objects.refresh_best(self.player_id, self.kind_key, self.leaderboard)

    def rank(self, kind: GameKind, *, players: bool = False) -> int:
        """1 + the number of visible results of this leaderboard ranked strictly before this one
        (`players`: of the players' best results, for a player's best: its place among players).

        Counted as one range of the ranking's index per field: the rows better on the first
        field, plus those equal on it and better on the second, and so on. The ranges do not
        overlap, and each is an index range count, where one OR of them scans the leaderboard.
        """
        rows = Result.objects.visible().filter(kind_key=kind.key, leaderboard=self.leaderboard)
        if players:
            rows = Result.objects.filter(kind_key=kind.key, leaderboard=self.leaderboard, best=True)
        before = 0
        equal: dict[str, Any] = {}
        for field in kind.ranking:
            name = field.lstrip("-")
            value = getattr(self, name)
            better = {f"{name}__{'gt' if field.startswith('-') else 'lt'}": value}
            before += rows.filter(**equal, **better).count()
            equal[name] = value
        return before + 1


class LeaderboardSize(models.Model):
    """How many visible results each leaderboard holds: the page's "rank 3 of 41" without
    counting 41 rows (on PostgreSQL a count walks every index entry of the leaderboard).

    Kept in step by `Result.save` (a new visible row) and `ResultQuerySet.set_hidden` (staff
    hiding, showing, banning); `recount` rebuilds it from the rows after bulk writes.
    """

    kind_key = models.CharField(max_length=20)
    leaderboard = models.CharField(max_length=30)
    visible = models.PositiveIntegerField(default=0)
    players = models.PositiveIntegerField(default=0)  # players with a visible result (`best`)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind_key", "leaderboard"], name="one_size_each")
        ]

    def __str__(self) -> str:
        return f"{self.kind_key}/{self.leaderboard}: {self.visible}"

    @classmethod
    def of(cls, kind_key: str, leaderboard: str, *, players: bool = False) -> int:
        found = cls.objects.filter(kind_key=kind_key, leaderboard=leaderboard)
        return next(iter(found.values_list("players" if players else "visible", flat=True)), 0)

    @classmethod
    def add(cls, kind_key: str, leaderboard: str, count: int, *, players: int = 0) -> None:
        rows = cls.objects.filter(kind_key=kind_key, leaderboard=leaderboard)
        change = {"visible": F("visible") + count, "players": F("players") + players}
        if rows.update(**change):
            return
        try:  # the leaderboard's first result; another server may be writing it too
            with transaction.atomic():
                cls.objects.create(
                    kind_key=kind_key, leaderboard=leaderboard, visible=count, players=players
                )
        except IntegrityError:
            rows.update(**change)

    @classmethod
    def recount(
        cls, leaderboards: Iterable[tuple[str, str]] | None = None, *, rebuild: bool = True
    ) -> None:
        """Rebuild the sizes of these leaderboards (all, when None) from their rows, and first
        (`rebuild`) which row is each player's best."""
        visible = Result.objects.visible()
        if leaderboards is None:
            leaderboards = set(Result.objects.values_list("kind_key", "leaderboard").distinct())
        for kind_key, leaderboard in leaderboards:
            board = visible.filter(kind_key=kind_key, leaderboard=leaderboard)
            if rebuild:
                Result.objects.rebuild_best(kind_key, leaderboard)
            counts = {"visible": board.count(), "players": board.filter(best=True).count()}
            cls.objects.update_or_create(
                kind_key=kind_key, leaderboard=leaderboard, defaults=counts
            )
