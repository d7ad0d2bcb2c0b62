"""The picture of a Behold: Rome score (behold-rome-rulebook.txt, "Scoring"): the player's sources
above the rival civ's, each bar's VPs written clear of every bar and label, text at least 8 pt."""

from __future__ import annotations

import pytest
from matplotlib.patches import Rectangle

from explorer.behold_rome.cards import load_cards
from explorer.behold_rome.render_scoring import ScorePicture, drawn_rows, plot_score, value_text
from explorer.behold_rome.scoring import score
from explorer.core.inputs import InputError
from explorer.core.render_labels import label_collisions, too_small
from tests.behold_rome.test_scoring import civ

SHIPPED = load_cards()


def _problems(figure) -> list[str]:
    bars = tuple(p for ax in figure.axes for p in ax.patches if isinstance(p, Rectangle))
    return label_collisions(figure, obstacles=bars) + [f"{t.get_text()!r} too small" for t in too_small(figure)]


def _late_game():
    """A late position of the shipped (INVENTED) set: 4 controlled regions, several scoring cards,
    uncovered unrest, as empire."""
    places = [("gaul", 3, "controlled"), ("africa", 3, "controlled"), ("egypt", 2, "controlled"),
              ("hispania", 3, "controlled"), ("legion", 4, "hand"), ("games", 3, "deck"), ("britannia", 3, "stored"),
              ("forum", 3, "hand"), ("fleet", 4, "deck"), ("roads", 4, "top"), ("aqueduct", 4, "deck"),
              ("greece", 4, "deck"), ("villa", 2, "deck")]
    return civ(*places, nation=3, cardset=SHIPPED)


def test_the_score_picture_reads_cleanly_and_shows_every_source_that_scored():
    """behold-rome-rulebook.txt, "Scoring" and "Difficulty Settings > Rival Civ Difficulty Settings":
    every source that scored a VP is a bar with its VPs beside it, player above Carthage (hard); no
    label touches a bar or another label, every text at least 8 pt."""
    result = score(_late_game(), "Carthage", rival_difficulty="hard")
    figure = plot_score(result)
    assert _problems(figure) == []
    top, bottom = figure.axes
    for ax, side in ((top, "player"), (bottom, "rival")):
        rows = drawn_rows(result, side)
        assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == len(rows)
        assert [t.get_text() for t in ax.texts] == [value_text(r) for r in rows]
        assert [t.get_text().replace("\u2212", "-") for t in ax.texts] == [
            f"{r.vp:+d}" if r.kind != "total" else str(r.vp) for r in rows]
    assert [t.get_text() for t in top.get_yticklabels()][-1] == "total"
    assert "uncovered unrest" in [t.get_text() for t in top.get_yticklabels()]
    assert top.get_title(loc="left") == f"You: {result.total} VP"
    assert bottom.get_title(loc="left") == f"Carthage: {result.rival_total} VP"
    assert "INVENTED" in figure._suptitle.get_text()
    figure.savefig("/dev/null", format="png")


def test_a_large_loss_is_drawn_left_with_its_label_inside():
    """behold-rome-rulebook.txt, "Scoring": "Subtract 2 VP from your score for every uncovered
    unrest" -- a loss is a bar to the left of 0, its label left of it and inside the axes."""
    unrest = civ(("games", 3, "hand"), ("villa", 3, "hand"), ("gaul", 3, "controlled"),
                 ("britannia", 4, "controlled"), nation=3, cardset=SHIPPED)
    result = score(unrest, "Germania")
    assert result.total < 0
    figure = plot_score(result)
    assert _problems(figure) == []
    loss = [t for t in figure.axes[0].texts if t.get_text().startswith("\u2212")]
    assert loss and all(t.get_horizontalalignment() == "right" for t in loss)


def test_score_chaser_mode_draws_the_player_alone_and_a_score_of_nothing():
    """behold-rome-rulebook.txt, "Variants" (Score Chaser Mode: no bot civ): one panel; a civ that
    scores nothing still shows its total of 0."""
    figure = plot_score(score(civ(("rome-c", 2, "hand"), nation=2)))
    assert len(figure.axes) == 1 and [t.get_text() for t in figure.axes[0].texts] == ["0"]
    assert _problems(figure) == []


def test_the_picture_shows_itself_and_refuses_what_is_not_a_score():
    """behold-rome-rulebook.txt, "Scoring": the scoring assistant's picture in Jupyter (PNG); anything
    but a Score is an InputError."""
    picture = ScorePicture(score(_late_game(), "Parthia"))
    assert picture._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture._repr_html_().startswith("<img")
    for bad in (None, "score", 3):
        with pytest.raises(InputError, match="a Score"):
            plot_score(bad)


