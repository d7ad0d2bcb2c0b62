"""Beyond's figures (issue 11): one colour per spirit in every figure, and a tournament figure whose
text is at least the minimum size at the size a notebook shows it."""

import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from explorer.beyond import new_game
from explorer.beyond.palette import SPIRIT_COLOURS, spirit_colour
from explorer.beyond.render_cards import draw_card
from explorer.beyond.render_odds import plot_curves
from explorer.beyond.render_tournament import tournament_figure
from explorer.beyond.tournament import shipped_round_robin
from explorer.core.display import figure_png, new_figure
from explorer.core.render_labels import too_small


def test_a_spirit_has_one_colour_in_cards_and_curves():
    game = new_game(["P1", "P2"], seed=7)
    card = next(c for c in game.cards.values() if getattr(c, "spirit", None) == "TS")
    ax = new_figure().add_subplot()
    box = draw_card(ax, 0, 0, card, game.components)[0]
    assert to_hex(box.get_facecolor()) == SPIRIT_COLOURS["TS"]
    lines = plot_curves({"fresh deck": [(0, 0.1), (1, 0.2)], "d Turtle Snakes discarded": [(0, 0.2), (1, 0.3)]},
                        xlabel="d")
    assert to_hex(lines[1].get_color()) == SPIRIT_COLOURS["TS"] and spirit_colour("fresh deck") is None


@pytest.mark.parametrize("figure", [None, "wide"])
def test_tournament_text_readable_at_display_size(figure):
    """The lesson passes a 16 inch figure, which a notebook shows at about 9.5 inches: its fonts grow."""
    given = Figure(figsize=(16, 4.8), layout="constrained") if figure == "wide" else None
    drawn = tournament_figure(shipped_round_robin(), given)
    figure_png(drawn)
    small = too_small(drawn)
    assert not small, [(t.get_text(), t.get_fontsize()) for t in small][:5]
