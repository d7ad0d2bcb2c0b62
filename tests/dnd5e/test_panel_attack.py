"""The attack odds panel in plain Python: set a widget value, check the exact answer and what is shown."""

from pathlib import Path

import ipywidgets as widgets
import pytest

from explorer.core.inputs import InputError
from explorer.core.panels import layout
from explorer.dnd5e.odds import attack_odds, turn_odds
from explorer.dnd5e.panels import AttackOddsPanel
from explorer.dnd5e.panels.panel_attack import LABEL_WIDTH

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "dnd5e"


def _shown(markup: str) -> str:
    """The text a browser shows (break hints such as ``11/<wbr>20`` removed)."""
    return markup.replace("<wbr>", "")


def _widths(panel) -> list[float]:
    return [bar.get_width() for bar in panel.chart.outcomes.bars]


def _damage_heights(panel) -> dict[int, float]:
    out = {}
    for path in panel.chart.damage_bars.get_paths():
        xs, ys = path.vertices[:, 0], path.vertices[:, 1]
        out[round(float(xs.min() + xs.max()) / 2)] = float(ys.max())
    return out


def test_the_panel_starts_on_plus_five_against_ac_15_with_exact_numbers():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE" and SRD 5.1 "Rolling 1 or 20": +5 against RK 15
    hits on a natural 10-20, 11/20, the natural 20 (1/20) critically; 9/20 misses."""
    panel = AttackOddsPanel()
    table = _shown(panel.table.value)
    for shown in ("11/20", "1/20", "9/20", "55 %", "45 %", "87/20", "4,35", "10–20"):
        assert shown in table
    assert _widths(panel) == [pytest.approx(0.45), pytest.approx(0.5), pytest.approx(0.05)]
    assert bytes(panel.figure_widget.value[:4]) == b"\x89PNG"
    assert "ANGRIFF" in table and "Rolling 1 or 20" in table  # the rules cited under the table


def test_moving_the_ac_slider_shows_the_new_exact_odds_in_place():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE": RK 18 needs a natural 13 with +5: 8/20 = 2/5 hit."""
    panel = AttackOddsPanel()
    picture, chart, before = panel.figure_widget, panel.chart, bytes(panel.figure_widget.value)
    panel.ac.value = 18
    expected = attack_odds(5, 18, "1W8+3")
    assert (panel.result.p_miss, panel.result.p_hit, panel.result.p_crit) == (expected.p_miss, expected.p_hit,
                                                                                expected.p_crit)
    table = _shown(panel.table.value)
    assert "2/5" in table and "40 %" in table and "13–20" in table
    assert _widths(panel) == [pytest.approx(0.6), pytest.approx(0.35), pytest.approx(0.05)]
    heights = _damage_heights(panel)
    assert heights[0] == pytest.approx(0.6)
    assert all(heights[d] == pytest.approx(float(p)) for d, p in expected.damage_distribution.items())
    assert panel.figure_widget is picture and panel.chart is chart  # updated in place
    assert bytes(panel.figure_widget.value) != before


def test_mode_cover_and_attacks_reach_the_question():
    """SRD 5.1, "Combat > Cover" (half cover +2 RK) and "Advantage and Disadvantage"; several attacks of
    a turn (dnd5e-combat-de-excerpt.txt, "ANGRIFF") add their damage."""
    panel = AttackOddsPanel()
    panel.cover.value = "halb"
    assert panel.result.effective_ac == 17 and "RK 17" in panel.table.value
    panel.mode.value = "nachteil"
    assert panel.result.mode.mode == "nachteil"
    assert panel.result.p_treffer == attack_odds(5, 15, "1W8+3", mode="nachteil", cover="halb").p_treffer
    panel.attacks.value = 2
    expected = turn_odds([panel.result, panel.result])
    assert panel.turn is not None and panel.turn.expected_damage == expected.expected_damage
    heights = _damage_heights(panel)
    assert heights[0] == pytest.approx(float(expected.p_no_hit)) and max(heights) == 38
    assert "im Zug (2 Angriffe)" in panel.table.value
    panel.attacks.value = 1
    assert panel.turn is None


