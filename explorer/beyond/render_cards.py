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
panel's redraw); :func:`area_png` and :func:`revealed_png` draw PNG bytes.  :class:`StatePicture` is a
whole game state -- status, revealed cards, piles and every player's area -- for the replay panel
(``System.picture``), with :func:`status_line` and :func:`players_html` for its texts.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence

from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch

from explorer.beyond.cards import YIN, SpiritCard
from explorer.beyond.palette import NIAN_SHOU_COLOUR, SPIRIT_COLOURS, text_colour  # noqa: F401  (re-exported)
from explorer.core.render_labels import MIN_FONT_SIZE
from explorer.core.words import counted

CAPTURE_COLOUR = "#f2ead3"
EMPTY_COLOUR = "#eeeeee"
ENCHANTED_EDGE = "#d4a017"
CARD_W, CARD_H = 1.0, 1.4
MAX_REVEALED = 6
"""At most 5 different spirits then a failing 6th card can be revealed in one round."""

DPI = 96
"""Every Beyond picture is drawn at 96 dpi, CSS's pixels per inch: shown at 1 px per px (as
``layout.picture`` shows a PNG that fits), a text of 8 pt in the figure is 8 pt on the screen."""
UNIT_PX = 60
"""Pixels per card-width unit in the area and replay pictures (a card is 1 x 1.4 units: 60 x 84 px)."""
FONT = MIN_FONT_SIZE
"""The cards' text size: the minimum (8 pt), at which "Vermilion" (51 px) fits a card's 55 px face."""
LINE = FONT * 1.2 * DPI / 72 / UNIT_PX
"""One line of :data:`FONT` text in units."""
STRIP = 0.3
"""The top strip of a card (its part and symbol): what shows of a card stacked behind another."""
PICTURE_MAX_WIDTH = 590
"""``explorer.core.panels.layout.NARROWEST``: no Beyond picture is wider than JupyterLab's narrowest output area (590 px), so none is shrunk
there and its text stays at least :data:`~explorer.core.render_labels.MIN_FONT_SIZE` as shown."""


def shown_points(fontsize: float, dpi: float, width_px: float) -> float:
    """A text's size in points as a page shows a picture ``width_px`` wide drawn at ``dpi``: at
    1 px per CSS px (96 a CSS inch), shrunk to :data:`PICTURE_MAX_WIDTH` when wider."""
    return fontsize * dpi / DPI * min(1.0, PICTURE_MAX_WIDTH / width_px)


def spirit_name(state_or_components, code: str) -> str:
    components = getattr(state_or_components, "components", state_or_components)
    return components.spirits[code].name


def wrapped_name(name: str) -> str:
    """A spirit's full name, one word a line (so that it fits a card): ``"Double\\nAzure\\nDragon"``."""
    return name.replace(" ", "\n")


def card_label(card: SpiritCard, name: str, parts: int) -> str:
    """The text on a card's Spirit face: the spirit's full name (one word a line) and, if it has
    several parts, the part."""
    label = wrapped_name(name)
    return f"{label}\n{card.part}" if parts > 1 else label


def symbol_mark(ax, x: float, y: float, symbol: str, radius: float = 0.11, zorder: int = 4) -> Circle:
    """A Yin (black) or Yang (white) disc centred at (x, y)."""
    disc = Circle((x, y), radius, facecolor="black" if symbol == YIN else "white", edgecolor="black",
                  linewidth=1.0, zorder=zorder)
    ax.add_patch(disc)
    return disc


def draw_card(ax, x: float, y: float, card: SpiritCard | None, components=None, *, width: float = CARD_W,
              height: float = CARD_H, edge: str = "black", linewidth: float = 1.0, fontsize: float = FONT,
              zorder: float = 2) -> list:
    """Draw ``card``'s Spirit face with its lower-left corner at (x, y) (a Nian Shou card if
    ``card`` is None); return its artists.  The top strip (:data:`STRIP`) holds the part and the
    symbol, so that a card stacked behind another still shows them; below it the spirit's full
    name, one word a line, centred (``components`` names the spirit).  Sizes in units of
    :data:`UNIT_PX` pixels at :data:`DPI`; ``zorder``: the card's face (its texts and symbols just
    above it, so that a card stacked in front covers them)."""
    if card is None:
        face, name, part, symbols, colour = NIAN_SHOU_COLOUR, "Nian Shou", "", ("yin", "yang"), "white"
    else:
        spirit = components.spirits[card.spirit] if components is not None else None
        face = SPIRIT_COLOURS.get(card.spirit, "#777777")
        name = spirit.name if spirit else card.spirit
        part = card.part if spirit is None or len(spirit.parts) > 1 else ""
        symbols, colour = (card.symbol,), text_colour(card.spirit)
    box = FancyBboxPatch((x + 0.04, y + 0.04), width - 0.08, height - 0.08,
                         boxstyle="round,pad=0.04,rounding_size=0.1", facecolor=face, edgecolor=edge,
                         linewidth=linewidth, zorder=zorder)
    ax.add_patch(box)
    top = y + height - 0.04
    strip = top - STRIP / 2
    artists = [box]
    if part:
        artists.append(ax.text(x + 0.1, strip, part, ha="left", va="center", fontsize=fontsize, color=colour,
                               zorder=zorder + 0.5))
    for i, symbol in enumerate(symbols):  # Nian Shou cards: one Yin AND one Yang (The 6 Cards of the Evil Spirit)
        artists.append(symbol_mark(ax, x + width - 0.15 - 0.19 * i, strip, symbol, radius=0.08, zorder=zorder + 0.5))
    artists.append(ax.text(x + width / 2, top - STRIP - 0.02, wrapped_name(name), ha="center", va="top",
                           fontsize=fontsize, color=colour, linespacing=1.1, zorder=zorder + 0.5))
    return artists


