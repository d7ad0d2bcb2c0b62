"""The designer's table view (TablePanel, drawn by render_table.LiveTable) keeps its chips' and
obstacles' labels off the sight lines it draws from the selected chip (issue 11; sight lines:
behind-2003-rulebook.txt, "Ranged Combat (Fernkampf)"): a label on a line hides whether the line is
clear or blocked.  Measured on the drawn text boxes and the drawn lines.
"""

from matplotlib.path import Path

from explorer.behind import Chip, Obstacle, Table
from explorer.core.render_labels import overlapping_pairs, renderer_of

VAMPIRE, SISTERS = "Vampire", "Schwesternbund"


def crowd_and_a_wall() -> Table:
    """Six chips close together, a wall between them and Isabeau, who looks at them."""
    return Table(60, 40, obstacles=[Obstacle.box("wall", 30, 14, 3, 12, height=6)], chips=[
        Chip("Ludwig von Auenstedt", VAMPIRE, 18, 20, 0), Chip("Sahra Jeanette", SISTERS, 22, 23, 180),
        Chip("Schwester Agathe", SISTERS, 22, 17, 180), Chip("Mathilde", VAMPIRE, 15, 24, 0),
        Chip("Konrad der Kühne", VAMPIRE, 15, 16, 0), Chip("Johanna", SISTERS, 25, 20.5, 180),
        Chip("Isabeau", VAMPIRE, 40, 30, 180)])


def crossings(panel) -> list[tuple[str, int]]:
    """(label, line) pairs: a chip's or an obstacle's label crossed by a drawn sight line."""
    panel.png()  # drawn as the browser gets it
    ax = panel.ax
    renderer = renderer_of(ax.figure)
    lines = [Path(ax.transData.transform(line.get_xydata())) for line in panel.sight_lines.visible()]
    assert lines, "the selected chip's sight lines are drawn"
    live = panel.live
    out = []
    for artists in (*live.chip_artists.values(), *live.obstacle_artists.values()):
        box = artists.label.get_window_extent(renderer)
        out += [(artists.label.get_text(), k) for k, path in enumerate(lines) if path.intersects_bbox(box, filled=False)]
    return out


def labels_overlapping(panel) -> list:
    renderer = renderer_of(panel.ax.figure)
    live = panel.live
    texts = [a.label for a in (*live.chip_artists.values(), *live.obstacle_artists.values())]
    return overlapping_pairs([t.get_window_extent(renderer) for t in texts])


def test_labels_keep_off_the_sight_lines_of_the_selected_chip():
    from explorer.behind.panels.panel_table import TablePanel

    panel = TablePanel(crowd_and_a_wall(), canvas="png")
    for observer in ("Isabeau", "Johanna", "Ludwig von Auenstedt"):
        panel.chip.value = observer
        assert not crossings(panel), observer
        assert not labels_overlapping(panel), observer


def test_labels_placed_again_when_the_sight_lines_move():
    """Another observer draws other lines: the labels they now cross are placed again (and only the
    lines decide it: the chips did not move)."""
    from explorer.behind.panels.panel_table import TablePanel

    panel = TablePanel(crowd_and_a_wall(), canvas="png")
    panel.chip.value = "Mathilde"
    assert not crossings(panel)
    panel.chip.value = "Isabeau"
    assert not crossings(panel)
    panel.sight.value = False  # no lines: nothing to keep off
    panel.png()
    assert not panel.sight_lines.visible()
