"""What changes under the other ruling: one question asked under two sets of rulings, side by side.

``compare_rulings(question, a, b)`` calls ``question(rulings=...)`` once under each set of rulings and
turns both answers into the same tidy table of comparable *figures*, with the difference::

    from functools import partial
    from explorer.behind import melee_odds
    from explorer.core.compare import compare_rulings

    asked = partial(melee_odds, ludwig, sahra, attacker_supply=deck, defender_supply=deck, assistants=[mathilde])
    change = compare_rulings(asked, b={"behind.assisted-damage": "attacker"})
    change.frame      # one row per figure: A, B, difference (B - A), and exact columns where exact
    change.changed    # only the rows whose value differs
    change.plot()     # paired bars A vs B per figure, the difference written beside them

The question is any callable that takes ``rulings=`` (a :class:`~explorer.core.rulings.Rulings`): an
odds function with its situation bound (``functools.partial``), a ``simulate`` with its games bound, or
a small function of one's own.  What it returns becomes figures (:func:`figures_of`):

* an odds result -- anything with a ``frame`` holding a ``probability`` column (Behind's
  ``OddsResult``, Beyond's ``RevealOutcomes``): one figure per outcome, ``P(loser=attacker,
  injuries=1)``, exact where the frame has an ``exact`` column of fractions; then its headline
  ``summary()`` numbers, if it has one;
* a pandas DataFrame of simulated games (one row per game): :func:`summarise_games` -- the share of
  games each player (or seat) won, the share of each end reason and of every other few-valued
  column, and the mean of each numeric column, exact (fractions) where the column holds integers;
* a DataFrame with a ``probability`` column: an outcome distribution, as above;
* a Series or mapping of numbers (figure -> value; fractions and integers stay exact);
* one number or Fraction (the figure ``value``).

Both runs get the same extra keywords (``compare_rulings(simulate_games, a, b, n=40, seed=1)``); a
simulation run with the same seed under both rulings deals the same games, so the difference shows
the ruling, not the luck of other deals, for as long as the games run alike.

Pure: no drawing library is imported here; ``RulingsComparison.plot`` imports
:mod:`explorer.core.render_compare` when asked.
"""

from __future__ import annotations

import html
import numbers
import reprlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

import pandas as pd

from explorer.core.rulings import REGISTRY, Rulings

__all__ = ["FIGURE_COLUMNS", "SHARE_KINDS", "RulingsComparison", "compare_ruling_options", "compare_rulings",
           "figures_of", "ruling_differences", "summarise_games"]

FIGURE_COLUMNS = ("value", "exact", "kind")
"""The columns of a figures table (:func:`figures_of`), indexed by the figure's name: ``value``
(float), ``exact`` (a Fraction, or None) and ``kind``: ``"probability"`` (an outcome of an odds
result), ``"share"`` (a share of simulated games), ``"mean"`` (a mean over games) or ``"value"``."""

SHARE_KINDS = ("probability", "share")
"""Kinds whose figure is 0 when one side lacks it (an outcome that never happens); other kinds are
missing (NaN) instead."""

IDENTIFIER_COLUMNS = ("game", "seed")
"""Columns of a simulation frame that name a game rather than count anything: not summarised."""

WINNER_COLUMNS = ("winner", "winners")
"""Columns naming who won a game (``winners``: comma-separated, a shared win counts for each)."""

MAX_CATEGORIES = 12
"""A non-numeric simulation column with more distinct values than this is not summarised."""

_PROBABILITY_COLUMNS = ("probability", "exact", "stderr")


# =============================================================================================
# Rulings: checked, and said in words
# =============================================================================================
def _known(ruling_id: str) -> bool:
    if ruling_id not in REGISTRY:
        from explorer.core.systems import load_all  # a system registers its rulings when it loads

        load_all()
    return ruling_id in REGISTRY


def _check_overrides(side: str, values: Mapping[str, Any]) -> dict[str, Any]:
    checked = {}
    for ruling_id, value in values.items():
        if not isinstance(ruling_id, str) or not _known(ruling_id):
            raise ValueError(f"rulings {side}: unknown ruling {ruling_id!r} (value {value!r}); "
                             f"known: {', '.join(sorted(REGISTRY))}")
        try:
            checked[ruling_id] = REGISTRY[ruling_id].check(value)
        except ValueError as error:
            raise ValueError(f"rulings {side}: {ruling_id} = {value!r} is not allowed: {error}") from None
    return checked