def draw_capture_card(ax, x: float, y: float, card: SpiritCard, *, width: float = 0.7, height: float = 0.7) -> list:
    """Draw ``card``'s Capture side (only its symbol, and the symbol's word) at (x, y)."""
    box = FancyBboxPatch((x + 0.03, y + 0.03), width - 0.06, height - 0.06, boxstyle="round,pad=0.02,rounding_size=0.06",
                         facecolor=CAPTURE_COLOUR, edgecolor="black", linewidth=0.8, zorder=2)
    ax.add_patch(box)
    return [box, symbol_mark(ax, x + width / 2, y + height - 0.22, card.symbol, radius=0.12),
            ax.text(x + width / 2, y + 0.07, card.symbol, ha="center", va="bottom", fontsize=FONT, zorder=3)]


def _plain_axes(ax, width: float, height: float) -> None:
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_aspect("equal")
    ax.axis("off")


def fast_png(figure: Figure) -> bytes:
    """``figure`` as PNG bytes: drawn on its Agg canvas and encoded by PIL at ``compress_level=1``
    (docs/panel-layout.md: much faster than ``savefig``, a little larger)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from explorer.core.display import pixels_png

    canvas = figure.canvas if isinstance(figure.canvas, FigureCanvasAgg) else FigureCanvasAgg(figure)
    canvas.draw()
    return pixels_png(canvas)


# -- the revealed row --------------------------------------------------------------------------------


class RevealRow:
    """The cards revealed this round, in order, in a figure kept alive between clicks.

    :data:`MAX_REVEALED` fixed slots: a click sets the colours, texts and symbols of the slots
    (empty slots are drawn as pale outlines), nothing is rebuilt.  A failed reveal's last card is
    edged red and so is the revealed card of the same spirit (beyond-rulebook.txt, "Phase 1: Reveal
    and Collection", "Failed reveal").  :meth:`update` returns PNG bytes; ``faces`` / ``labels``
    / ``symbols`` are the slot artists (tests read them).  580 x 168 px at :data:`DPI`: never
    shrunk in JupyterLab's narrowest output area, its text 9 pt and the title 10 pt."""

    def __init__(self, components, width: float = 580 / DPI, height: float = 168 / DPI, dpi: int = DPI):
        self.components = components
        self.figure = Figure(figsize=(width, height), dpi=dpi)
        self.figure.subplots_adjust(left=0.01, right=0.99, top=0.85, bottom=0.02)
        self.axes = self.figure.add_subplot()
        _plain_axes(self.axes, MAX_REVEALED * 1.2, 1.5)
        self.axes.set_ylim(-0.05, 1.45)  # the red edge of a clash drawn in full
        self.faces, self.labels, self.symbols = [], [], []
        for i in range(MAX_REVEALED):
            x = 0.1 + 1.2 * i
            self.faces.append(self.axes.add_patch(FancyBboxPatch(
                (x + 0.04, 0.04), CARD_W - 0.08, CARD_H - 0.08, boxstyle="round,pad=0.04,rounding_size=0.1",
                facecolor=EMPTY_COLOUR, edgecolor="#cccccc", linewidth=1.0)))
            self.labels.append(self.axes.text(x + CARD_W / 2, 1.3, "", ha="center", va="top", fontsize=9,
                                              linespacing=1.1))
            self.symbols.append(symbol_mark(self.axes, x + CARD_W / 2, 0.22, YIN, radius=0.12))
        self.title = self.axes.set_title("", fontsize=10, loc="left")

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
        return fast_png(self.figure)


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


STOCK_W, STOCK_H = 2.3, 2.3
COLUMN_DX = 1.2
MAX_STACK = 4
"""A column shows at most its last 4 cards (its caption counts them all)."""


def _draw_stock(ax, state, player: str, layout: dict, x: float, y: float) -> None:
    """The Stock card (BEYOND or standard) with its 4 capture corners, its tokens and Lotus tokens."""
    w, h = STOCK_W, STOCK_H
    beyond = state.beyond_stock == player
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.15", facecolor="#fbf7ec",
                                edgecolor="black", linewidth=1.2, zorder=1))
    ax.text(x + w / 2, y + h / 2 + 0.25, "BEYOND stock" if beyond else "stock", ha="center", va="center",
            fontsize=FONT, weight="bold" if beyond else "normal", zorder=3)
    corners = [(x + 0.05, y + h - 0.75), (x + w - 0.75, y + h - 0.75), (x + 0.05, y + 0.05), (x + w - 0.75, y + 0.05)]
    capacity = state.components.capture_corners
    for i, (cx, cy) in enumerate(corners[:capacity]):
        if i < len(layout["captures"]):
            draw_capture_card(ax, cx, cy, state.cards[layout["captures"][i]])
        else:
            ax.add_patch(FancyBboxPatch((cx + 0.03, cy + 0.03), 0.64, 0.64, boxstyle="round,pad=0.02,rounding_size=0.06",
                                        facecolor="none", edgecolor="#bbbbbb", linestyle="--", linewidth=0.8, zorder=2))
    ax.text(x + w / 2, y + h / 2 + 0.01, f"tokens {layout['tokens']}", ha="center", va="center", fontsize=FONT,
            zorder=3)
    ax.text(x + w / 2, y + h / 2 - 0.23, f"Lotus {layout['lotus']}", ha="center", va="center", fontsize=FONT,
            color="#a0305a", zorder=3)
    for i in range(layout["lotus"]):
        ax.add_patch(Circle((x + w / 2 - 0.15 * (layout["lotus"] - 1) + 0.3 * i, y + 0.3), 0.11,
                            facecolor="#f4a7c0", edgecolor="#a0305a", linewidth=0.8, zorder=3))