def test_a_wrong_dice_text_shows_a_german_message_and_keeps_the_last_result():
    """SRD 5.1, "Combat > Damage and Healing > Damage Rolls": a damage roll is dice plus a modifier;
    '1W8+', 'drei Würfel', '0W6' and '21W6' (over 20 dice) are none, shown beside the field."""
    panel = AttackOddsPanel()
    panel.damage.value = "2W6+4"
    good, table, picture = panel.result, panel.table.value, bytes(panel.figure_widget.value)
    for wrong in ("1W8+", "drei Würfel", "0W6", "21W6", ""):
        panel.damage.value = wrong
        assert "Ungültige Schadenswürfel" in panel.damage_message.value and "1W8+3" in panel.damage_message.value
        assert panel.result is good and panel.table.value == table and bytes(panel.figure_widget.value) == picture
    panel.damage.value = "1d10+2"  # English notation too
    assert panel.damage_message.value == "" and str(panel.result.damage) == "1W10+2"


def test_a_turn_too_large_to_combine_is_refused_in_words():
    """SRD 5.1, "Combat > Damage and Healing > Damage Rolls": eight attacks of 20W100 would combine
    more sums than the odds allow; the panel says so and keeps the last answer."""
    panel = AttackOddsPanel(damage="20W100")
    good = panel.result
    panel.attacks.value = 8
    assert "zu viele oder zu große Würfel" in panel.message.value
    assert panel.result is good and panel.turn is None


def test_wrong_starting_values_are_input_errors():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE": the panel's arguments are checked before any odds."""
    for kwargs in ({"ac": 99}, {"damage": "W"}, {"mode": "doppelt"}, {"cover": "voll"}, {"attacks": 0}):
        with pytest.raises(InputError):
            AttackOddsPanel(**kwargs)


def test_the_panel_lays_out_in_wrapping_rows_with_the_table_beside_the_chart():
    """docs/panel-layout.md, for dnd5e-combat-de-excerpt.txt "ANGRIFF": rows wrap, columns keep their
    width, the table beside the chart drops below when narrow, labels in full."""
    panel = AttackOddsPanel()
    rows = [child for child in panel.children if isinstance(child, widgets.Box) and not isinstance(child, widgets.VBox)]
    assert rows and all(row.layout.flex_flow == "row wrap" and row.layout.display == "flex" for row in rows)
    assert panel.results.children == (panel.figure_widget, panel.table)
    needs = layout.table_min_width(panel.table.value)
    assert 200 <= needs <= 480 and panel.table.layout.min_width == f"min({needs}px, 100%)"
    columns = rows[0].children
    assert all(column.layout.width == f"{layout.COLUMN_WIDTH}px" for column in columns)
    assert 2 * layout.COLUMN_WIDTH + 18 <= 780  # two columns side by side at a 1280 px window
    assert panel.chart.pixel_size[0] <= layout.NARROWEST and panel.figure_widget.layout.max_width == "100%"
    for control in panel.controls:
        assert layout.text_width(control.description) <= LABEL_WIDTH  # descriptions shown in full


def test_the_chart_is_blitted_and_drawn_in_full_only_for_a_new_range():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE": moving the bonus back and forth redraws the bars only."""
    panel = AttackOddsPanel()
    for bonus in (6, 7, 6, 7):
        panel.attack_bonus.value = bonus
    draws = panel.chart.full_draws
    for bonus in (6, 7, 6, 7, 6):
        panel.attack_bonus.value = bonus
    assert panel.chart.full_draws == draws  # each range's background cached
    slow = AttackOddsPanel(blit=False)
    slow.attack_bonus.value = 7
    assert slow.chart.full_draws == 0 and slow.table.value == AttackOddsPanel(7).table.value


def test_the_panel_shows_itself_without_widgets_and_saves_its_picture():
    """dnd5e-combat-de-excerpt.txt, "ANGRIFFSWÜRFE" with Vorteil (SRD 5.1, "Advantage and Disadvantage"):
    the static HTML has the chart and the table; the chart is saved for a look."""
    panel = AttackOddsPanel(7, 16, "2W6+4", mode="vorteil", attacks=2)
    shown = _shown(panel._repr_html_())
    assert "<img" in shown and "data:image/png;base64" in shown
    # +7 against RK 16 needs a natural 9: a miss only if both dice show 1-8, (8/20)^2 = 4/25; a critical
    # hit unless neither shows 20, 39/400
    assert "21/25" in shown and "4/25" in shown and "39/400" in shown
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "attack-odds-panel.png").write_bytes(panel.chart.png())
    assert (ARTIFACTS / "attack-odds-panel.png").stat().st_size > 10_000