def _as_rulings(side: str, value, base: Rulings | None = None) -> Rulings:
    """A Rulings object from a Rulings or a ``{ruling id: value}`` mapping (applied on ``base``)."""
    if isinstance(value, Rulings):
        return value
    if value is None:
        return base if base is not None else Rulings()
    if not isinstance(value, Mapping):
        raise TypeError(f"rulings {side}: a Rulings object or a {{ruling id: value}} dict, got {type(value).__name__}")
    checked = _check_overrides(side, value)
    return (base or Rulings()).switch(**checked)


def ruling_differences(a: Rulings, b: Rulings) -> pd.DataFrame:
    """The rulings whose values differ between ``a`` and ``b``: id, title, value A, value B."""
    ids = sorted(set(a.overrides) | set(b.overrides))
    rows = [{"id": rid, "title": REGISTRY[rid].title, "A": a[rid], "B": b[rid]} for rid in ids if a[rid] != b[rid]]
    return pd.DataFrame(rows, columns=["id", "title", "A", "B"])


def _short_label(rulings: Rulings, other: Rulings) -> str:
    """``"default"`` for the registry defaults, else the switched rulings that differ from ``other``
    (``"assisted-damage = attacker"``), or every switched ruling."""
    diff = [rid for rid in sorted(rulings.overrides) if rulings[rid] != other[rid]] or sorted(rulings.overrides)
    diff = [rid for rid in diff if rulings[rid] != REGISTRY[rid].default]
    if not diff:
        return "default"
    return ", ".join(f"{rid.split('.', 1)[-1]} = {rulings[rid]}" for rid in diff)


# =============================================================================================
# Answers as figures
# =============================================================================================
def _figures(rows: Iterable[tuple[str, Any, Any, str]]) -> pd.DataFrame:
    """A figures table from ``(name, value, exact, kind)`` rows; repeated names are added up."""
    order: list[str] = []
    values: dict[str, list] = {}
    for name, value, exact, kind in rows:
        if name in values:
            old = values[name]
            old[0] += value
            old[1] = None if old[1] is None or exact is None else old[1] + exact
        else:
            order.append(name)
            values[name] = [value, exact, kind]
    frame = pd.DataFrame([values[n] for n in order], index=pd.Index(order, name="figure"),
                         columns=list(FIGURE_COLUMNS))
    frame["value"] = frame["value"].astype(float)
    frame["exact"] = frame["exact"].astype(object)
    return frame


def _is_number(value) -> bool:
    return isinstance(value, (numbers.Number, Fraction)) and not isinstance(value, complex)