def _stack_height(n: int) -> float:
    return CARD_H + STRIP * (min(n, MAX_STACK) - 1) if n else 0.0


def _draw_stack(ax, state, x: float, y0: float, ids: Sequence[str], protected=(), **card_kw) -> float:
    """The last :data:`MAX_STACK` cards of a column, the first at the back, each offset downwards by
    a card's strip (:data:`STRIP`: its part and symbol show), the last in full; a protected card
    carries a gold token in its strip.  Returns the column's top."""
    shown = list(ids)[-MAX_STACK:]
    top = y0 + STRIP * (len(shown) - 1)
    for i, card in enumerate(shown):
        y = top - STRIP * i
        draw_card(ax, x, y, state.cards.get(card) if card in state.cards else None, state.components,
                  zorder=2 + i, **card_kw)
        if card in protected:  # a protection token on the card (Protection Tokens)
            ax.add_patch(Circle((x + 0.67, y + CARD_H - 0.04 - STRIP / 2), 0.07, facecolor="#d9c27a",
                                edgecolor="black", zorder=2.7 + i))
    return top + CARD_H


def area_size(state, player: str) -> tuple[float, float]:
    """The width and height, in units, of :func:`draw_area`'s picture of ``player``'s area."""
    layout = area_layout(state, player)
    upper = 1 + (1 if layout["nian"] else 0) + len(layout["patterns"])
    lower = len(layout["loose"])
    width = max(0.1 + STOCK_W + 0.15 + COLUMN_DX * (upper - 1), 0.1 + COLUMN_DX * lower, 7.45)
    upper_h = max(STOCK_H, _stack_height(max([len(layout["nian"])] + [4 for _ in layout["patterns"]])))
    lower_h = _stack_height(max([len(ids) for ids in layout["loose"].values()], default=0))
    return width, 0.55 + (lower_h + 0.5 if lower_h else 0) + upper_h + 0.35 + 0.62


def draw_area(ax, state, player: str) -> dict:
    """Draw ``player``'s play area on ``ax`` (cleared first; its limits set to :func:`area_size`)
    and return :func:`area_layout`.

    At the top, the player's energy points and their parts.  Upper row: the Stock card with its
    capture corners, tokens and Lotus tokens; the Nian Shou cards; the enchanted patterns (gold
    edge, "enchanted", a Lotus disc if summoned).  Lower row: the loose Spirit cards, one column
    per spirit (a protected card carries a gold token).  At the bottom, what the marks mean.  All
    text is :data:`FONT` (8 pt) or more at :data:`DPI` and :data:`UNIT_PX` pixels a unit."""
    ax.cla()
    layout = area_layout(state, player)
    width, height = area_size(state, player)
    _plain_axes(ax, width, height)
    ax.text(0.1, 0.3, "gold edge: enchanted pattern; gold disc: protection token;\npink disc: Lotus token",
            ha="left", va="center", fontsize=FONT, color="#555555", linespacing=1.1)
    y = 0.55
    loose_h = _stack_height(max([len(ids) for ids in layout["loose"].values()], default=0))
    if loose_h:
        x = 0.1
        for ids in layout["loose"].values():
            _draw_stack(ax, state, x, y + 0.5, ids, protected=layout["protected"])
            guarded = len(set(ids) & set(layout["protected"]))
            ax.text(x + CARD_W / 2, y + 0.46, f"{len(ids)} loose" + (f"\n{guarded} protected" if guarded else ""),
                    ha="center", va="top", fontsize=FONT, linespacing=1.1)
            x += COLUMN_DX
        y += loose_h + 0.5
    _draw_stock(ax, state, player, layout, 0.1, y + 0.35)
    ax.text(0.1 + STOCK_W / 2, y + 0.17, f"captures {len(layout['captures'])}/{state.components.capture_corners}",
            ha="center", va="center", fontsize=FONT)
    x = 0.1 + STOCK_W + 0.15
    if layout["nian"]:
        _draw_stack(ax, state, x, y + 0.35, layout["nian"])
        ax.text(x + CARD_W / 2, y + 0.17, f"Nian Shou {len(layout['nian'])}", ha="center", va="center", fontsize=FONT)
        x += COLUMN_DX
    for pattern in layout["patterns"]:
        _draw_stack(ax, state, x, y + 0.35, pattern["cards"], edge=ENCHANTED_EDGE, linewidth=2.5)
        ax.text(x + CARD_W / 2, y + 0.17, "enchanted", ha="center", va="center", fontsize=FONT, color="#8a6500")
        if pattern["lotus"]:  # summoned (Summoning an Enchanted Celestial Spirit)
            ax.add_patch(Circle((x + 0.25, y + 0.35 + 0.22), 0.11, facecolor="#f4a7c0", edgecolor="#a0305a",
                                zorder=20))
        x += COLUMN_DX
    score = state.score(player)
    ax.text(0.1, height - 0.05, f"{player}: {score['total']} energy points", ha="left", va="top", fontsize=9,
            weight="bold")
    ax.text(0.1, height - 0.33, f"patterns {score['patterns']}, loose {score['loose spirit cards']}, Nian Shou "
            f"{score['nian shou']}, capture {score['capture cards']}, tokens in the play area "
            f"{score['tokens in the play area (Lotus included)']}", ha="left", va="top",
            fontsize=FONT)
    return layout


