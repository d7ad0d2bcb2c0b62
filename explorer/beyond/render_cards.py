"""Drawing Beyond's cards with matplotlib: a card, the revealed row, a player's area, the discard pile.

Pure drawing functions over the engine's state (they never change it).  A Celestial Spirit card
is a rounded rectangle in its spirit's colour with the spirit's name, its part and its protection
symbol -- a black disc for Yin, a white one for Yang (beyond-rulebook.txt, "The Celestial Spirit
Cards", "Card fronts: Celestial Spirit face"); its Capture side shows only the symbol ("Card
backs: Yin or Yang Capture Side").  A player's area holds the loose Spirit cards (grouped by
spirit), the complete patterns, marked *enchanted* ("Enchanted Celestial Spirit"), the Nian Shou
cards ("The 6 Cards of the Evil Spirit"), the Stock card with its 4 capture corners and the
tokens and Lotus tokens ("Set Up"; "Phase 2: Positioning of Collected Cards in Their Play Area").

:class:`RevealRow` keeps one figure alive and updates a fixed row of card slots in place (a live
panel's redraw); :func:`area_png` and :func:`revealed_png` draw PNG bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch

from explorer.beyond.cards import YIN, SpiritCard
from explorer.core.display import figure_png

SPIRIT_COLOURS = {  # the Four Symbols' colours, and the centre's yellow
    "TS": "#2e5e6e",  # Turtle Snake: the dark north
    "VB": "#c8372d",  # Vermilion Bird: red
    "AD": "#2f7fc1",  # Double Azure Dragon: azure
    "MT": "#8c8c8c",  # Double Metal Tiger: metal grey
    "YU": "#e0b21b",  # Yellow Unicorn: yellow
}
NIAN_SHOU_COLOUR = "#5b2a86"
CAPTURE_COLOUR = "#f2ead3"
EMPTY_COLOUR = "#eeeeee"
ENCHANTED_EDGE = "#d4a017"
CARD_W, CARD_H = 1.0, 1.4
MAX_REVEALED = 6
"""At most 5 different spirits then a failing 6th card can be revealed in one round."""


def text_colour(spirit: str) -> str:
    return "black" if spirit in ("YU", "MT") else "white"


def spirit_name(state_or_components, code: str) -> str:
    components = getattr(state_or_components, "components", state_or_components)
    return components.spirits[code].name


def _short_name(name: str) -> str:
    return name.replace("Double ", "").replace(" ", "\n", 1)


def card_label(card: SpiritCard, name: str, parts: int) -> str:
    """The text on a card's Spirit face: the spirit's name and, if it has several parts, the part."""
    label = _short_name(name)
    return f"{label}\n{card.part}" if parts > 1 else label


def symbol_mark(ax, x: float, y: float, symbol: str, radius: float = 0.11, zorder: int = 4) -> Circle:
    """A Yin (black) or Yang (white) disc centred at (x, y)."""
    disc = Circle((x, y), radius, facecolor="black" if symbol == YIN else "white", edgecolor="black",
                  linewidth=1.0, zorder=zorder)
    ax.add_patch(disc)
    return disc


def draw_card(ax, x: float, y: float, card: SpiritCard | None, components=None, *, width: float = CARD_W,
              height: float = CARD_H, edge: str = "black", linewidth: float = 1.0, fontsize: float = 6.5) -> list:
    """Draw ``card``'s Spirit face with its lower-left corner at (x, y) (a Nian Shou card if
    ``card`` is None); return its artists.  The name, part and symbol sit in the card's top strip,
    so that cards stacked with an offset stay readable; ``components`` names the spirit."""
    if card is None:
        face, name, part, symbols, colour = NIAN_SHOU_COLOUR, "Nian Shou", "", ("yin", "yang"), "white"
    else:
        spirit = components.spirits[card.spirit] if components is not None else None
        face = SPIRIT_COLOURS.get(card.spirit, "#777777")
        name = spirit.name.replace("Double ", "") if spirit else card.spirit
        part = card.part if spirit is None or len(spirit.parts) > 1 else ""
        symbols, colour = (card.symbol,), text_colour(card.spirit)
    box = FancyBboxPatch((x + 0.04, y + 0.04), width - 0.08, height - 0.08,
                         boxstyle="round,pad=0.04,rounding_size=0.1", facecolor=face, edgecolor=edge,
                         linewidth=linewidth, zorder=2)
    ax.add_patch(box)
    top = y + height - 0.1
    artists = [box, ax.text(x + 0.1, top, name, ha="left", va="top", fontsize=fontsize, color=colour, zorder=3)]
    if part:
        artists.append(ax.text(x + 0.1, top - 0.17, part, ha="left", va="top", fontsize=fontsize, color=colour,
                               zorder=3))
    for i, symbol in enumerate(symbols):  # Nian Shou cards: one Yin AND one Yang (The 6 Cards of the Evil Spirit)
        artists.append(symbol_mark(ax, x + width - 0.2 - 0.2 * i, top - 0.25, symbol, radius=0.08))
    return artists


def draw_capture_card(ax, x: float, y: float, card: SpiritCard, *, width: float = 0.8, height: float = 0.8) -> list:
    """Draw ``card``'s Capture side (only its symbol) at (x, y)."""
    box = FancyBboxPatch((x + 0.04, y + 0.04), width - 0.08, height - 0.08, boxstyle="round,pad=0.03,rounding_size=0.08",
                         facecolor=CAPTURE_COLOUR, edgecolor="black", linewidth=0.8, zorder=2)
    ax.add_patch(box)
    return [box, symbol_mark(ax, x + width / 2, y + height / 2, card.symbol, radius=0.17),
            ax.text(x + width / 2, y + 0.1, card.symbol, ha="center", va="bottom", fontsize=6, zorder=3)]