def _exact_of(value):
    """A Fraction for a value that is exact (Fraction, int, bool, numpy integer), else None."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    return None


def _outcome_name(columns: list[str], key: tuple) -> str:
    if not columns:
        return "P(outcome)"
    return "P(" + ", ".join(f"{c}={v}" for c, v in zip(columns, key)) + ")"


def _distribution_figures(frame: pd.DataFrame) -> list[tuple]:
    columns = [c for c in frame.columns if c not in _PROBABILITY_COLUMNS]
    exact = "exact" in frame.columns
    rows = []
    for record in frame.itertuples(index=False):
        row = dict(zip(frame.columns, record))
        e = row["exact"] if exact and isinstance(row["exact"], (Fraction, numbers.Integral)) else None
        rows.append((_outcome_name(columns, tuple(row[c] for c in columns)), float(row["probability"]),
                     Fraction(e) if e is not None else None, "probability"))
    return rows


def _mapping_figures(values: Mapping, source: str) -> list[tuple]:
    rows = []
    for name, value in values.items():
        if not _is_number(value) or pd.isna(value):
            raise TypeError(f"{source}: figure {name!r} is not a number ({value!r})")
        kind = "probability" if str(name).startswith("P(") else "value"
        rows.append((str(name), float(value), _exact_of(value), kind))
    return rows


def figures_of(answer) -> pd.DataFrame:
    """The comparable figures of one answer to a question (see the module docstring): a frame indexed by
    figure name with the columns :data:`FIGURE_COLUMNS`."""
    if isinstance(answer, pd.DataFrame):
        if "probability" in answer.columns:
            return _figures(_distribution_figures(answer))
        return summarise_games(answer)
    frame = getattr(answer, "frame", None)
    if isinstance(frame, pd.DataFrame) and "probability" in frame.columns:
        rows = _distribution_figures(frame)
        summary = getattr(answer, "summary", None)
        if callable(summary):
            headline = summary()
            if isinstance(headline, Mapping):
                rows += _mapping_figures(headline, "summary()")
        return _figures(rows)
    if isinstance(answer, pd.Series):
        return _figures(_mapping_figures(answer.to_dict(), "the Series"))
    if isinstance(answer, Mapping):
        return _figures(_mapping_figures(answer, "the mapping"))
    if _is_number(answer):
        return _figures(_mapping_figures({"value": answer}, "the answer"))
    raise TypeError(f"cannot compare an answer of type {type(answer).__name__}: return an odds result, a "
                    "DataFrame of games, a Series or dict of numbers, or a number")


# -- simulated games ------------------------------------------------------------------------------
def _winner_shares(frame: pd.DataFrame, column: str, n: int) -> list[tuple]:
    counts: dict[str, int] = {}
    none = 0
    for value in frame[column]:
        names = [] if value is None or (not isinstance(value, str) and pd.isna(value)) else \
            [w.strip() for w in str(value).split(",") if w.strip()] if column == "winners" else [str(value)]
        if not names:
            none += 1
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    rows = [(f"share won by {name}", c / n, Fraction(c, n), "share") for name, c in sorted(counts.items())]
    if none:
        rows.append(("share without winner", none / n, Fraction(none, n), "share"))
    return rows


def summarise_games(frame: pd.DataFrame, *, exclude: Iterable[str] = IDENTIFIER_COLUMNS,
                    max_categories: int = MAX_CATEGORIES) -> pd.DataFrame:
    """The figures of a frame of simulated games (one row per game), in the order of its columns:

    * ``winner`` / ``winners`` (comma-separated, shared wins count for each winner): ``share won by P``
      for each player or seat, and ``share without winner`` when some games had none;
    * every other non-numeric (or boolean) column with at most ``max_categories`` distinct values --
      ``end`` above all: ``share end = goal``, one per value (missing values are ``<NA>``);
    * every numeric column: ``mean turns``, missing values skipped; a column that names a seat
      (``*_seat``) is left out when a ``winner`` column says the same;
    * not ``exclude`` (the game index and its seed).

    Shares and the means of integer columns are exact (Fractions); the means of float columns are not.
    """
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"a frame of games, got {type(frame).__name__}")
    n = len(frame)
    if n == 0:
        raise ValueError("the frame holds no games: nothing to summarise")
    skip = set(exclude)
    has_winner = any(c in frame.columns for c in WINNER_COLUMNS)
    rows: list[tuple] = []
    for column in frame.columns:
        if column in skip:
            continue
        series = frame[column]
        if column in WINNER_COLUMNS:
            rows += _winner_shares(frame, column, n)
        elif pd.api.types.is_bool_dtype(series) or not pd.api.types.is_numeric_dtype(series):
            values = series.astype(object).where(series.notna(), "<NA>")
            counts = values.value_counts(sort=False)
            if len(counts) > max_categories:
                continue
            for value, count in sorted(counts.items(), key=lambda item: str(item[0])):
                rows.append((f"share {column} = {value}", count / n, Fraction(int(count), n), "share"))
        else:
            if has_winner and str(column).endswith("_seat"):
                continue
            present = series.dropna()
            if present.empty:
                continue
            integral = pd.api.types.is_integer_dtype(series)
            total = sum(int(v) for v in present) if integral else None
            mean = float(present.mean())
            rows.append((f"mean {column}", mean, Fraction(total, len(present)) if integral else None, "mean"))
    return _figures(rows)


# =============================================================================================
# The comparison
# =============================================================================================
def _union_order(first: list[str], second: list[str]) -> list[str]:
    """``first``'s order, with the names only ``second`` has inserted after their predecessor there."""
    order = list(first)
    for position, name in enumerate(second):
        if name in order:
            continue
        before = next((second[i] for i in range(position - 1, -1, -1) if second[i] in order), None)
        order.insert(0 if before is None else order.index(before) + 1, name)
    return order