def discard_summary(state) -> dict[str, int]:
    """The public discard pile counted by spirit code (beyond-rulebook.txt, "Set Up": "It can be
    looked at any time")."""
    counts = Counter(state.cards[c].spirit for c in state.discard)
    return {code: counts.get(code, 0) for code in state.components.spirits}


def discard_text(state) -> str:
    counts = discard_summary(state)
    inner = ", ".join(f"{spirit_name(state, code)} {n}" for code, n in counts.items() if n)
    return f"discard pile: {counted(len(state.discard), 'card')}" + (f" ({inner})" if inner else "")


def area_figure(width: float = 7.45, height: float = 4.0, dpi: int = DPI) -> Figure:
    """A figure for :func:`area_png`, ``width`` x ``height`` units (resized to each area drawn)."""
    figure = Figure(figsize=(width * UNIT_PX / DPI, height * UNIT_PX / DPI), dpi=dpi)
    figure.add_axes((0, 0, 1, 1))
    return figure


def area_png(state, player: str, figure: Figure | None = None) -> bytes:
    """``player``'s play area as PNG bytes (drawn into ``figure`` if given, which is reused and
    resized to the area: :data:`UNIT_PX` pixels a unit, at most :data:`PICTURE_MAX_WIDTH` wide)."""
    figure = figure or area_figure()
    width, height = area_size(state, player)
    scale = min(UNIT_PX, PICTURE_MAX_WIDTH / width) / figure.dpi
    figure.set_size_inches(width * scale, height * scale)
    draw_area(figure.axes[0], state, player)
    return fast_png(figure)


# -- a whole game state, for replays ---------------------------------------------------------------

PICTURE_SCALE = UNIT_PX / DPI
"""Inches per card-width unit in a :class:`StatePicture` (a card is 1 x 1.4 units)."""
PICTURE_WIDTH = 9.8
"""588 px at :data:`UNIT_PX`: the picture fits JupyterLab's narrowest output area unshrunk."""
HEADER_H, TABLE_H, PLAYER_H = 0.75, 2.0, 2.75
ACTING_EDGE = "#d4a017"
BAND_COLOUR = "#faf8f2"
PHASE_WORDS = {
    "reveal": "Phase 1: reveal",
    "collect": "Phase 1: collect after a failed reveal",
    "place": "Phase 2: place the collected cards",
    "act": "Phase 3: enchantments, captures",
    "over": "game over",
}
_SPIRIT_X0, _SPIRIT_DX = 3.0, 1.35


def status_line(state) -> str:
    """One line: the turn, the phase and who acts -- or the end and its winner(s)."""
    if state.is_terminal():
        winners = state.winners
        who = (f"{winners[0]} wins" if len(winners) == 1 else
               f"{', '.join(winners)} share the win" if winners else "no winner")
        return f"game over after turn {state.turn}: {who}"
    return f"turn {state.turn}, {PHASE_WORDS.get(state.phase, state.phase)}: {state.current_player} to act"


def table_line(state) -> str:
    """The shared piles in one line: draw pile, discard pile, Nian Shou in the centre, supply."""
    pile = "second draw pile" if state.second_pile else "draw pile"
    return (f"{pile} {len(state.draw_pile)} -- discard pile {len(state.discard)} -- Nian Shou in the centre "
            f"{len(state.central)} -- supply {state.supply} tokens")


def _e(value) -> str:
    return html.escape(str(value))


PLAYER_ROWS = ("points", "loose Spirit cards", "enchanted", "Nian Shou", "Capture cards", "tokens", "Lotus",
               "protected")
"""The rows of :func:`players_html`, one per thing a player's area holds."""


