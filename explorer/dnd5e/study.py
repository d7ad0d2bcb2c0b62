"""Many simulated encounters (Begegnungen) and what they say, with their uncertainty (pure Python, pandas).

* :func:`begegnungen_simulieren` -- ``n`` encounters of one configuration, each side played by a
  player (:data:`SPIELER`: ``"Taktisch"`` the tactical player, ``"Gierig"`` the greedy one,
  ``"Zufall"`` the random one, or a player object), through the generic
  :func:`explorer.core.simulate.simulate` (its seeds: game ``k`` of a run seeded ``seed`` is the same
  game whatever runs it).  The :class:`Begegnungsstudie` it returns has the win share per side with
  its 95% Wilson interval (:attr:`~Begegnungsstudie.siege`), the rounds' mean with its interval and
  their distribution (:attr:`~Begegnungsstudie.runden`, :attr:`~Begegnungsstudie.rundenverteilung`).
* :func:`spieler_vergleich` -- players compared against one opponent: each plays ``n`` encounters
  as each side (the Helden, then the Monster), so that neither side's advantage counts for it; its
  share of the encounters won with a Wilson interval.

Rounds: SRD 5.1 Combat > The Order of Combat; an encounter still running after the round limit
ends without winner (ruling ``dnd5e.round-limit``).  The plots are in
:mod:`explorer.dnd5e.render_study`.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from explorer.core.inputs import InputError, short, whole
from explorer.core.stats import mean_interval, wilson_interval
from explorer.dnd5e import refs

SOURCE = "encounter study"
KEIN_SIEGER = "kein Sieger"
"""The outcome of an encounter that reached the round limit (ruling ``dnd5e.round-limit``)."""
MAX_GAMES = 100_000


def _players():
    from explorer.dnd5e.players import GreedyPlayer, RandomPlayer, TaktischerSpieler

    return {"Taktisch": TaktischerSpieler, "Gierig": GreedyPlayer, "Zufall": RandomPlayer}


SPIELER = ("Taktisch", "Gierig", "Zufall")
"""The players by their German names: Taktisch (tactical, :class:`~explorer.dnd5e.players.TaktischerSpieler`),
Gierig (greedy, :class:`~explorer.dnd5e.players.GreedyPlayer`), Zufall (random,
:class:`~explorer.dnd5e.players.RandomPlayer`)."""
KINDS = {"tactical": "Taktisch", "greedy": "Gierig", "random": "Zufall"}
"""The system's player kinds (``System.players``) and their German names."""


def _player(spec: Any, field: str) -> tuple[str, Any]:
    """(German label, player object) for a name of :data:`SPIELER` / :data:`KINDS` or a player object."""
    if isinstance(spec, str):
        label = KINDS.get(spec, spec)
        if label not in SPIELER:
            raise InputError(SOURCE, field, "one of " + ", ".join(SPIELER + tuple(KINDS)) + " or a player object",
                             spec)
        return label, _players()[label]()
    if callable(getattr(spec, "choose", None)):
        kind = getattr(spec, "name", None) or type(spec).__name__
        return KINDS.get(kind, kind), spec
    raise InputError(SOURCE, field, "a player's name (" + ", ".join(SPIELER) + ") or a player object", short(spec))


def _configuration(encounter: Any) -> str:
    from explorer.dnd5e.system import CONFIGURATIONS

    if not isinstance(encounter, str) or encounter not in CONFIGURATIONS:
        raise InputError(SOURCE, "encounter", "one of " + ", ".join(CONFIGURATIONS), short(encounter))
    return encounter


def _sides(configuration: str) -> tuple[str, ...]:
    from explorer.dnd5e.system import CONFIGURATIONS, start

    return tuple(start(CONFIGURATIONS[configuration], 0).players)