@dataclass(eq=False)
class RulingsComparison:
    """One question answered under two sets of rulings (see :func:`compare_rulings`).

    ``answers`` holds both raw answers, ``figures`` both figure tables; ``frame`` is the side-by-side
    table, ``changed`` its rows whose value differs, ``rulings`` the rulings that differ in words.
    """

    question: Callable
    a: Rulings
    b: Rulings
    labels: tuple[str, str]
    answers: tuple[Any, Any]
    figures: tuple[pd.DataFrame, pd.DataFrame]
    title: str = ""
    kwargs: dict = field(default_factory=dict)

    @property
    def kinds(self) -> pd.Series:
        """Each figure's kind (:data:`FIGURE_COLUMNS`), in the order of :attr:`frame`."""
        first, second = self.figures
        order = _union_order(list(first.index), list(second.index))
        return pd.concat([second["kind"], first["kind"]]).groupby(level=0).last().reindex(order).rename("kind")

    @property
    def exact(self) -> bool:
        """Whether the frame has exact columns (some figure is exact on both sides)."""
        return any(e is not None for f in self.figures for e in f["exact"])

    @property
    def frame(self) -> pd.DataFrame:
        """One row per figure: ``label A``, ``label B`` and ``difference`` (B - A) as floats; where some
        figure is exact, ``exact label A``, ``exact label B`` and ``exact difference`` (Fractions, None
        where a figure is not exact).  A probability or share one side lacks is 0 there."""
        la, lb = self.labels
        first, second = self.figures
        kinds = self.kinds
        order = list(kinds.index)
        zero = kinds.isin(SHARE_KINDS)
        out = pd.DataFrame(index=pd.Index(order, name="figure"))
        for label, figs in ((la, first), (lb, second)):
            values = figs["value"].reindex(order)
            out[label] = values.where(values.notna() | ~zero, 0.0)
        out["difference"] = out[lb] - out[la]
        if self.exact:
            exacts = []
            for figs in (first, second):
                column = []
                for name in order:
                    if name in figs.index:
                        column.append(figs.at[name, "exact"])
                    else:
                        column.append(Fraction(0) if zero[name] else None)
                exacts.append(column)
            out[f"exact {la}"] = pd.Series(exacts[0], index=out.index, dtype=object)
            out[f"exact {lb}"] = pd.Series(exacts[1], index=out.index, dtype=object)
            out["exact difference"] = pd.Series(
                [None if x is None or y is None else y - x for x, y in zip(*exacts)], index=out.index, dtype=object)
        return out

    @property
    def changed(self) -> pd.DataFrame:
        """The rows of :attr:`frame` whose value differs between A and B (exactly, where exact)."""
        frame = self.frame
        la, lb = self.labels
        if "exact difference" in frame.columns:
            exact_differs = frame["exact difference"].map(lambda d: None if d is None else d != 0)
            float_differs = (frame[lb] - frame[la]).abs() > 1e-12
            float_differs |= frame[la].isna() != frame[lb].isna()
            mask = exact_differs.where(exact_differs.notna(), float_differs).astype(bool)
        else:
            mask = ((frame[lb] - frame[la]).abs() > 1e-12) | (frame[la].isna() != frame[lb].isna())
        return frame[mask]

    @property
    def rulings(self) -> pd.DataFrame:
        """The rulings that differ: ``id``, ``title``, the value under each label."""
        table = ruling_differences(self.a, self.b)
        return table.rename(columns={"A": self.labels[0], "B": self.labels[1]})

    def describe(self) -> str:
        """The two sets of rulings in words."""
        la, lb = self.labels
        parts = [f"{row['id']} ({row['title']}): {row[la]!r} under {la}, {row[lb]!r} under {lb}"
                 for _, row in self.rulings.iterrows()]
        return "; ".join(parts) + "; every other ruling the same in both"

    def plot(self, ax=None, **options):
        """Paired bars A vs B per figure, the difference written beside each pair (returns the axes);
        ``options`` go to :func:`explorer.core.render_compare.plot_rulings_comparison`."""
        from explorer.core.render_compare import plot_rulings_comparison

        return plot_rulings_comparison(self, ax=ax, **options)

    def png(self, **options) -> bytes:
        from explorer.core.render_compare import comparison_png

        return comparison_png(self, **options)

    def _repr_html_(self) -> str:
        la, lb = self.labels
        rows = "".join(
            f"<tr><td><code>{html.escape(r['id'])}</code></td><td>{html.escape(str(r['title']))}</td>"
            f"<td>{html.escape(repr(r[la]))}</td><td>{html.escape(repr(r[lb]))}</td></tr>"
            for _, r in self.rulings.iterrows())
        rulings = (f"<table><tr><th>ruling</th><th>title</th><th>{html.escape(la)}</th><th>{html.escape(lb)}</th>"
                   f"</tr>{rows}</table>")
        shown = self.frame.copy()
        for column in shown.columns:
            if column.startswith("exact"):
                shown[column] = shown[column].map(lambda v: "" if v is None else str(v))
        changed = len(self.changed)
        head = (f"<b>{html.escape(self.title or 'Rulings compared')}</b><br>"
                f"<small>{html.escape(la)} vs {html.escape(lb)}: every ruling the same but these; "
                f"{changed} of {len(shown)} figures change (difference = {html.escape(lb)} - {html.escape(la)})"
                f"</small>")
        table = shown.to_html(float_format=lambda v: f"{v:.4f}")
        from explorer.core.render_compare import comparison_html_image

        return f"<div>{head}{rulings}{table}{comparison_html_image(self)}</div>"

    def __repr__(self) -> str:
        la, lb = self.labels
        lines = [f"RulingsComparison({la!r} vs {lb!r}): {self.describe()}"]
        for name, row in self.frame.iterrows():
            lines.append(f"  {name}: {row[la]:.4g} -> {row[lb]:.4g} ({row['difference']:+.4g})")
        return "\n".join(lines)