def players_html(state, viewer="public") -> str:
    """Each player's area as an HTML table, a column per player and a row per thing it holds:
    energy points, loose Spirit cards by spirit, enchanted patterns (summoned ones marked), Nian Shou
    cards, Capture cards, tokens, Lotus tokens and protected cards (:data:`PLAYER_ROWS`).  Capture
    cards show their Capture side -- only the symbol -- except to the referee (``viewer`` None) and
    to their owner ("Card backs: Yin or Yang Capture Side"); ``viewer``: ``"public"``, None or a player.

    A column per player, not a row: nine columns side by side needed 821 px, more than JupyterLab's
    590 px output area (at a 1024 px window), which cut the table after "Capture cards"; two to four
    players' columns wrap their lists between the items."""
    if viewer not in ("public", None) and viewer not in state.players:
        raise ValueError(f"{viewer!r} is not a player of this game; players: {', '.join(state.players)}")
    acting = state.current_player
    names, cells = [], {row: [] for row in PLAYER_ROWS}
    for p in state.players:
        layout = area_layout(state, p)
        loose = ", ".join(f"{spirit_name(state, code)} {len(ids)}"
                          for code, ids in layout["loose"].items()) or "-"
        patterns = ", ".join(spirit_name(state, pt["spirit"])
                             + (" (summoned)" if pt["lotus"] else "") for pt in layout["patterns"]) or "-"
        sees = viewer is None or viewer == p
        captures = ", ".join((str(state.cards[c]) if sees else state.cards[c].symbol)
                             for c in layout["captures"]) or "-"
        names.append(_e(p) + (" <b>(to act)</b>" if p == acting else "")
                     + (" [BEYOND stock]" if state.beyond_stock == p else ""))
        protected = ", ".join(map(str, map(state.cards.get, layout["protected"]))) or "-"
        for row, value in zip(PLAYER_ROWS, (state.score(p)["total"], loose, patterns, len(layout["nian"]), captures,
                                            layout["tokens"], layout["lotus"], protected)):
            cells[row].append(_e(value))
    head = "<tr><th></th>" + "".join(f"<th>{name}</th>" for name in names) + "</tr>"
    rows = ["<tr><th>" + _e(row) + "</th>" + "".join(f"<td>{value}</td>" for value in values) + "</tr>"
            for row, values in cells.items()]
    seen = ("what every player may know" if viewer == "public" else "the referee's view" if viewer is None
            else f"what {viewer} may know")
    # a div and a table class in the selectors: JupyterLab's rule for rendered tables
    # (``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td``) right-aligns cells and outranks
    # anything with fewer than two classes; cells wrap between words (lists after their commas)
    style = ("<style>div.beyond-players table.beyond-table{border-collapse:collapse;font-size:12px}"
             "div.beyond-players table.beyond-table th,div.beyond-players table.beyond-table td{"
             "border-bottom:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top;"
             "white-space:normal;word-break:normal;overflow-wrap:break-word}"
             "div.beyond-players table.beyond-table tr>th:first-child{font-weight:normal;color:#444}</style>")
    return (f'{style}<div class="beyond-players"><div><i>{_e(seen)}</i> -- {_e(table_line(state))}</div>'
            f'<table class="beyond-table">{head}{"".join(rows)}</table></div>')


class _Tile:
    """One rectangle of a :class:`StatePicture`, ``w`` x ``h`` units with its lower-left corner at
    ``(x, y)``, drawn by a function of a small axes in the tile's own units (0..w, 0..h)."""

    __slots__ = ("name", "x", "y", "w", "h", "box")

    def __init__(self, name: str, x: float, y: float, w: float, h: float, k: float, height_px: int):
        self.name, self.x, self.y, self.w, self.h = name, x, y, w, h
        x0, x1 = round(x * k), round((x + w) * k)
        top, bottom = height_px - round((y + h) * k), height_px - round(y * k)
        self.box = (x0, top, x1 - x0, bottom - top)  # pixels: left, top (from the top), width, height