def _seating(players: Any, sides: tuple[str, ...]) -> list[tuple[str, Any]]:
    """One (label, player) per side: from a mapping side -> spec, a sequence in side order, or one spec."""
    if isinstance(players, Mapping):
        unknown = sorted(set(players) - set(sides), key=str)
        if unknown or set(players) != set(sides):
            raise InputError(SOURCE, "players", "a player for each side (" + ", ".join(sides) + ")",
                             short(dict(players)))
        return [_player(players[side], f"players[{side!r}]") for side in sides]
    if isinstance(players, Sequence) and not isinstance(players, str):
        if len(players) != len(sides):
            raise InputError(SOURCE, "players", f"{len(sides)} players, one per side ({', '.join(sides)})",
                             short(list(players)))
        return [_player(spec, f"players[{i}]") for i, spec in enumerate(players)]
    label, player = _player(players, "players")
    return [(label, player)] * len(sides)


def _share_text(value: Any) -> str:
    from explorer.dnd5e.whatif import prozent

    return "" if value != value else prozent(100 * float(value))


def _rounds_text(value: Any) -> str:
    from explorer.dnd5e.whatif import zahl

    return zahl(float(value))


_SHARE_FORMATS = {"Anteil": _share_text, "untere": _share_text, "obere": _share_text, "Runden": _rounds_text}
"""German numbers in the study tables: shares and their interval in percent ("72,5 %"), rounds "3,50"."""


ENCOUNTER_WORDS = {"duell": "Duell", "scharmuetzel": "Scharmützel"}
"""The shipped encounters (:data:`explorer.dnd5e.encounter.ENCOUNTERS`) as a title names them."""


def encounter_words(name: str) -> str:
    """An encounter's name in a title: "Scharmützel" for ``"scharmuetzel"``; another as it is called."""
    return ENCOUNTER_WORDS.get(name, name)


INTERVAL = "95-%-Intervall"


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    """A study table as shown: the Wilson interval's two bounds in one column ("52,9 bis 97,8 %") beside the
    share, so that the comparison of three players fits a 590 px output area; the frame keeps both numbers."""
    if not {"untere", "obere"} <= set(frame.columns):
        return frame
    shown = frame.drop(columns=["untere", "obere"])
    interval = [f"{_share_text(low).removesuffix(' %')} bis {_share_text(high)}"
                for low, high in zip(frame["untere"], frame["obere"])]
    shown.insert(list(frame.columns).index("untere"), INTERVAL, interval)
    return shown


