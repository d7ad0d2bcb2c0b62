"""The picture of a Behold: Rome score (:class:`explorer.behold_rome.scoring.Score`).

Two panels, one above the other on a common VP axis: the player's sources (each card level whose
rule scored, the controlled region wealth, the nation card, the uncovered unrest) and below them
the rival civ's (base VPs, each rule that scored, the difficulty bonus), each panel ending in its
total.  A gain is a bar to the right, a loss (uncovered unrest) a bar to the left; each bar's VPs
are written just beyond its end, clear of every bar (the axis is widened until they fit).  Sources
that scored 0 are left out of the picture (the axis label says how many; the table has them).

matplotlib only (no pyplot): a figure made here never touches the user's backend.
"""

from __future__ import annotations

from explorer.core.display import figure_png, new_figure, png_img_tag
from explorer.core.render_labels import MIN_FONT_SIZE, NOTEBOOK_WIDTH, renderer_of

PLAYER, RIVAL = "#2e86c1", "#c0392b"
LOSS = "#7f8c8d"
TOTAL_ALPHA, PART_ALPHA = 1.0, 0.55
TEXT = 9.0
"""Points of the value labels and row names (above :data:`MIN_FONT_SIZE`; the figure is
:data:`NOTEBOOK_WIDTH` wide, so it is shown at its own size)."""
ROW = 0.27
"""Inches per drawn row."""
BAR = 0.62
LABEL_CHARS = 40
MARGIN = 8.0
"""Pixels kept between a value label and the axes' edge."""
"""The longest row name drawn (a longer rival rule is cut with an ellipsis; the table has it whole)."""


def drawn_rows(score, side: str):
    """The rows of ``side`` the picture draws: those that scored, then the total."""
    rows = score.player if side == "player" else score.rival
    return [r for r in rows if r.vp != 0 and r.kind != "total"] + [rows[-1]]


def value_text(row) -> str:
    """A bar's label: its signed VPs (a total unsigned), with a true minus sign as on the axis."""
    return (f"{row.vp:+d}" if row.kind != "total" else f"{row.vp}").replace("-", "\u2212")


def _label(row) -> str:
    if row.kind == "total":
        return "total"
    if row.kind == "rule":  # the rule itself: "rule 2" would say nothing
        return row.rule if len(row.rule) <= LABEL_CHARS else row.rule[:LABEL_CHARS - 1] + "…"
    if row.kind == "base":
        return "base VPs"
    return row.source


def plot_score(score, figure=None, *, width: float = NOTEBOOK_WIDTH, headline: bool = True):
    """The score as horizontal bars, player above rival; returns the figure (``width`` inches wide at
    100 px an inch, :data:`~explorer.core.render_labels.NOTEBOOK_WIDTH` by default; a panel that must fit
    590 px draws it 5.9 inches wide).  ``headline``: the score's headline above the bars (a panel that writes
    the headline itself, right above the picture, draws none: the reader would read it twice)."""
    from explorer.behold_rome.scoring import Score

    if not isinstance(score, Score):
        from explorer.core.inputs import InputError

        raise InputError("argument", "score", "a Score (explorer.behold_rome.scoring.score())", score)
    sides = [("player", f"You: {score.total} VP", PLAYER)]
    if score.rival:
        sides.append(("rival", f"{score.rival_name}: {score.rival_total} VP", RIVAL))
    groups = [drawn_rows(score, side) for side, _, _ in sides]
    heights = [len(g) + 0.6 for g in groups]
    if figure is None:
        from explorer.core.inputs import number

        width = number(width, "width", source="plot_score", low=4.0, high=12.0)
        figure = new_figure(width, 1.1 + ROW * sum(heights) + 0.35 * len(sides))
    axes = figure.subplots(len(sides), 1, sharex=True, squeeze=False, gridspec_kw={"height_ratios": heights})[:, 0]
    labels, bars = [], []
    values = [r.vp for g in groups for r in g]
    for ax, (side, title, colour), rows in zip(axes, sides, groups):
        ys = list(range(len(rows)))[::-1]  # the first row on top
        for y, row in zip(ys, rows):
            face = LOSS if row.vp < 0 else colour
            alpha = TOTAL_ALPHA if row.kind == "total" else PART_ALPHA
            bars.extend(ax.barh([y], [row.vp], height=BAR, color=face, alpha=alpha))
            if row.kind == "total" or row.vp != 0:
                right = row.vp >= 0
                labels.append(ax.annotate(value_text(row), (row.vp, y),
                                          xytext=(3 if right else -3, 0), textcoords="offset points",
                                          ha="left" if right else "right", va="center", fontsize=TEXT,
                                          fontweight="bold" if row.kind == "total" else "normal"))
        ax.set_yticks(ys, [_label(r) for r in rows], fontsize=TEXT)
        ax.set_ylim(-0.6, len(rows) - 0.4)
        ax.axvline(0, color="black", lw=0.8)
        ax.set_title(title, fontsize=10, loc="left")
        ax.tick_params(axis="x", labelsize=TEXT)
    left = [r for rows in (score.player, score.rival) for r in rows if r.vp == 0 and r.kind != "total"]
    axes[-1].set_xlabel(f"VP ({len(left)} source{'s' * (len(left) != 1)} scoring 0 not drawn)", fontsize=TEXT)
    if headline:
        head = score.headline() + (" -- cards INVENTED, illustrative" if score.illustrative else "")
        figure.suptitle(head, fontsize=10)
    _fit(figure, axes, labels, min(0, *values), max(0, *values))
    return figure


