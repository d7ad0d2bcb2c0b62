"""Interactive figures for the panels (explorer/behind/panels/panel_figures.py)."""

import matplotlib

from explorer.behind.panels.panel_figures import ipympl_backend, ipympl_figure


def test_an_ipympl_figure_leaves_the_users_backend_alone():
    """Importing ipympl's backend makes it matplotlib's backend; a panel that makes one ipympl
    canvas on request must not switch every later "auto" panel (and pyplot) to ipympl."""
    before = matplotlib.rcParams._get("backend")
    figure = ipympl_figure(3, 2, 80)
    assert type(figure.canvas).__module__.startswith("ipympl")
    assert not figure.canvas.toolbar_visible and not figure.canvas.resizable
    assert matplotlib.rcParams._get("backend") == before
    assert ipympl_backend() == (str(matplotlib.get_backend(auto_select=False) or "").lower()
                                in ("module://ipympl.backend_nbagg", "widget", "ipympl"))


def test_the_odds_panels_chart_gives_each_side_its_society_colour_whatever_its_role():
    """behind-2003-rulebook.txt, "Melee Combat (Nahkampf)" and "Ranged Combat (Fernkampf)": the live odds
    panels' chart (SlotChart) colours a side by its character's society, as the table and the lessons'
    odds charts do (palette.outcome_colours): Sahra Jeanette attacking Ludwig von Auenstedt has
    Schwesternbund blue bars and ticks, his are Vampire red -- and the other way round when he attacks;
    the axis label names the colours; two Vampires keep the role colours.  A picture blitted after the
    colours changed equals the one drawn afresh."""
    from io import BytesIO

    import numpy as np
    from matplotlib.colors import to_hex
    from PIL import Image

    from explorer.behind import melee_odds, ranged_odds
    from explorer.behind.data import load_characters
    from explorer.behind.palette import ROLE_COLOURS, SOCIETY_COLOURS
    from explorer.behind.panels.panel_figures import SlotChart

    characters = load_characters()
    ludwig, sahra = characters["ludwig-von-auenstedt"], characters["sahra-jeanette"]
    other = next(c for c in characters.values() if c.society == "Vampire" and c is not ludwig)
    even = [f for f in range(1, 10) for _ in range(4)]
    red, blue = SOCIETY_COLOURS["Vampire"], SOCIETY_COLOURS["Schwesternbund"]
    chart = SlotChart("melee")

    def colours():
        bars = {loser: to_hex(bar.get_facecolor()) for bar, (loser, _) in zip(chart.bars, chart.slots)}
        ticks = {loser: to_hex(tick.get_color()) for tick, (loser, _) in zip(chart.axes.get_xticklabels(), chart.slots)}
        assert bars == ticks
        return bars

    def pixels(png):
        return np.asarray(Image.open(BytesIO(png)).convert("RGB"))

    for attacker, defender, expected in ((sahra, ludwig, (blue, red)), (ludwig, sahra, (red, blue)),
                                         (sahra, ludwig, (blue, red))):
        chart.update(melee_odds(attacker, defender, attacker_supply=even, defender_supply=even))
        found = colours()
        assert (found["attacker"], found["defender"], found["tie"]) == (*expected, ROLE_COLOURS["tie"])
        words = {red: "red", blue: "blue"}
        assert chart.axes.get_xlabel() == (f"injuries: attacker ({words[expected[0]]})  |  tie  |  "
                                           f"defender ({words[expected[1]]})")
        assert (pixels(chart.render()) == pixels(chart.png())).all()
    chart.update(melee_odds(ludwig, other, attacker_supply=even, defender_supply=even))
    assert colours()["attacker"] == ROLE_COLOURS["attacker"] and colours()["defender"] == ROLE_COLOURS["defender"]
    shot = SlotChart("ranged")
    shot.update(ranged_odds(sahra, ludwig, weapon_fate=9, shooter_supply=even, target_supply=even))
    assert {to_hex(b.get_facecolor()) for b, (loser, _) in zip(shot.bars, shot.slots) if loser == "target"} == {red}
    assert shot.axes.get_xlabel() == "miss (dodged)  |  injuries to the target (red)"
