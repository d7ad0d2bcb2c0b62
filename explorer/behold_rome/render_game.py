"""Drawing a game of Behold: Rome as it is held (behold-rome-rulebook.txt, "Holding the Game").

* :func:`draw_card` draws one civ card with its four levels, one on each edge: the active level
  upright along the top edge, bold on a banner in its type's colour, the others turned with the
  card ("Concept & Term Glossary > Level": the level oriented upright is active).
* :func:`draw_state` draws a state: the deck seen from the side, front (the visible top card, drawn
  whole) on the left to back on the right; every other card a slab with its active level's name;
  stored cards turned (a shorter, wider, hatched slab, "Store / Stored"); the controlled regions at
  the very back sticking out above the deck; the nation, round and age cards where they are.  Below
  it, the hand fanned, each card with its four levels, and the cards being resolved (set aside).
* :class:`StatePicture` is the replay panel's picture (``System.picture``): ``update(state)``,
  ``png()`` and ``pixel_size``; :func:`state_png` gives PNG bytes of one state.

Text sizes come from :func:`explorer.core.render_labels.notebook_font_size` (at least 8 pt as a
notebook or the replay panel shows the picture); the layout is fixed, so that no text runs into
another (the tests check it with :func:`explorer.core.render_labels.label_collisions`).
"""

from __future__ import annotations

import math
import textwrap

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from explorer.behold_rome.deck import MARKERS
from explorer.core.render_labels import line_size, notebook_font_size, renderer_of

DPI = 96
"""Drawn at CSS's 96 px an inch: shown at 1 px per px, an 8 pt text stays 8 pt."""
WIDTH, HEIGHT = 7.5, 4.7
"""The picture's size in inches (data units are inches too)."""
CARD_W, CARD_H = 1.12, 1.7
SLAB = 0.22
"""A card seen from the side (its thickness, exaggerated to hold one line of text)."""
STORED_SLAB, STORED_H = 0.25, 0.9
"""A stored card, turned 90 degrees: a little wider and only this share of a card's height (tall
enough for the longest name of the shipped cards, "3 Africa Proconsularis", with its mark)."""
SPINE_PAD = 3.0
"""Pixels kept between a name on a card's spine and the spine's ends."""
RAISE = 0.3
"""How far the controlled regions stick out above the deck at its back."""
HAND_STEP = 1.22
FAN_DEGREES = 2.0
"""Each hand card turned this much more than its left neighbour (the fan)."""
TYPE_COLOURS = {"production": "#d9ead3", "action": "#fce5cd", "region": "#fff2cc", "institution": "#cfe2f3",
                "tributary": "#ead1dc"}
MARKER_COLOUR = "#d9d9d9"
STORED_COLOUR = "#f3f3f3"
EDGE = "#444444"


# -- one card -------------------------------------------------------------------------------------
def _rotate(cx: float, cy: float, x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    dx, dy = x - cx, y - cy
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def _fit(ax, words: str, size: float, room_px: float, weight: str = "normal") -> str:
    """``words`` on one line if it fits ``room_px``, else broken at the space nearest its middle."""
    renderer = renderer_of(ax.figure)
    if line_size(renderer, words, size, weight=weight)[0] <= room_px or " " not in words:
        return words
    spaces = [i for i, ch in enumerate(words) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(words) / 2))
    return words[:cut] + "\n" + words[cut + 1:]


def _spine_words(ax, words: str, size: float, room_px: float, legend: dict) -> str:
    """``words`` as a spine shows them: whole if they fit ``room_px``, else cut to fit with an
    ellipsis ("4 Cursus Publ…"); the cut name goes into ``legend`` (cut -> whole), which the key
    lists, so that no name is lost (user-typed cards may have long names)."""
    renderer = renderer_of(ax.figure)
    if line_size(renderer, words, size)[0] <= room_px:
        return words
    cut = words
    while len(cut) > 1 and line_size(renderer, cut + "…", size)[0] > room_px:
        cut = cut[:-1].rstrip()
    short = cut + "…"
    legend[short] = words
    return short