@dataclass(frozen=True, eq=False)
class Begegnungsstudie:
    """``n`` simulated encounters of ``encounter`` (a configuration of :mod:`explorer.dnd5e.system`),
    each side (``sides``) played by ``players`` (German labels); ``games`` is the frame of
    :func:`explorer.core.simulate.simulate` (one row per encounter, its seed replays it)."""

    encounter: str
    sides: tuple[str, ...]
    players: tuple[str, ...]
    n: int
    seed: int
    games: pd.DataFrame

    @property
    def siege(self) -> pd.DataFrame:
        """One row per side and one for :data:`KEIN_SIEGER`: Spieler, Siege, Begegnungen, Anteil and
        its 95% Wilson interval (untere, obere)."""
        winners = self.games["winners"].fillna("")
        rows = []
        for side, label in list(zip(self.sides, self.players)) + [(KEIN_SIEGER, "")]:
            wins = int((winners == ("" if side == KEIN_SIEGER else side)).sum())
            low, high = wilson_interval(wins, self.n)
            rows.append({"Seite": side, "Spieler": label, "Siege": wins, "Begegnungen": self.n,
                         "Anteil": wins / self.n if self.n else float("nan"), "untere": low, "obere": high})
        return pd.DataFrame(rows, columns=["Seite", "Spieler", "Siege", "Begegnungen", "Anteil", "untere", "obere"])

    @property
    def runden(self) -> dict[str, float]:
        """The rounds an encounter lasted: mittel, untere, obere (the mean's 95% interval), kleinste, größte."""
        rounds = self.games["rounds"]
        mean, low, high = mean_interval(rounds)
        return {"mittel": mean, "untere": low, "obere": high, "kleinste": int(rounds.min()),
                "größte": int(rounds.max())}

    @property
    def rundenverteilung(self) -> pd.DataFrame:
        """How many encounters ended in each round (Runde, Begegnungen, Anteil), every round from the
        first to the last one seen."""
        counts = self.games["rounds"].value_counts()
        rounds = range(1, int(self.games["rounds"].max()) + 1)
        frame = pd.DataFrame({"Runde": list(rounds), "Begegnungen": [int(counts.get(r, 0)) for r in rounds]})
        frame["Anteil"] = frame["Begegnungen"] / self.n
        return frame

    def share(self, side: str) -> float:
        return float(self.siege.set_index("Seite").loc[side, "Anteil"])

    def interval(self, side: str) -> tuple[float, float]:
        row = self.siege.set_index("Seite").loc[side]
        return (float(row["untere"]), float(row["obere"]))

    def plot(self):
        from explorer.dnd5e import render_study

        return render_study.study_figure(self)

    def png(self) -> bytes:
        from explorer.dnd5e import render_study

        return render_study.png(self)

    @property
    def title(self) -> str:
        seats = ", ".join(f"{s}: {p}" for s, p in zip(self.sides, self.players))
        return f"{encounter_words(self.encounter)}, {self.n} Begegnungen ({seats}), Seed {self.seed}"

    def _repr_html_(self) -> str:
        from explorer.core.display import html_table
        from explorer.dnd5e.whatif import zahl

        table = html_table(_shown(self.siege), index=False, formats=_SHARE_FORMATS)._repr_html_()
        r = self.runden
        return (f"<div><b>{html.escape(self.title)}</b>{table}<p>Runden: im Mittel {zahl(r['mittel'])} "
                f"(95 %: {zahl(r['untere'])} bis {zahl(r['obere'])}), {r['kleinste']} bis {r['größte']}</p>"
                f"<small>Siegquote mit 95-%-Wilson-Intervall; Regeln: {html.escape(str(refs.SRD_ROUNDS))}; "
                f"Regelentscheidung dnd5e.round-limit</small></div>")

    def __repr__(self) -> str:
        return f"Begegnungsstudie({self.title})"


def begegnungen_simulieren(encounter: str, players: Any, n: int, seed: int = 0, *, progress: bool | None = None,
                           executor: Any = None, desc: str | None = None) -> Begegnungsstudie:
    """``n`` encounters of configuration ``encounter`` (``"duell"``, ``"scharmuetzel"``, ...),
    ``players`` one per side (a mapping side -> player, a list in side order, or one for every
    side; a name of :data:`SPIELER` or a player object), seeded ``seed``, played by
    :func:`explorer.core.simulate.simulate` (``progress``: its tqdm bar; ``executor``: where).
    InputError for an unknown encounter or player, ``n`` outside 1..100000 or a negative seed."""
    from explorer.core.simulate import simulate

    configuration = _configuration(encounter)
    n = whole(n, "n", source=SOURCE, low=1, high=MAX_GAMES)
    seed = whole(seed, "seed", source=SOURCE, low=0)
    sides = _sides(configuration)
    seating = _seating(players, sides)
    labels = tuple(label for label, _ in seating)
    games = simulate("dnd5e", n, configuration, players=[p for _, p in seating], seed=seed, progress=progress,
                     executor=executor, desc=desc or f"{encounter_words(configuration)}: " + " gegen ".join(labels),
                     unit="Begegnung")
    return Begegnungsstudie(configuration, sides, labels, n, seed, games)