def _plain_axes(ax, width: float, height: float) -> None:
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_aspect("equal")
    ax.axis("off")


# -- the revealed row --------------------------------------------------------------------------------


class RevealRow:
    """The cards revealed this round, in order, in a figure kept alive between clicks.

    :data:`MAX_REVEALED` fixed slots: a click sets the colours, texts and symbols of the slots
    (empty slots are drawn as pale outlines), nothing is rebuilt.  A failed reveal's last card is
    edged red and so is the revealed card of the same spirit (beyond-rulebook.txt, "Phase 1: Reveal
    and Collection", "Failed reveal").  :meth:`update` returns PNG bytes; ``faces`` / ``labels``
    / ``symbols`` are the slot artists (tests read them)."""

    def __init__(self, components, width: float = 7.2, height: float = 1.75, dpi: int = 80):
        self.components = components
        self.figure = Figure(figsize=(width, height), dpi=dpi)
        self.figure.subplots_adjust(left=0.01, right=0.99, top=0.86, bottom=0.02)
        self.axes = self.figure.add_subplot()
        _plain_axes(self.axes, MAX_REVEALED * 1.2, 1.5)
        self.faces, self.labels, self.symbols = [], [], []
        for i in range(MAX_REVEALED):
            x = 0.1 + 1.2 * i
            self.faces.append(self.axes.add_patch(FancyBboxPatch(
                (x + 0.04, 0.04), CARD_W - 0.08, CARD_H - 0.08, boxstyle="round,pad=0.04,rounding_size=0.1",
                facecolor=EMPTY_COLOUR, edgecolor="#cccccc", linewidth=1.0)))
            self.labels.append(self.axes.text(x + CARD_W / 2, 0.82, "", ha="center", va="center", fontsize=8,
                                              linespacing=1.1))
            self.symbols.append(symbol_mark(self.axes, x + CARD_W / 2, 0.24, YIN, radius=0.12))
        self.title = self.axes.set_title("", fontsize=9, loc="left")

    @property
    def pixel_size(self) -> tuple[int, int]:
        width, height = self.figure.get_size_inches() * self.figure.dpi
        return round(width), round(height)

    def set_cards(self, cards: Sequence[SpiritCard], title: str = "") -> None:
        """Show ``cards`` (this round's, in order) in the slots."""
        cards = list(cards)[:MAX_REVEALED]
        spirits = Counter(c.spirit for c in cards)
        for i, (face, label, symbol) in enumerate(zip(self.faces, self.labels, self.symbols)):
            if i < len(cards):
                card = cards[i]
                spirit = self.components.spirits[card.spirit]
                clash = spirits[card.spirit] > 1
                face.set_facecolor(SPIRIT_COLOURS.get(card.spirit, "#777777"))
                face.set_edgecolor("#e8001c" if clash else "black")
                face.set_linewidth(3.0 if clash else 1.0)
                label.set_text(card_label(card, spirit.name, len(spirit.parts)))
                label.set_color(text_colour(card.spirit))
                symbol.set_facecolor("black" if card.symbol == YIN else "white")
                symbol.set_visible(True)
            else:
                face.set_facecolor(EMPTY_COLOUR)
                face.set_edgecolor("#cccccc")
                face.set_linewidth(1.0)
                label.set_text("")
                symbol.set_visible(False)
        self.title.set_text(title)

    def update(self, cards: Sequence[SpiritCard], title: str = "") -> bytes:
        """:meth:`set_cards` and return the row as PNG bytes."""
        self.set_cards(cards, title)
        return figure_png(self.figure)