def test_the_score_tables_fit_590_px_and_keep_every_row():
    """behold-rome-rulebook.txt, "Scoring" and "Difficulty Settings > Rival Civ Difficulty Settings": the
    scoring assistant's tables list every source of both sides (its rule, what it counted, its VPs, the
    player's prosperity and unrest icons) and each fits JupyterLab's narrowest output area, 590 px, with
    every word whole (docs/panel-layout.md; the frame's own HTML kept sections such as "Difficulty Settings >
    Rival Civ Difficulty Settings" on one line and ran past the output area at 1024 px)."""
    import re

    from explorer.behold_rome.render_scoring import score_table, score_tables_html, sections_note
    from explorer.core.panels.layout import NARROWEST, table_min_width

    result = score(_late_game(), "Carthage", rival_difficulty="hard")
    player, rival = score_table(result, "player"), score_table(result, "rival")
    assert list(player.columns) == ["source", "rule: counted", "VP", "icons"]
    assert list(rival.columns) == ["source", "rule: counted", "VP"]
    assert player["VP"].tolist() == [r.vp for r in result.player] and rival["VP"].tolist() == [r.vp for r in result.rival]
    unrest = [r for r in result.player if r.unrest][0]
    assert f"{unrest.unrest} unrest" in player["icons"][list(result.player).index(unrest)]
    markup = score_tables_html(result)
    tables = re.findall(r"<table.*?</table>", markup, flags=re.S)
    assert len(tables) == 2
    for table in tables:
        assert table_min_width(table, font_px=12) <= NARROWEST, table_min_width(table, font_px=12)
    assert "Difficulty Settings &gt; Rival Civ Difficulty Settings" in markup
    assert "Rival Civ Difficulty Settings" in sections_note(result) and result.headline() in markup
    with pytest.raises(InputError, match="side"):
        score_table(result, "bot")
    with pytest.raises(InputError, match="a Score"):
        score_tables_html("63")


@pytest.mark.parametrize("rival", ["Carthage", "Parthia", "Germania"])
def test_the_panel_picture_590_px_wide_reads_cleanly(rival):
    """behold-rome-rulebook.txt, "Scoring" and "Rival Civ Card": the scoring assistant's panel draws the
    picture 590 px wide (docs/panel-layout.md, rule 7: shown at its own size in the narrowest output
    area); every rival's rules still read cleanly beside their bars, text at least 8 pt; a width outside
    4-12 inches is refused, naming it."""
    figure = plot_score(score(_late_game(), rival, rival_difficulty="hard"), width=5.9)
    assert round(figure.get_figwidth() * figure.dpi) == 590
    assert _problems(figure) == []
    with pytest.raises(InputError, match="width"):
        plot_score(score(_late_game(), rival), width=40)


def test_the_tables_may_name_the_sources_that_add_nothing_in_one_line():
    """behold-rome-rulebook.txt, "Scoring": every source is counted; the panel lists those that score or
    carry icons, and names the ones that add nothing (0 VP, no prosperity, no unrest) in one line."""
    from explorer.behold_rome.render_scoring import score_table, score_tables_html

    result = score(_late_game(), "Carthage")
    every, some = score_table(result), score_table(result, every_row=False)
    silent = [r for r in result.player if r.kind != "total" and r.vp == 0 and not r.prosperity and not r.unrest]
    assert silent and len(some) == len(every) - len(silent) and some["VP"].sum() == every["VP"].sum()
    markup = score_tables_html(result, every_row=False)
    line = markup.split('class="score-silent"')[1].split("</p>")[0]
    assert all(f"{r.source} ({r.place})" in line for r in silent if r.card)
    assert 'class="score-silent"' not in score_tables_html(result)


def test_the_panel_draws_no_second_headline(monkeypatch):
    """The scoring assistant's panel writes the headline ("you 0 VP vs Carthage 70 VP (normal): you lose") right
    above the picture; the picture then has no title saying it again (issue 11: the app's headline read twice, in
    two wordings).  A picture on its own keeps its headline."""
    import explorer.behold_rome.panels.panel_scoring as panel_scoring
    from explorer.behold_rome.system import start

    the_score = score(_late_game(), "Carthage")
    assert plot_score(the_score)._suptitle.get_text().startswith(the_score.headline())
    assert plot_score(the_score, headline=False)._suptitle is None
    drawn = []
    monkeypatch.setattr(panel_scoring, "plot_score", lambda *a, **k: drawn.append(k) or plot_score(*a, **k))
    panel = panel_scoring.ScoringPanel(start({"difficulty": "normal"}, 8))
    assert "you lose" in panel.headline.value or "you win" in panel.headline.value
    assert drawn and drawn[0].get("headline") is False