class StatePicture:
    """A whole game of Beyond as one picture, updated in place from state to state (the replay
    panel's picture, ``System.picture``).

    At the top, the status (turn, phase, who acts) and the shared piles; below it the cards
    revealed this round -- or, after collecting, the cards waiting to be placed -- (a failed
    reveal's clashing cards edged red), the draw pile with its count, the top of the discard pile
    and the Nian Shou cards left in the centre; then one band per player, the acting player's
    edged gold: name, energy points, tokens, Lotus tokens and the BEYOND stock card; the Stock
    card's capture corners (Capture sides: only the symbol, "Card backs: Yin or Yang Capture
    Side"); the Nian Shou cards; and one column per spirit -- its top card, gold-edged if the
    spirit is enchanted, with the counts of loose cards, protected ones and patterns (a gold disc:
    a protection token; a pink disc: a summoned pattern).

    The picture is a grid of tiles (a card, a caption, a band's frame): each tile is drawn once per
    content with the drawing functions above (:func:`draw_card`, :func:`draw_capture_card`) on a
    small Agg figure and kept, and :meth:`update` pastes the tiles of the new state into one frame
    -- so a step redraws only what the game has not shown before (drawing text is what costs).
    :meth:`png` gives PNG bytes; :meth:`label_boxes` the pixel boxes of every text shown and
    :meth:`tile_boxes` those of the tiles (tests check that no text overlaps another and each
    stays in its tile)."""

    def __init__(self, state, *, dpi: int = DPI, width: float | None = None):
        import numpy as np

        self.players = tuple(state.players)
        self.components = state.components
        self.dpi = dpi
        self.scale = PICTURE_SCALE if width is None else width / PICTURE_WIDTH
        self.k = self.scale * dpi  # pixels per unit
        self.height = HEADER_H + TABLE_H + PLAYER_H * len(self.players)
        self.size_px = (round(PICTURE_WIDTH * self.k), round(self.height * self.k))
        self.frame = np.full((self.size_px[1], self.size_px[0], 3), 255, dtype=np.uint8)
        self._cache: dict = {}
        self._canvases: dict = {}
        self._shown: list = []  # (tile, key) pasted now
        self.rendered = 0  # tiles drawn so far (the rest came from the cache)
        self.text_sizes: set = set()  # (text, points) of every text drawn so far
        self.state = None
        self.update(state)

    # -- tiles -------------------------------------------------------------------------------------
    def _tile(self, name, x, y, w, h) -> _Tile:
        return _Tile(name, x, y, w, h, self.k, self.size_px[1])

    def _render(self, tile: _Tile, key, face: str, draw):
        """The pixels and text boxes of ``tile`` showing ``key`` (drawn by ``draw(ax)`` once)."""
        import numpy as np

        _, _, w_px, h_px = tile.box
        cache_key = (w_px, h_px, face, key)
        found = self._cache.get(cache_key)
        if found is None:
            canvas, ax = self._canvas(w_px, h_px, face)
            ax.set_xlim(0, tile.w)
            ax.set_ylim(0, tile.h)
            draw(ax)
            canvas.draw()
            pixels = np.asarray(canvas.buffer_rgba())[:, :, :3].copy()
            renderer = canvas.get_renderer()
            shown = [t for t in ax.texts if t.get_visible() and t.get_text().strip()]
            boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in shown]
            self.text_sizes.update((t.get_text(), t.get_fontsize()) for t in shown)
            for artist in [*ax.patches, *ax.texts, *ax.lines]:
                artist.remove()
            found = self._cache[cache_key] = (pixels, boxes)
            self.rendered += 1
        return found

    def _canvas(self, w_px: int, h_px: int, face: str):
        """A figure of ``w_px`` x ``h_px`` pixels with one bare axes over it, kept for every tile of
        that size and background (making a figure costs more than drawing a card on it)."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        found = self._canvases.get((w_px, h_px, face))
        if found is None:
            figure = Figure(figsize=(w_px / self.dpi, h_px / self.dpi), dpi=self.dpi, facecolor=face)
            canvas = FigureCanvasAgg(figure)
            ax = figure.add_axes((0, 0, 1, 1))
            ax.axis("off")
            found = self._canvases[(w_px, h_px, face)] = (canvas, ax)
        return found

    def _paste(self, tile: _Tile, key, face: str, draw) -> None:
        pixels, _ = self._render(tile, key, face, draw)
        x0, top, w_px, h_px = tile.box
        self.frame[top:top + h_px, x0:x0 + w_px] = pixels
        self._shown.append((tile, (w_px, h_px, face, key)))

    # -- what each tile draws ----------------------------------------------------------------------
    @staticmethod
    def _text_lines(lines, *, x: float = 0.0, ha: str = "left", top: float | None = None, step: float = 0.3):
        """Draw ``lines`` = [(text, style)] from the top of the tile down."""
        def draw(ax):
            y = ax.get_ylim()[1] - 0.04 if top is None else top
            for text, style in lines:
                if text:
                    ax.text(x, y, text, ha=ha, va="top", **style)
                y -= step
        return draw

    def _card_draw(self, card_id, fontsize: float = FONT, **style):
        card = self.components.cards.get(card_id)  # None: a Nian Shou card
        return lambda ax: draw_card(ax, 0, 0, card, self.components, fontsize=fontsize, **style)

    @staticmethod
    def _empty_draw(label: str = "", width: float = CARD_W, height: float = CARD_H, dashed: bool = False):
        def draw(ax):
            ax.add_patch(FancyBboxPatch((0.04, 0.04), width - 0.08, height - 0.08,
                                        boxstyle="round,pad=0.03,rounding_size=0.08", facecolor="none",
                                        edgecolor="#bbbbbb", linestyle="--" if dashed else "-", linewidth=0.8))
            if label:
                ax.text(width / 2, height / 2, label, ha="center", va="center", fontsize=FONT, color="#888888",
                        linespacing=1.1)
        return draw

    @staticmethod
    def _pile_draw(count: int, second: bool):
        def draw(ax):
            ax.add_patch(FancyBboxPatch((0.04, 0.04), CARD_W - 0.08, CARD_H - 0.08,
                                        boxstyle="round,pad=0.04,rounding_size=0.1", facecolor="#33415c",
                                        edgecolor="black", linewidth=1.0))
            ax.text(CARD_W / 2, CARD_H / 2 + 0.1, str(count), ha="center", va="center", fontsize=11, weight="bold",
                    color="white")
            if second:
                ax.text(CARD_W / 2, 0.3, "2nd pile", ha="center", va="center", fontsize=FONT, color="white")
        return draw

    def _spirit_draw(self, code: str, top, enchanted: bool, guarded: bool, summoned: bool):
        if top is None:
            return self._empty_draw(wrapped_name(self.components.spirits[code].name))
        card = self.components.cards[top]

        def draw(ax):
            style = {"edge": ENCHANTED_EDGE, "linewidth": 2.5} if enchanted else {}
            draw_card(ax, 0, 0, card, self.components, **style)
            if guarded:  # a protection token on a loose card (Protection Tokens)
                ax.add_patch(Circle((0.25, 0.22), 0.1, facecolor="#d9c27a", edgecolor="black", zorder=5))
            if summoned:  # a Lotus token on an enchanted pattern (Summoning an Enchanted Celestial Spirit)
                ax.add_patch(Circle((0.75, 0.22), 0.1, facecolor="#f4a7c0", edgecolor="#a0305a", zorder=5))
        return draw

    @staticmethod
    def _band_draw(acting: bool):
        def draw(ax):
            ax.add_patch(FancyBboxPatch((0.08, 0.08), PICTURE_WIDTH - 0.16, PLAYER_H - 0.16,
                                        boxstyle="round,pad=0.02,rounding_size=0.12", facecolor=BAND_COLOUR,
                                        edgecolor=ACTING_EDGE if acting else "#cccccc",
                                        linewidth=3.0 if acting else 1.0))
        return draw

    # -- updating ----------------------------------------------------------------------------------
    def update(self, state) -> None:
        """Show ``state`` (a state of the same game: the same players and components)."""
        if tuple(state.players) != self.players:
            raise ValueError("a StatePicture shows the states of one game: the players differ")
        self._shown = []
        top = self.height
        self.frame[:] = 255
        title, subtitle = status_line(state), table_line(state)
        self._paste(self._tile("title", 0.1, top - 0.4, PICTURE_WIDTH - 0.2, 0.36), ("title", title), "white",
                    self._text_lines([(title, {"fontsize": 9.5, "weight": "bold"})], x=0.05))
        self._paste(self._tile("subtitle", 0.1, top - 0.72, PICTURE_WIDTH - 0.2, 0.3), ("subtitle", subtitle),
                    "white", self._text_lines([(subtitle, {"fontsize": FONT, "color": "#333333"})], x=0.05))
        self._update_row(state, top - HEADER_H - TABLE_H)
        acting = state.current_player
        for k, player in enumerate(self.players):
            self._update_band(state, player, top - HEADER_H - TABLE_H - PLAYER_H * (k + 1), player == acting)
        self.state = state

    def _caption(self, name, x, y, w, h, lines, face: str, fontsize: float = FONT, step: float = LINE) -> None:
        styled = [(text, {"fontsize": fontsize, **extra}) for text, extra in lines]
        self._paste(self._tile(name, x, y, w, h), ("caption", fontsize, tuple(map(repr, lines))), face,
                    self._text_lines(styled, x=w / 2, ha="center", step=step))

    def _update_row(self, state, row: float) -> None:
        y = row + 0.5
        shown, what = (list(state.revealed), "revealed") if state.revealed else (list(state.to_place), "to place")
        spirits = Counter(self.components.cards[c].spirit for c in shown if c in self.components.cards)
        for i in range(MAX_REVEALED):
            tile = self._tile(f"revealed {i}", 0.1 + 1.02 * i, y, CARD_W, CARD_H)
            if i < len(shown):
                card = self.components.cards.get(shown[i])
                clash = what == "revealed" and card is not None and spirits[card.spirit] > 1
                style = {"edge": "#e8001c", "linewidth": 3.0} if clash else {}
                self._paste(tile, ("card", shown[i], clash), "white", self._card_draw(shown[i], **style))
            else:
                self._paste(tile, ("empty",), "white", self._empty_draw())
        more = f" (+{len(shown) - MAX_REVEALED} more)" if len(shown) > MAX_REVEALED else ""
        if what == "revealed":
            failed = " -- failed reveal" if state.phase == "collect" else ""
            caption = f"revealed this round: {len(shown)}{more}{failed}"
        else:
            caption = f"collected, to place: {len(shown)}{more}" if shown else "no card revealed yet"
        self._caption("row caption", 0.1, row + 0.08, 1.02 * MAX_REVEALED - 0.02, 0.36, [(caption, {})], "white")
        pile = len(state.draw_pile)
        self._paste(self._tile("draw pile", 6.4, y, CARD_W, CARD_H), ("pile", pile, state.second_pile), "white",
                    self._pile_draw(pile, state.second_pile) if pile else self._empty_draw("empty"))
        top = state.discard[-1] if state.discard else None
        self._paste(self._tile("discard", 7.55, y, CARD_W, CARD_H),
                    ("card", top, False) if top else ("empty", "empty"), "white",
                    self._card_draw(top) if top else self._empty_draw("empty"))
        centre = len(state.central)
        self._paste(self._tile("centre", 8.7, y, CARD_W, CARD_H), ("nian",) if centre else ("empty", "none"),
                    "white", self._card_draw(None) if centre else self._empty_draw("none"))
        for name, x, w, text in (("draw pile caption", 6.32, 1.15, "draw pile"),
                                 ("discard caption", 7.47, 1.15, f"discard {len(state.discard)}"),
                                 ("centre caption", 8.62, 1.18, f"Nian Shou {centre}")):
            self._caption(name, x, row + 0.08, w, 0.36, [(text, {})], "white")

    @staticmethod
    def _label_draw(parts):
        """``parts`` = [(text, style)] in one line from the left, each after the one before."""
        def draw(ax):
            renderer = ax.figure.canvas.get_renderer()
            px = ax.transData.transform((1, 0))[0] - ax.transData.transform((0, 0))[0]
            x, y = 0.05, ax.get_ylim()[1] / 2
            for text, style in parts:
                if text:
                    label = ax.text(x, y, text, ha="left", va="center", **style)
                    x += label.get_window_extent(renderer).width / px + 0.25
        return draw

    def _update_band(self, state, player: str, y: float, acting: bool) -> None:
        face = BAND_COLOUR
        layout = area_layout(state, player)
        self._paste(self._tile(f"{player} band", 0, y, PICTURE_WIDTH, PLAYER_H), ("band", acting), "white",
                    self._band_draw(acting))
        parts = ((player[:16], {"fontsize": 9.5, "weight": "bold"}),
                 (f"{state.score(player)['total']} energy points", {"fontsize": FONT}),
                 (f"tokens {layout['tokens']}, Lotus {layout['lotus']}", {"fontsize": FONT}),
                 ("BEYOND stock" if state.beyond_stock == player else "", {"fontsize": FONT, "weight": "bold"}),
                 ("to act" if acting else "", {"fontsize": FONT, "weight": "bold", "color": "#8a6500"}))
        self._paste(self._tile(f"{player} label", 0.15, y + PLAYER_H - 0.5, PICTURE_WIDTH - 0.3, 0.36),
                    ("label", tuple(map(repr, parts))), face, self._label_draw(parts))
        cards_y = y + 0.82
        corners = [(0.15, cards_y + 0.7), (0.85, cards_y + 0.7), (0.15, cards_y), (0.85, cards_y)]
        capacity = self.components.capture_corners
        for i in range(capacity):
            cx, cy = corners[i % 4]
            tile = self._tile(f"{player} capture {i}", cx, cy, 0.7, 0.7)
            if i < len(layout["captures"]):
                card = state.cards[layout["captures"][i]]
                self._paste(tile, ("capture", card.symbol), face,
                            lambda ax, card=card: draw_capture_card(ax, 0, 0, card))
            else:
                self._paste(tile, ("corner",), face, self._empty_draw(width=0.7, height=0.7, dashed=True))
        self._caption(f"{player} captures caption", 0.1, y + 0.5, 1.5, 0.28,
                      [(f"captures {len(layout['captures'])}/{capacity}", {})], face)
        nian = len(layout["nian"])
        self._paste(self._tile(f"{player} nian", 1.75, cards_y, CARD_W, CARD_H),
                    ("nian",) if nian else ("empty", "nian"), face,
                    self._card_draw(None) if nian else self._empty_draw("Nian\nShou"))
        self._caption(f"{player} nian caption", 1.62, y + 0.5, 1.2, 0.28, [(f"Nian Shou {nian}", {})], face)
        protected = set(layout["protected"])
        for i, code in enumerate(self.components.spirits):
            x = _SPIRIT_X0 + _SPIRIT_DX * i
            loose = layout["loose"].get(code, [])
            patterns = [pt for pt in layout["patterns"] if pt["spirit"] == code]
            top = loose[-1] if loose else (patterns[-1]["cards"][0] if patterns else None)
            guarded = len(protected & set(loose))
            summoned = any(pt["lotus"] for pt in patterns)
            key = ("spirit", code, top, bool(patterns), guarded > 0, summoned)
            self._paste(self._tile(f"{player} {code}", x, cards_y, CARD_W, CARD_H), key, face,
                        self._spirit_draw(code, top, bool(patterns), guarded > 0, summoned))
            lines = [(f"{len(loose)} loose" if loose or patterns else "", {}),
                     (f"{guarded} protected" if guarded else "", {}),
                     (f"enchanted {len(patterns)}" if patterns else "", {"color": "#8a6500"})]
            self._caption(f"{player} {code} caption", x + CARD_W / 2 - _SPIRIT_DX / 2 + 0.01, y + 0.1,
                          _SPIRIT_DX - 0.02, 0.68,
                          [line for line in lines if line[0]], face)

    # -- the panel's texts ---------------------------------------------------------------------------
    @staticmethod
    def status_line(state) -> str:
        return status_line(state)

    @staticmethod
    def players_html(state, viewer="public") -> str:
        return players_html(state, viewer)

    # -- output --------------------------------------------------------------------------------------
    def png(self) -> bytes:
        """The picture as it is now, as PNG bytes (low compression: fast)."""
        from explorer.core.display import pixels_png

        return pixels_png(self.frame)

    @property
    def drawn(self) -> bool:
        """The picture of the current state is composed (always, after the first update)."""
        return self.state is not None

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height of the picture in pixels (of :meth:`png`)."""
        return self.size_px

    def tile_boxes(self) -> list:
        """``(name, (left, bottom, right, top))`` in pixels (origin at the bottom left) of the tiles
        shown that hold text (a band's frame holds none)."""
        out = []
        for tile, cache_key in self._shown:
            if self._cache[cache_key][1]:
                x0, top, w, h = tile.box
                bottom = self.size_px[1] - top - h
                out.append((tile.name, (x0, bottom, x0 + w, bottom + h)))
        return out

    def label_boxes(self) -> list:
        """``(tile name, text, (left, bottom, right, top))`` in pixels (origin at the bottom left)
        of every text shown."""
        out = []
        for tile, cache_key in self._shown:
            x0, top, w, h = tile.box
            bottom = self.size_px[1] - top - h
            for text, box in self._cache[cache_key][1]:
                out.append((tile.name, text, (x0 + box.x0, bottom + box.y0, x0 + box.x1, bottom + box.y1)))
        return out


all__ = [
    "MAX_REVEALED",
    "SPIRIT_COLOURS",
    "RevealRow",
    "StatePicture",
    "area_layout",
    "area_png",
    "discard_summary",
    "discard_text",
    "draw_area",
    "draw_capture_card",
    "draw_card",
    "players_html",
    "revealed_png",
    "status_line",
    "table_line",
]