def revealed_png(state, title: str = "") -> bytes:
    """The cards ``state`` has revealed this round, as PNG bytes."""
    return RevealRow(state.components).update([state.cards[c] for c in state.revealed], title)


# -- a player's area ---------------------------------------------------------------------------------


def area_layout(state, player: str) -> dict:
    """What :func:`draw_area` shows of ``player``'s area: ``loose`` (spirit code -> card ids, in
    the spirits' order), ``patterns`` (spirit, cards, lotus), ``nian``, ``captures``, ``tokens``,
    ``lotus``, ``protected``."""
    area = state.area(player)
    loose = {code: [c for c in area["spirit"] if state.cards[c].spirit == code] for code in state.components.spirits}
    return {"loose": {code: ids for code, ids in loose.items() if ids}, "patterns": area["patterns"],
            "nian": area["nian"], "captures": area["captures"], "tokens": area["tokens"], "lotus": area["lotus"],
            "protected": area["protected"]}


def _draw_stock(ax, state, player: str, layout: dict, x: float, y: float) -> None:
    """The Stock card (BEYOND or standard) with its 4 capture corners, its tokens and Lotus tokens."""
    w, h = 2.6, 2.4
    beyond = state.beyond_stock == player
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.15", facecolor="#fbf7ec",
                                edgecolor="black", linewidth=1.2, zorder=1))
    ax.text(x + w / 2, y + h / 2 + 0.32, "BEYOND stock" if beyond else "stock", ha="center", va="center",
            fontsize=8, weight="bold" if beyond else "normal", zorder=3)
    corners = [(x + 0.05, y + h - 0.85), (x + w - 0.85, y + h - 0.85), (x + 0.05, y + 0.05), (x + w - 0.85, y + 0.05)]
    capacity = state.components.capture_corners
    for i, (cx, cy) in enumerate(corners[:capacity]):
        if i < len(layout["captures"]):
            draw_capture_card(ax, cx, cy, state.cards[layout["captures"][i]])
        else:
            ax.add_patch(FancyBboxPatch((cx + 0.04, cy + 0.04), 0.72, 0.72, boxstyle="round,pad=0.03,rounding_size=0.08",
                                        facecolor="none", edgecolor="#bbbbbb", linestyle="--", linewidth=0.8, zorder=2))
    ax.text(x + w / 2, y + h / 2 - 0.05, f"tokens {layout['tokens']}", ha="center", va="center", fontsize=7.5, zorder=3)
    for i in range(layout["lotus"]):
        ax.add_patch(Circle((x + w / 2 - 0.15 * (layout["lotus"] - 1) + 0.3 * i, y + h / 2 - 0.42), 0.12,
                            facecolor="#f4a7c0", edgecolor="#a0305a", linewidth=0.8, zorder=3))
    ax.text(x + w / 2, y + h / 2 - 0.68, f"Lotus {layout['lotus']}", ha="center", va="center", fontsize=6.5,
            color="#a0305a", zorder=3)


def _stack_step(n: int) -> float:
    return 0.42 if n <= 8 else 3.0 / (n - 1)


def _draw_stack(ax, state, x: float, y0: float, ids: Sequence[str], **card_kw) -> float:
    """Cards of one column, the first on top of the pile at the back, each offset downwards so its
    top strip shows; returns the column's top."""
    step = _stack_step(len(ids))
    top = y0 + step * (len(ids) - 1)
    for i, card in enumerate(ids):
        draw_card(ax, x, top - step * i, state.cards.get(card) if card in state.cards else None, state.components,
                  **card_kw)
    return top + CARD_H