@dataclass(frozen=True, eq=False)
class Spielervergleich:
    """Players compared against one opponent (:func:`spieler_vergleich`): ``frame`` one row per
    candidate, ``studies`` each :class:`Begegnungsstudie` by (candidate, side)."""

    encounter: str
    gegner: str
    n: int
    seed: int
    sides: tuple[str, ...]
    frame: pd.DataFrame
    studies: Mapping[tuple[str, str], Begegnungsstudie]

    @property
    def title(self) -> str:
        return (f"{encounter_words(self.encounter)}: jeder Spieler {self.n}-mal als {' und als '.join(self.sides)} gegen "
                f"{self.gegner} (Seed {self.seed})")

    def row(self, spieler: str) -> pd.Series:
        return self.frame.set_index("Spieler").loc[spieler]

    def plot(self):
        from explorer.dnd5e import render_study

        return render_study.comparison_figure(self)

    def png(self) -> bytes:
        from explorer.dnd5e import render_study

        return render_study.png(self)

    def _repr_html_(self) -> str:
        from explorer.core.display import html_table

        return html_table(_shown(self.frame), index=False, caption=self.title,
                          formats=_SHARE_FORMATS)._repr_html_()

    def __repr__(self) -> str:
        return f"Spielervergleich({self.title})"


def spieler_vergleich(encounter: str, kandidaten: Sequence[Any], gegner: Any = "Zufall", n: int = 50,
                      seed: int = 0, *, progress: bool | None = None, executor: Any = None) -> Spielervergleich:
    """Each player of ``kandidaten`` against ``gegner``: ``n`` encounters as the first side (the
    Helden) and ``n`` as the second, the same seeds for every candidate.  One row per candidate:
    Spieler, Siege als <side> for each side, Begegnungen (2 n), Anteil (of all encounters won),
    untere / obere (its 95% Wilson interval), Runden (their mean).  ``progress``: one tqdm bar for all the
    comparison's encounters (None: from :data:`~explorer.core.simulate.PROGRESS_THRESHOLD` encounters on)."""
    configuration = _configuration(encounter)
    if isinstance(kandidaten, (str, Mapping)) or not isinstance(kandidaten, Sequence) or not kandidaten:
        raise InputError(SOURCE, "kandidaten", "a list of players (names of " + ", ".join(SPIELER) + " or objects)",
                         short(kandidaten))
    if len(kandidaten) > 10:
        raise InputError(SOURCE, "kandidaten", "at most 10 players", short(list(kandidaten)))
    candidates = [_player(spec, f"kandidaten[{i}]") for i, spec in enumerate(kandidaten)]
    opponent = _player(gegner, "gegner")
    n = whole(n, "n", source=SOURCE, low=1, high=MAX_GAMES)
    seed = whole(seed, "seed", source=SOURCE, low=0)
    sides = _sides(configuration)
    rows, studies = [], {}
    total = len(candidates) * len(sides) * n
    from explorer.core.simulate import PROGRESS_THRESHOLD
    from explorer.core.progress import progress_bar

    show = (total >= PROGRESS_THRESHOLD) if progress is None else bool(progress)
    bar = progress_bar(total, f"{encounter_words(configuration)}: {len(candidates)} Spieler gegen {opponent[0]}", "Begegnung",
                       show)  # one bar for the whole comparison, not one per run
    for label, player in candidates:
        row: dict[str, Any] = {"Spieler": label}
        wins, rounds = 0, []
        for i, side in enumerate(sides):
            seating = [player if j == i else opponent[1] for j in range(len(sides))]
            study = begegnungen_simulieren(configuration, seating, n, seed, progress=False, executor=executor)
            bar.update(n)
            studies[(label, side)] = study
            won = int(study.siege.set_index("Seite").loc[side, "Siege"])
            row[f"Siege als {side}"] = won
            wins += won
            rounds += list(study.games["rounds"])
        low, high = wilson_interval(wins, len(sides) * n)
        row.update({"Siege": wins, "Begegnungen": len(sides) * n, "Anteil": wins / (len(sides) * n), "untere": low, "obere": high,
                    "Runden": mean_interval(rounds)[0]})
        rows.append(row)
    bar.close()
    return Spielervergleich(configuration, opponent[0], n, seed, sides, pd.DataFrame(rows), studies)


__all__ = ["KEIN_SIEGER", "KINDS", "SPIELER", "Begegnungsstudie", "Spielervergleich", "begegnungen_simulieren",
           "spieler_vergleich"]