def draw_card(ax, card, level: int | None = None, *, x: float = 0.0, y: float = 0.0, angle: float = 0.0,
              width: float = CARD_W, height: float = CARD_H, fontsize: float | None = None, edge: str = EDGE,
              linestyle: str = "-") -> list:
    """Draw civ card ``card`` (a :class:`~explorer.behold_rome.cards.CivCard`) at ``level`` (default
    its starting level) with its lower-left corner at (x, y), turned ``angle`` degrees about its
    centre; return its artists.  Each level's name sits on one edge, ``"<level> <name>"``: the active
    level upright on the top edge (bold, on a banner in its type's colour, :data:`TYPE_COLOURS`), the
    next level on the right edge, then the bottom (upside down), then the left edge -- turning the card
    a quarter to the right makes the next level upright."""
    level = card.starting_level if level is None else level
    active = card.level(level)
    size = notebook_font_size(fontsize, ax.figure)
    cx, cy = x + width / 2, y + height / 2
    px = ax.figure.dpi
    artists = [ax.add_patch(Rectangle((x, y), width, height, angle=angle, rotation_point="center",
                                      facecolor="white", edgecolor=edge, linewidth=1.0, linestyle=linestyle,
                                      zorder=2))]
    band = 0.34
    artists.append(ax.add_patch(Rectangle((x + 0.04, y + height - band - 0.04), width - 0.08, band, angle=angle,
                                          rotation_point=(cx, cy), facecolor=TYPE_COLOURS[active.type],
                                          edgecolor="none", zorder=2.1)))
    inset, bottom = 0.13, 0.32  # an edge's text from the edge; the bottom text's room (two lines)
    side_low, side_high = y + bottom + 0.05, y + height - band - 0.09
    side_y, side_room = (side_low + side_high) / 2, side_high - side_low
    edges = [((cx, y + height - 0.04 - band / 2), 0.0, width - 0.12),  # top: the active level
             ((x + width - inset, side_y), -90.0, side_room),          # right: the next level
             ((cx, y + inset), 180.0, width - 0.12),                   # bottom
             ((x + inset, side_y), 90.0, side_room)]                   # left
    for k, ((ex, ey), turn, room) in enumerate(edges):
        lv = card.level((level - 1 + k) % 4 + 1)
        weight = "bold" if k == 0 else "normal"
        words = _fit(ax, f"{lv.level} {lv.name}", size, room * px, weight)
        tx, ty = _rotate(cx, cy, ex, ey, angle)
        artists.append(ax.text(tx, ty, words, rotation=(turn + angle) % 360, rotation_mode="anchor",
                               ha="center", va="center", fontsize=size, fontweight=weight, linespacing=1.0,
                               zorder=3))
    return artists


# -- the state ------------------------------------------------------------------------------------
def _marker_name(state, entry) -> str:
    if entry[0] == "nation":
        return f"nation: {state.cardset.nation.level(entry[1]).status}"
    return f"{entry[0]} {entry[1]}"


def _top_marker_words(state, entry) -> str:
    """The nation card on top shows its four statuses, the active one marked (as the card reads when
    held upright); the round and age cards their number."""
    if entry[0] != "nation":
        return _marker_name(state, entry)
    lines = [("\u25b6 " if level.level == entry[1] else "") + level.status for level in state.cardset.nation.levels]
    return "nation card\n" + "\n".join(lines)


def slab_name(state, entry) -> str:
    """What a card seen from the side shows: its active level and name (or the nation's status,
    the round, the age)."""
    if entry[0] in MARKERS:
        return _marker_name(state, entry)
    return f"{entry[1]} {state.cardset.card(entry[0]).level(entry[1]).name}"


def status_text(state) -> str:
    nation = state.cardset.nation.level(state.nation_level)
    text = (f"Round {state.round} of {state.rounds}, age {state.age}, turn {state.turn}\n"
            f"difficulty: {state.difficulty}\n"
            + (f"variants: {', '.join(sorted(state.variants))}\n" if state.variants else "")
            + f"phase: {state.phase}\nnation: {nation.status} (level {nation.level}),\n{nation.condition}")
    if state.is_terminal():
        score = state.score()
        text += f"\nover: {score.total} VP" + (f" against {score.rival_total}" if score.rival_total is not None else "")
    return text