def draw_area(ax, state, player: str) -> dict:
    """Draw ``player``'s play area on ``ax`` (cleared first) and return :func:`area_layout`.

    Left: the Stock card with its capture corners, tokens and Lotus tokens; then the Nian Shou
    cards; then the enchanted patterns (gold edge, "enchanted", a Lotus disc if summoned); then the
    loose Spirit cards in one column per spirit (a protected card carries a gold token)."""
    ax.cla()
    layout = area_layout(state, player)
    y0, caption_y = 0.75, 0.45
    _draw_stock(ax, state, player, layout, 0.1, y0)
    x, high = 3.0, y0 + 2.4
    if layout["nian"]:
        high = max(high, _draw_stack(ax, state, x, y0, layout["nian"]))
        ax.text(x + 0.5, caption_y, f"Nian Shou x{len(layout['nian'])}", ha="center", va="center", fontsize=7)
        x += 1.2
    for pattern in layout["patterns"]:
        top = _draw_stack(ax, state, x, y0, pattern["cards"], edge=ENCHANTED_EDGE, linewidth=2.5)
        high = max(high, top + (0.3 if pattern["lotus"] else 0))
        name = state.components.spirits[pattern["spirit"]].name.replace("Double ", "")
        ax.text(x + 0.5, caption_y, f"enchanted\n{name}", ha="center", va="center", fontsize=6.5, color="#8a6500")
        if pattern["lotus"]:  # summoned (Summoning an Enchanted Celestial Spirit)
            ax.add_patch(Circle((x + 0.5, top + 0.15), 0.12, facecolor="#f4a7c0", edgecolor="#a0305a", zorder=5))
        x += 1.2
    for ids in layout["loose"].values():
        top = _draw_stack(ax, state, x, y0, ids)
        high = max(high, top)
        step = _stack_step(len(ids))
        for i, card in enumerate(ids):
            if card in layout["protected"]:  # a protection token on the card (Protection Tokens)
                ax.add_patch(Circle((x + 0.55, top - step * i - 0.35), 0.09, facecolor="#d9c27a", edgecolor="black",
                                    zorder=6))
        ax.text(x + 0.5, caption_y, f"{len(ids)} loose", ha="center", va="center", fontsize=7)
        x += 1.1
    width = max(x + 0.1, 12.0)
    ax.set_title("gold edge: enchanted pattern; gold disc: protection token; pink disc: Lotus token",
                 loc="right", fontsize=6, color="#555555")
    _plain_axes(ax, width, high + 0.1)
    ax.set_ylim(0.1, high + 0.1)
    score = state.score(player)
    ax.set_title(f"{player}: {score['total']} energy points (patterns {score['patterns']}, loose "
                 f"{score['loose spirit cards']}, Nian Shou {score['nian shou']}, capture {score['capture cards']}, "
                 f"tokens {score['tokens']})", fontsize=8, loc="left")
    return layout


def discard_summary(state) -> dict[str, int]:
    """The public discard pile counted by spirit code (beyond-rulebook.txt, "Set Up": "It can be
    looked at any time")."""
    counts = Counter(state.cards[c].spirit for c in state.discard)
    return {code: counts.get(code, 0) for code in state.components.spirits}


def discard_text(state) -> str:
    counts = discard_summary(state)
    inner = ", ".join(f"{spirit_name(state, code)} {n}" for code, n in counts.items() if n)
    return f"discard pile: {len(state.discard)} card(s)" + (f" ({inner})" if inner else "")


def area_figure(width: float = 10.0, height: float = 3.4, dpi: int = 80) -> Figure:
    figure = Figure(figsize=(width, height), dpi=dpi)
    figure.subplots_adjust(left=0.01, right=0.99, top=0.9, bottom=0.01)
    figure.add_subplot()
    return figure


def area_png(state, player: str, figure: Figure | None = None) -> bytes:
    """``player``'s play area as PNG bytes (drawn into ``figure`` if given, which is reused)."""
    figure = figure or area_figure()
    draw_area(figure.axes[0], state, player)
    return figure_png(figure)


__all__ = [
    "MAX_REVEALED",
    "SPIRIT_COLOURS",
    "RevealRow",
    "area_layout",
    "area_png",
    "discard_summary",
    "discard_text",
    "draw_area",
    "draw_capture_card",
    "draw_card",
    "revealed_png",
]
