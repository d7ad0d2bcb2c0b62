"""A strategy tournament view: choose Beyond strategies and the number of games, run a round robin,
see the standings.

Each pair of strategies plays two-player games with seat rotation
(:func:`explorer.beyond.tournament.round_robin`; the first seat holds the BEYOND stock card,
beyond-rulebook.txt, "Set Up"); a game ends and is scored as in "End of the Game - Counting Energy
Points".  The strategies differ in Phase 1 ("Phase 1: Reveal and Collection"): see
:mod:`explorer.beyond.strategies`.  The plots (:func:`explorer.beyond.render_tournament.tournament_figure`)
are drawn afresh for each run (their height follows the number of strategies) into the same
``Image`` widget; the standings table is an ``HTML`` widget updated in place.
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from explorer.beyond import refs
from explorer.beyond.render_tournament import tournament_figure
from explorer.beyond.tournament import TournamentResult, column_words, round_robin
from explorer.core.display import CAPTION_START, figure_png, new_figure
from explorer.core.panels.layout import FULL_LABEL, button_layout, row, table_html, table_widget
from explorer.core.words import counted

CHOICES = ("random", "stop-after-1", "stop-after-2", "stop-after-3", "risk-0.2", "risk-0.3", "risk-0.5", "greedy",
           "optimal", "capture-first")
"""Strategy names :func:`explorer.beyond.strategies.make_strategy` reads."""


def standings_html(frame) -> str:
    """The standings as an HTML table: the shares (win share, its 95% interval, games in the first
    seat) as percentages, the other numbers with 2 decimals."""
    shares = [c for c in frame.columns if c in ("win_share", "ci_low", "ci_high", "first_seat_share")]
    out = frame.copy()
    for column in shares:
        out[column] = out[column].map(lambda v: f"{float(v):.1%}")
    out = out.rename(columns=column_words)  # the producer's words: "win share", "95% low" ...
    return table_html(out.to_html(index=False, border=0, float_format=lambda x: f"{x:.2f}"))


class TournamentPanel(widgets.VBox):
    """Choose strategies (``beyond-tournament-strategies``), games per pair
    (``beyond-tournament-games``) and a seed (``beyond-tournament-seed``), press Run
    (``beyond-tournament-run``): the standings table (``beyond-tournament-standings``) and the
    plots (``beyond-tournament-plots``, an Image) update in place; ``panel.result`` is the
    :class:`~explorer.beyond.tournament.TournamentResult`.  Fewer than 2 strategies: the status
    (``beyond-tournament-status``) says so and nothing runs."""

    def __init__(self, strategies=("stop-after-2", "risk-0.3", "optimal"), games_per_pair: int = 20, seed: int = 0,
                 choices=CHOICES, executor=None):
        self.executor = executor
        options = list(dict.fromkeys([*choices, *strategies]))
        self.strategies = widgets.SelectMultiple(options=options, value=tuple(strategies), rows=min(10, len(options)),
                                                 description="Strategies", style=FULL_LABEL,
                                                 layout=widgets.Layout(width="auto", min_width="240px", max_width="100%")
                                                 ).add_class("beyond-tournament-strategies")
        self.games = widgets.IntSlider(games_per_pair, 2, 400, step=2, description="games per pair",
                                       style=FULL_LABEL,
                                       layout=widgets.Layout(width="auto", min_width="240px", max_width="100%")
                                       ).add_class("beyond-tournament-games")
        self.seed = widgets.IntText(seed, description="seed", style=FULL_LABEL,
                                    layout=widgets.Layout(width="180px")).add_class("beyond-tournament-seed")
        self.run_button = widgets.Button(description="Run", button_style="primary", tooltip="play the round robin",
                                         layout=button_layout()
                                         ).add_class("beyond-tournament-run")
        self.status = widgets.HTML(layout=widgets.Layout(max_width="100%")).add_class("beyond-tournament-status")
        self.standings = table_widget().add_class("beyond-tournament-standings")
        # the plots at their natural size, scaled down (aspect kept) when the output area is narrower
        self.plots = widgets.Image(format="png", layout=widgets.Layout(visibility="hidden", max_width="100%",
                                                                       height="auto")
                                   ).add_class("beyond-tournament-plots")
        self.result: TournamentResult | None = None
        self.last_run_ms = 0.0
        self.run_button.on_click(self.on_run)
        super().__init__([
            widgets.HTML(f"{CAPTION_START}Round robin with seat rotation; rules: {html.escape(str(refs.END_OF_GAME))}, "
                         f"{html.escape(str(refs.PHASE_1))}</small>"),
            row([self.strategies, widgets.VBox([self.games, self.seed, self.run_button],
                                               layout=widgets.Layout(max_width="100%"))]),
            self.status, self.standings, self.plots,
        ], layout=widgets.Layout(max_width="100%"))
        self.add_class("beyond-tournament-panel")

    def on_run(self, _button=None) -> None:
        """Play the round robin the controls describe and show it."""
        chosen = list(self.strategies.value)
        if len(chosen) < 2:
            self.status.value = "<span class='refused'>choose at least 2 strategies</span>"
            return
        begin = time.perf_counter()
        self.status.value = f"playing {counted(len(chosen) * (len(chosen) - 1) // 2, 'pairing')} ..."
        self.result = round_robin(chosen, games_per_pair=self.games.value, seed=self.seed.value,
                                  executor=self.executor, progress=False)
        frame = self.result.standings
        self.standings.value = standings_html(frame)
        height = max(3.6, 2.0 + 0.45 * len(chosen))
        figure = new_figure(14.0, height, dpi=70)
        tournament_figure(self.result, figure)
        self.plots.value = figure_png(figure)
        self.plots.layout.visibility = "visible"
        self.last_run_ms = (time.perf_counter() - begin) * 1000
        self.status.value = (f"{len(self.result.games)} games in {self.last_run_ms / 1000:.1f} s; leader "
                             f"<span class='leader'>{html.escape(frame['strategy'][0])}</span>")