def draw_state(ax, state) -> dict:
    """Draw ``state`` on ``ax`` (limits :data:`WIDTH` x :data:`HEIGHT` inches, set here): the deck from
    the side, the hand fanned, the cards set aside, the status.  Returns each card's outline (a
    :class:`~matplotlib.patches.Rectangle`) by its id, ``"nation"``, ``"round"`` and ``"age"`` included."""
    drawn: dict = {}
    size = notebook_font_size(None, ax.figure)
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(0, HEIGHT)
    ax.set_aspect("equal")
    ax.axis("off")
    deck = state._data["deck"]
    px = ax.figure.dpi
    line = size * 1.25 / 72

    # the deck, front (top card) on the left
    base = HEIGHT - 0.1 - RAISE - CARD_H
    x = 0.1
    stack = deck.stack
    if stack:
        top = stack[0]
        if top[0] in MARKERS:
            drawn[top[0]] = ax.add_patch(Rectangle((x, base), CARD_W, CARD_H, facecolor=MARKER_COLOUR,
                                                   edgecolor=EDGE, zorder=2))
            words = _top_marker_words(state, top)
            if "\n" not in words:
                words = _fit(ax, words, size, (CARD_W - 0.1) * px)
            ax.text(x + CARD_W / 2, base + CARD_H / 2, words, ha="center", va="center", fontsize=size, zorder=3,
                    linespacing=1.3)
        else:
            drawn[top[0]] = draw_card(ax, state.cardset.card(top[0]), top[1], x=x, y=base)[0]
        ax.text(x + CARD_W / 2, base - 0.06, "top card", ha="center", va="top", fontsize=size)
        x += CARD_W + 0.08
    first_slab = x
    legend: dict = {}
    for entry in stack[1:]:
        stored, controlled = entry[2] == "stored", entry[2] == "controlled"
        w = STORED_SLAB if stored else SLAB
        h = CARD_H * (STORED_H if stored else 1.0)
        y0 = base + (RAISE if controlled else 0.0)
        if entry[0] in MARKERS:
            face = MARKER_COLOUR
        elif stored:
            face = STORED_COLOUR
        else:
            face = TYPE_COLOURS[state.cardset.card(entry[0]).level(entry[1]).type]
        drawn[entry[0]] = ax.add_patch(Rectangle((x, y0), w, h, facecolor=face, edgecolor=EDGE, linewidth=0.8,
                                                 hatch="///" if stored else None, zorder=2))
        words = ("\u21bb " if stored else "") + slab_name(state, entry)
        pad = 1.5 * px / 72 if stored else 0.0  # a stored name's background box reaches this far past it
        words = _spine_words(ax, words, size, h * px - 2 * (SPINE_PAD + pad), legend)
        ax.text(x + w / 2, y0 + h / 2, words, rotation=90, ha="center", va="center", fontsize=size, zorder=3,
                bbox={"facecolor": face, "edgecolor": "none", "pad": 1.5} if stored else None)
        x += w + 0.0
    if len(stack) > 1:
        ax.text(first_slab, base - 0.06, "\u2192 back of the deck", ha="left", va="top", fontsize=size)
    deck_right = x

    # the status and the key, right of the deck
    right = max(deck_right + 0.15, 5.3)
    ax.text(right, HEIGHT - 0.1, status_text(state), ha="left", va="top", fontsize=size, linespacing=1.25)
    key = (f"{len(stack)} cards in the deck\n\u21bb hatched, shorter: stored\n({len(deck.stored())} of 4, turned 90\u00b0)\n"
           f"raised at the back: controlled\n({len(deck.controlled())} of 4)"
           + "".join(f"\n{short.lstrip(chr(0x21bb) + ' ')} =\n  " + "\n  ".join(textwrap.wrap(whole.lstrip(chr(0x21bb) + ' '), 26))
                     for short, whole in legend.items()))
    ax.text(right, base + 0.05, key, ha="left", va="bottom", fontsize=size, linespacing=1.25)

    # the hand, fanned, then the cards set aside (being resolved)
    held = [(e, "") for e in deck.hand] + [(e, "aside") for e in deck.aside]
    hand_y = 0.18
    caption = ax.text(0.1, hand_y + CARD_H + 0.2 + line, f"hand ({len(deck.hand)})" + (
        ", then the cards being resolved (red)" if deck.aside else ""), ha="left", va="bottom", fontsize=size)
    _type_key(ax, caption, size)
    n = len(held)
    step = min(HAND_STEP, (WIDTH - 0.2 - CARD_W) / max(n - 1, 1))
    start = (WIDTH - (CARD_W + step * (n - 1))) / 2 if n else 0
    for i, (entry, where) in enumerate(held):
        angle = -FAN_DEGREES * (i - (n - 1) / 2)
        lift = 0.12 * (1 - abs(i - (n - 1) / 2) / max((n - 1) / 2, 1))
        drawn[entry[0]] = draw_card(ax, state.cardset.card(entry[0]), entry[1], x=start + i * step, y=hand_y + lift,
                                    angle=angle, linestyle="--" if where else "-",
                                    edge="#cc0000" if where else EDGE)[0]
    return drawn


