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
from explorer.core.display import figure_png

CAPTURE_COLOUR = "#f2ead3"
EMPTY_COLOUR = "#eeeeee"
ENCHANTED_EDGE = "#d4a017"
CARD_W, CARD_H = 1.0, 1.4
MAX_REVEALED = 6
"""At most 5 different spirits then a failing 6th card can be revealed in one round."""


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


# -- a whole game state, for replays ---------------------------------------------------------------

PICTURE_SCALE = 0.7
"""Inches per card-width unit in a :class:`StatePicture` (a card is 1 x 1.4 units)."""
PICTURE_WIDTH = 11.8
HEADER_H, TABLE_H, PLAYER_H = 0.8, 2.1, 2.3
ACTING_EDGE = "#d4a017"
BAND_COLOUR = "#faf8f2"
PHASE_WORDS = {
    "reveal": "Phase 1: reveal",
    "collect": "Phase 1: collect after a failed reveal",
    "place": "Phase 2: place the collected cards",
    "act": "Phase 3: enchantments, captures",
    "over": "game over",
}
_SPIRIT_X0, _SPIRIT_DX = 5.6, 1.2


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


def players_html(state, viewer="public") -> str:
    """Each player's area as an HTML table: energy points, loose Spirit cards by spirit, enchanted
    patterns (summoned ones marked), Nian Shou cards, Capture cards, tokens, Lotus tokens and
    protected cards.  Capture cards show their Capture side -- only the symbol -- except to the
    referee (``viewer`` None) and to their owner ("Card backs: Yin or Yang Capture Side");
    ``viewer``: ``"public"``, None or a player."""
    if viewer not in ("public", None) and viewer not in state.players:
        raise ValueError(f"{viewer!r} is not a player of this game; players: {', '.join(state.players)}")
    acting = state.current_player
    head = ("<tr><th>player</th><th>points</th><th>loose Spirit cards</th><th>enchanted</th><th>Nian Shou</th>"
            "<th>Capture cards</th><th>tokens</th><th>Lotus</th><th>protected</th></tr>")
    rows = []
    for p in state.players:
        layout = area_layout(state, p)
        loose = ", ".join(f"{spirit_name(state, code)} {len(ids)}"
                          for code, ids in layout["loose"].items()) or "-"
        patterns = ", ".join(spirit_name(state, pt["spirit"])
                             + (" (summoned)" if pt["lotus"] else "") for pt in layout["patterns"]) or "-"
        sees = viewer is None or viewer == p
        captures = ", ".join((str(state.cards[c]) if sees else state.cards[c].symbol)
                             for c in layout["captures"]) or "-"
        name = (_e(p) + (" <b>(to act)</b>" if p == acting else "")
                + (" [BEYOND stock]" if state.beyond_stock == p else ""))
        rows.append(f"<tr><td>{name}</td><td>{state.score(p)['total']}</td><td>{_e(loose)}</td>"
                    f"<td>{_e(patterns)}</td><td>{len(layout['nian'])}</td><td>{_e(captures)}</td>"
                    f"<td>{layout['tokens']}</td>"
                    f"<td>{layout['lotus']}</td><td>{_e(', '.join(map(str, map(state.cards.get, layout['protected']))) or '-')}</td></tr>")
    seen = ("what every player may know" if viewer == "public" else "the referee's view" if viewer is None
            else f"what {viewer} may know")
    style = ("<style>.beyond-players table{border-collapse:collapse;font-size:12px}.beyond-players th,"
             ".beyond-players td{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left}</style>")
    return (f'{style}<div class="beyond-players"><div><i>{_e(seen)}</i> -- {_e(table_line(state))}</div>'
            f"<table>{head}{''.join(rows)}</table></div>")


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

    def __init__(self, state, *, dpi: int = 90, width: float | None = None):
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
            boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in ax.texts
                     if t.get_visible() and t.get_text().strip()]
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

    def _card_draw(self, card_id, fontsize: float = 5.5, **style):
        card = self.components.cards.get(card_id)  # None: a Nian Shou card
        return lambda ax: draw_card(ax, 0, 0, card, self.components, fontsize=fontsize, **style)

    @staticmethod
    def _empty_draw(label: str = "", width: float = CARD_W, height: float = CARD_H, dashed: bool = False):
        def draw(ax):
            ax.add_patch(FancyBboxPatch((0.04, 0.04), width - 0.08, height - 0.08,
                                        boxstyle="round,pad=0.03,rounding_size=0.08", facecolor="none",
                                        edgecolor="#bbbbbb", linestyle="--" if dashed else "-", linewidth=0.8))
            if label:
                ax.text(width / 2, height / 2, label, ha="center", va="center", fontsize=6, color="#999999",
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
                ax.text(CARD_W / 2, 0.3, "2nd pile", ha="center", va="center", fontsize=5.5, color="white")
        return draw

    def _spirit_draw(self, code: str, top, enchanted: bool, guarded: bool, summoned: bool):
        if top is None:
            return self._empty_draw(_short_name(self.components.spirits[code].name))
        card = self.components.cards[top]

        def draw(ax):
            style = {"edge": ENCHANTED_EDGE, "linewidth": 2.5} if enchanted else {}
            draw_card(ax, 0, 0, card, self.components, fontsize=5.5, **style)
            if guarded:  # a protection token on a loose card (Protection Tokens)
                ax.add_patch(Circle((0.25, 0.3), 0.1, facecolor="#d9c27a", edgecolor="black", zorder=5))
            if summoned:  # a Lotus token on an enchanted pattern (Summoning an Enchanted Celestial Spirit)
                ax.add_patch(Circle((0.75, 0.3), 0.1, facecolor="#f4a7c0", edgecolor="#a0305a", zorder=5))
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
        self._paste(self._tile("title", 0.1, top - 0.46, PICTURE_WIDTH - 0.2, 0.42), ("title", title), "white",
                    self._text_lines([(title, {"fontsize": 9.5, "weight": "bold"})], x=0.05))
        self._paste(self._tile("subtitle", 0.1, top - 0.78, PICTURE_WIDTH - 0.2, 0.3), ("subtitle", subtitle),
                    "white", self._text_lines([(subtitle, {"fontsize": 7.5, "color": "#333333"})], x=0.05))
        self._update_row(state, top - HEADER_H - TABLE_H)
        acting = state.current_player
        for k, player in enumerate(self.players):
            self._update_band(state, player, top - HEADER_H - TABLE_H - PLAYER_H * (k + 1), player == acting)
        self.state = state

    def _caption(self, name, x, y, w, h, lines, face: str, fontsize: float = 7.0, step: float = 0.2) -> None:
        styled = [(text, {"fontsize": fontsize, **extra}) for text, extra in lines]
        self._paste(self._tile(name, x, y, w, h), ("caption", fontsize, tuple(map(repr, lines))), face,
                    self._text_lines(styled, x=w / 2, ha="center", step=step))

    def _update_row(self, state, row: float) -> None:
        y = row + 0.55
        shown, what = (list(state.revealed), "revealed") if state.revealed else (list(state.to_place), "to place")
        spirits = Counter(self.components.cards[c].spirit for c in shown if c in self.components.cards)
        for i in range(MAX_REVEALED):
            tile = self._tile(f"revealed {i}", 0.2 + 1.15 * i, y, CARD_W, CARD_H)
            if i < len(shown):
                card = self.components.cards.get(shown[i])
                clash = what == "revealed" and card is not None and spirits[card.spirit] > 1
                style = {"edge": "#e8001c", "linewidth": 3.0} if clash else {}
                self._paste(tile, ("card", shown[i], clash, 5.5), "white", self._card_draw(shown[i], 5.5, **style))
            else:
                self._paste(tile, ("empty",), "white", self._empty_draw())
        more = f" (+{len(shown) - MAX_REVEALED} more)" if len(shown) > MAX_REVEALED else ""
        if what == "revealed":
            failed = " -- failed reveal" if state.phase == "collect" else ""
            caption = f"revealed this round: {len(shown)}{more}{failed}"
        else:
            caption = f"collected, to place: {len(shown)}{more}" if shown else "no card revealed yet"
        self._caption("row caption", 0.2, row + 0.15, 1.15 * MAX_REVEALED - 0.15, 0.32, [(caption, {})], "white")
        pile = len(state.draw_pile)
        self._paste(self._tile("draw pile", 7.4, y, CARD_W, CARD_H), ("pile", pile, state.second_pile), "white",
                    self._pile_draw(pile, state.second_pile) if pile else self._empty_draw("empty"))
        top = state.discard[-1] if state.discard else None
        self._paste(self._tile("discard", 8.7, y, CARD_W, CARD_H),
                    ("card", top, False, 5.5) if top else ("empty", "empty"), "white",
                    self._card_draw(top) if top else self._empty_draw("empty"))
        centre = len(state.central)
        self._paste(self._tile("centre", 10.0, y, CARD_W, CARD_H), ("nian",) if centre else ("empty", "none"),
                    "white", self._card_draw(None) if centre else self._empty_draw("none"))
        for name, x, text in (("draw pile caption", 7.3, "draw pile"),
                              ("discard caption", 8.6, f"discard {len(state.discard)}"),
                              ("centre caption", 9.9, f"Nian Shou {centre}")):
            self._caption(name, x, row + 0.15, 1.2, 0.32, [(text, {})], "white")

    def _update_band(self, state, player: str, y: float, acting: bool) -> None:
        face = BAND_COLOUR
        layout = area_layout(state, player)
        self._paste(self._tile(f"{player} band", 0, y, PICTURE_WIDTH, PLAYER_H), ("band", acting), "white",
                    self._band_draw(acting))
        lines = ((player[:16], {"fontsize": 9, "weight": "bold"}),
                 (f"{state.score(player)['total']} energy points", {"fontsize": 7.5}),
                 (f"tokens {layout['tokens']}, Lotus {layout['lotus']}", {"fontsize": 7.5}),
                 ("BEYOND stock" if state.beyond_stock == player else "", {"fontsize": 7.5, "weight": "bold"}),
                 ("to act" if acting else "", {"fontsize": 7.5, "weight": "bold", "color": "#8a6500"}))
        self._paste(self._tile(f"{player} label", 0.2, y + 0.17, 2.2, PLAYER_H - 0.34),
                    ("label", tuple(map(repr, lines))), face, self._text_lines(lines, x=0.05, step=0.34))
        corners = [(2.5, y + 1.25), (3.3, y + 1.25), (2.5, y + 0.45), (3.3, y + 0.45)]
        capacity = self.components.capture_corners
        for i in range(capacity):
            cx, cy = corners[i % 4]
            tile = self._tile(f"{player} capture {i}", cx, cy, 0.8, 0.8)
            if i < len(layout["captures"]):
                card = state.cards[layout["captures"][i]]
                self._paste(tile, ("capture", card.symbol), face,
                            lambda ax, card=card: draw_capture_card(ax, 0, 0, card))
            else:
                self._paste(tile, ("corner",), face, self._empty_draw(width=0.8, height=0.8, dashed=True))
        self._caption(f"{player} captures caption", 2.5, y + 0.17, 1.6, 0.26,
                      [(f"captures {len(layout['captures'])}/{capacity}", {})], face, fontsize=6.5)
        nian = len(layout["nian"])
        self._paste(self._tile(f"{player} nian", 4.4, y + 0.65, CARD_W, CARD_H),
                    ("nian",) if nian else ("empty", "nian"), face,
                    self._card_draw(None) if nian else self._empty_draw("Nian\nShou"))
        self._caption(f"{player} nian caption", 4.3, y + 0.17, 1.2, 0.45, [(f"Nian Shou {nian}", {})], face,
                      fontsize=6.5)
        protected = set(layout["protected"])
        for i, code in enumerate(self.components.spirits):
            x = _SPIRIT_X0 + _SPIRIT_DX * i
            loose = layout["loose"].get(code, [])
            patterns = [pt for pt in layout["patterns"] if pt["spirit"] == code]
            top = loose[-1] if loose else (patterns[-1]["cards"][0] if patterns else None)
            guarded = len(protected & set(loose))
            summoned = any(pt["lotus"] for pt in patterns)
            key = ("spirit", code, top, bool(patterns), guarded > 0, summoned)
            self._paste(self._tile(f"{player} {code}", x, y + 0.65, CARD_W, CARD_H), key, face,
                        self._spirit_draw(code, top, bool(patterns), guarded > 0, summoned))
            first = (f"{len(loose)} loose" + (f", {guarded} prot." if guarded else "")) if loose or patterns else ""
            second = f"enchanted {len(patterns)}" if patterns else ""
            self._caption(f"{player} {code} caption", x - 0.1, y + 0.17, _SPIRIT_DX, 0.45,
                          [(first, {}), (second, {"color": "#8a6500"})], face, fontsize=6.0)

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
        import io

        from PIL import Image as PILImage

        out = io.BytesIO()
        PILImage.fromarray(self.frame, "RGB").save(out, format="png", compress_level=1)
        return out.getvalue()

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