def _title_of(question, answer) -> str:
    """The answer's own title (odds results have one), else the question as a call: a partial's
    bound arguments shortened (``simulate(40, ['greedy', 'greedy', 'greedy', ...], seed=1)``)."""
    title = getattr(answer, "title", None)
    if isinstance(title, str) and title:
        return title
    inner = getattr(question, "func", question)  # functools.partial
    name = getattr(inner, "__name__", type(question).__name__)
    if inner is question:
        return name
    short = reprlib.Repr()
    short.maxlist = short.maxtuple = 3
    short.maxstring = short.maxother = 40
    arguments = [short.repr(v) for v in question.args] + [f"{k}={short.repr(v)}" for k, v in question.keywords.items()]
    return f"{name}({', '.join(arguments)})"


RESERVED_LABELS = ("difference", "figure")


def _labels(labels, a: Rulings, b: Rulings) -> tuple[str, str]:
    if labels is None:
        la, lb = _short_label(a, b), _short_label(b, a)
        if la == lb:
            la, lb = f"{la} (A)", f"{lb} (B)"
    else:
        if isinstance(labels, str) or len(labels) != 2:
            raise ValueError(f"labels: two names (for A and for B), got {labels!r}")
        la, lb = (str(x) for x in labels)
        if la == lb:
            raise ValueError(f"labels: A and B need different names, got {la!r} twice")
        for label in (la, lb):
            if label in RESERVED_LABELS or label.startswith("exact "):
                raise ValueError(f"labels: {label!r} is a column name of the comparison; choose another")
    return la, lb


def _constant_columns(*frames: pd.DataFrame) -> list[str]:
    """Non-numeric columns holding one and the same value in every row of every frame (the strategies
    played, say): their share is 1 under both rulings, so they are left out of a comparison."""
    out = []
    for column in frames[0].columns:
        if column in WINNER_COLUMNS or not all(column in f.columns for f in frames):
            continue
        series = [f[column] for f in frames]
        if any(pd.api.types.is_numeric_dtype(s) and not pd.api.types.is_bool_dtype(s) for s in series):
            continue
        values = {v for s in series for v in s.astype(object).where(s.notna(), "<NA>")}
        if len(values) == 1:
            out.append(column)
    return out