def _fit(figure, axes, labels, low: float, high: float) -> None:
    """Widen the shared VP axis until every value label lies inside its axes."""
    span = max(high - low, 1.0)
    low, high = low - 0.02 * span, high + 0.02 * span
    for _ in range(6):
        axes[0].set_xlim(low, high)
        renderer = renderer_of(figure)
        figure.draw(renderer)
        grow_left = grow_right = 0.0
        for text in labels:
            box, ax = text.get_window_extent(renderer), text.axes
            per_pixel = (high - low) / max(ax.bbox.width, 1.0)
            grow_right = max(grow_right, (box.x1 - ax.bbox.x1 + MARGIN) * per_pixel)
            grow_left = max(grow_left, (ax.bbox.x0 - box.x0 + MARGIN) * per_pixel)
        if grow_left <= 0 and grow_right <= 0:
            return
        low, high = low - max(grow_left, 0.0), high + max(grow_right, 0.0)


def score_png(score) -> bytes:
    """The picture as PNG bytes."""
    return figure_png(plot_score(score))


class ScorePicture:
    """The picture of a score for a notebook (``_repr_png_``)."""

    def __init__(self, score):
        self.figure = plot_score(score)

    def _repr_png_(self) -> bytes:
        return figure_png(self.figure)

    def _repr_html_(self) -> str:
        return png_img_tag(self._repr_png_(), alt="score: player and rival civ")


# -- the score as tables that fit the output area ---------------------------------------------------
TABLE_WRAP = "15em"
"""How wide a text column of the score tables may grow before it wraps (between words)."""


def _icons_text(row) -> str:
    parts = [f"{row.prosperity} prosperity" if row.prosperity else "", f"{row.unrest} unrest" if row.unrest else ""]
    return ", ".join(p for p in parts if p)


def _source_text(row) -> str:
    return f"{row.source} ({row.place})" if row.card and row.place else row.source


def _rule_text(row) -> str:
    if row.rule and row.counted:
        return f"{row.rule}: {row.counted}"
    return row.rule or row.counted or ""


def _silent(row) -> bool:
    """A row that adds nothing: 0 VP, no prosperity or unrest icons (not a total)."""
    return row.kind != "total" and row.vp == 0 and not row.prosperity and not row.unrest


def score_table(score, side: str = "player", *, every_row: bool = True):
    """One side's rows of ``score`` as a narrow DataFrame for people: ``source`` (a card with its place),
    ``rule: counted`` (the rule and what it counted), ``VP`` and, for the player, ``icons`` (prosperity and
    unrest).  Four columns instead of the frame's ten, so that the table fits a 590 px output area; the
    sections cited are :func:`sections_note`'s.  ``every_row=False`` leaves out the rows that add nothing
    (0 VP, no icons; :func:`score_tables_html` names them below the tables)."""
    import pandas as pd

    from explorer.core.inputs import one_of

    one_of(side, ("player", "rival"), "side", source="score_table")
    rows = score.player if side == "player" else score.rival
    if not every_row:
        rows = [r for r in rows if not _silent(r)]
    table = {"source": [_source_text(r) for r in rows], "rule: counted": [_rule_text(r) for r in rows],
             "VP": [r.vp for r in rows]}
    if side == "player":
        table["icons"] = [_icons_text(r) for r in rows]
    return pd.DataFrame(table)


def sections_note(score) -> str:
    """The rulebook sections the rows cite, in words: each section with the sources that cite it."""
    from explorer.behold_rome import refs

    cited: dict[str, list[str]] = {}
    for row in score.rows():
        if row.kind != "total":
            cited.setdefault(row.ref.section, []).append(row.source)
    main = refs.SCORING.section
    others = "; ".join(f'{", ".join(sources)}: "{section}"' for section, sources in cited.items() if section != main)
    return str(refs.SCORING) + (f" ({others})" if others else "")


def score_tables_html(score, *, headline: bool = True, every_row: bool = True) -> str:
    """``score`` as HTML for a notebook or a panel: the headline (who wins), the player's table and the
    rival civ's beside it (below it when the output area is narrower than both), and the sections cited;
    ``every_row=False``: the sources that add nothing (0 VP, no icons) named in one line instead of a row each.
    Every text column wraps between words within :data:`TABLE_WRAP`, so each table fits 590 px
    (docs/panel-layout.md; the frame's own HTML, ``Score._repr_html_``, keeps names and sections on one line)."""
    import html

    from explorer.behold_rome.scoring import Score
    from explorer.core.display import html_table, side_by_side

    if not isinstance(score, Score):
        from explorer.core.inputs import InputError

        raise InputError("argument", "score", "a Score (explorer.behold_rome.scoring.score())", score)
    wrap = ["source", "rule: counted", "icons"]
    parts = [html_table(score_table(score, "player", every_row=every_row), index=False, wrap=wrap,
                        wrap_width=TABLE_WRAP, caption=f"You: {score.total} VP")._repr_html_()]
    if score.rival:
        parts.append(html_table(score_table(score, "rival", every_row=every_row), index=False, wrap=wrap,
                                wrap_width=TABLE_WRAP, caption=f"{score.rival_name}: {score.rival_total} VP")._repr_html_())
    silent = [] if every_row else [_source_text(r) for r in score.rows() if _silent(r)]
    left_out = (f'<p class="score-silent"><small>Adding nothing (0 VP, no icons): '
                f'{html.escape(", ".join(silent))}.</small></p>') if silent else ""
    note = " The cards are INVENTED, illustrative." if score.illustrative else ""
    head = (f'<p class="score-headline"><b>{html.escape(score.headline())}</b> '
            f"(round {score.round} of {score.last_round}).{note}</p>") if headline else ""
    return (head + side_by_side(*parts) + left_out
            + f'<p class="score-sections"><small>Rules: {html.escape(sections_note(score))}.</small></p>')


__all__ = ["ScorePicture", "drawn_rows", "plot_score", "score_png", "score_table", "score_tables_html",
           "sections_note", "value_text"]