def _type_key(ax, caption, size: float) -> None:
    """The banner colours of the card types, on the hand caption's line, right-aligned."""
    renderer = renderer_of(ax.figure)
    px = ax.figure.dpi
    x = WIDTH - 0.1
    y = caption.get_position()[1]
    for kind in reversed(TYPE_COLOURS):
        w = line_size(renderer, kind, size)[0] / px
        x -= w
        ax.text(x, y, kind, ha="left", va="bottom", fontsize=size)
        x -= 0.2
        ax.add_patch(Rectangle((x, y + 0.01), 0.14, 0.12, facecolor=TYPE_COLOURS[kind], edgecolor=EDGE, linewidth=0.6))
        x -= 0.14


def _figure(dpi: int, width: float | None):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    scale = 1.0 if width is None else width / WIDTH
    figure = Figure(figsize=(WIDTH * scale, HEIGHT * scale), dpi=dpi, facecolor="white")
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0, 0, 1, 1))
    return figure, ax


def state_png(state, *, dpi: int = DPI) -> bytes:
    """``state`` drawn as PNG bytes (:func:`draw_state`)."""
    return StatePicture(state, dpi=dpi).png()


class StatePicture:
    """A game of Behold: Rome as it is held, one figure redrawn from state to state (the replay
    panel's picture, ``System.picture``): ``update(state)`` draws another state, ``png()`` gives the
    PNG bytes, ``pixel_size`` their width and height.  ``width``: the picture's width in inches
    (default :data:`WIDTH`; its texts then keep their size in points, so do not shrink it much)."""

    def __init__(self, state, *, dpi: int = DPI, width: float | None = None):
        self.figure, self.ax = _figure(dpi, width)
        self.state = None
        self.update(state)

    def update(self, state) -> None:
        self.ax.cla()
        self.cards = draw_state(self.ax, state)
        """Each card's outline by its id (:func:`draw_state`)."""
        self.state = state

    def png(self) -> bytes:
        from explorer.core.display import pixels_png

        self.figure.canvas.draw()
        return pixels_png(self.figure.canvas)

    @property
    def pixel_size(self) -> tuple[int, int]:
        width, height = self.figure.canvas.get_width_height()
        return int(width), int(height)

    @staticmethod
    def status_line(state) -> str:
        return status_text(state).replace(",\n", ", ").replace("\n", ", ")

    @staticmethod
    def players_html(state, viewer=None) -> str:
        """The one player's information: to the player (and the referee) what ``state.view()`` holds
        (the game's own view takes no player: it is a solo game), the referee also the deck's order;
        to the public only who acts."""
        import html

        acting = "to act" if state.current_player else ""
        out = f"<table><tr><th>player</th><th></th></tr><tr><td>player</td><td>{acting}</td></tr></table>"
        if viewer == "public":
            return out
        view = state.view()
        if viewer is None or viewer == "referee":
            view["deck"] = [slab_name(state, e) for e in state._data["deck"].stack]
        rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in view.items())
        return out + f"<table>{rows}</table>"


__all__ = ["DPI", "StatePicture", "draw_card", "draw_state", "slab_name", "state_png", "status_text"]