def compare_rulings(question: Callable, a=None, b=None, *, labels: tuple[str, str] | None = None,
                    title: str | None = None, **kwargs) -> RulingsComparison:
    """Ask ``question`` under rulings ``a`` and under rulings ``b``; the answers side by side.

    * ``question``: a callable accepting ``rulings=`` (a Rulings object) and ``kwargs``;
    * ``a``: a :class:`~explorer.core.rulings.Rulings` or a ``{ruling id: value}`` dict; default: every
      ruling at its default;
    * ``b``: the same; a dict is applied on top of ``a`` (so it may name just the switched rulings);
    * ``labels``: the names of the two columns (default: ``"default"`` and what is switched, e.g.
      ``"assisted-damage = attacker"``);
    * ``title``: what the question asks, for the table and the chart (default: the answer's own title,
      or the question as a call);
    * ``kwargs``: passed to both calls (``n=40, seed=1``).

    Unknown ruling ids and values outside a ruling's switch raise ``ValueError`` naming the id and the
    value, and so do two identical sets of rulings (nothing would change).
    """
    if not callable(question):
        raise TypeError(f"question: a callable taking rulings=, got {type(question).__name__}")
    if b is None:
        raise ValueError("b: the rulings to compare with (a Rulings object or {ruling id: value}); "
                         "without them A and B are the same")
    rulings_a = _as_rulings("A", a)
    rulings_b = _as_rulings("B", b, base=rulings_a)
    if ruling_differences(rulings_a, rulings_b).empty:
        raise ValueError(f"rulings A and B are the same ({rulings_a.overrides or 'the defaults'}): nothing to compare; "
                         "switch at least one ruling in B")
    la, lb = _labels(labels, rulings_a, rulings_b)
    answer_a = question(rulings=rulings_a, **kwargs)
    answer_b = question(rulings=rulings_b, **kwargs)
    if isinstance(answer_a, pd.DataFrame) and isinstance(answer_b, pd.DataFrame) and \
            "probability" not in answer_a.columns and "probability" not in answer_b.columns:
        same = _constant_columns(answer_a, answer_b)
        figures = (summarise_games(answer_a, exclude=(*IDENTIFIER_COLUMNS, *same)),
                   summarise_games(answer_b, exclude=(*IDENTIFIER_COLUMNS, *same)))
    else:
        figures = (figures_of(answer_a), figures_of(answer_b))
    return RulingsComparison(question, rulings_a, rulings_b, (la, lb), (answer_a, answer_b), figures,
                             title=title or _title_of(question, answer_a), kwargs=dict(kwargs))


def compare_ruling_options(ruling_id: str, question: Callable, *, values: Iterable | None = None, a=None,
                           **kwargs) -> dict[Any, RulingsComparison]:
    """Compare ``a`` (default: the defaults) against each other option of one switchable ruling:
    ``{option: RulingsComparison}``.  A numeric ruling takes any number in a range: give ``values``."""
    if not isinstance(ruling_id, str) or not _known(ruling_id):
        raise ValueError(f"unknown ruling {ruling_id!r}; known: {', '.join(sorted(REGISTRY))}")
    ruling = REGISTRY[ruling_id]
    base = _as_rulings("A", a)
    if values is None:
        if not ruling.switchable:
            raise ValueError(f"ruling {ruling_id!r} has no switch; it is fixed at {ruling.default!r}")
        if ruling.numeric:
            raise ValueError(f"ruling {ruling_id!r} takes any number from {ruling.options[0]} to "
                             f"{ruling.options[1]}: give the values to compare (values=[...])")
        values = ruling.options
    others = [v for v in values if v != base[ruling_id]]
    if not others:
        raise ValueError(f"ruling {ruling_id!r}: no value other than {base[ruling_id]!r} to compare")
    return {value: compare_rulings(question, base, {ruling_id: value}, **kwargs) for value in others}
