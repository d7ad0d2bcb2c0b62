"""Display helpers shared by every system: figures to PNG bytes and small HTML pieces."""

from __future__ import annotations

import base64
import html
import io

from matplotlib.figure import Figure


def new_figure(width: float = 6.0, height: float = 3.2, dpi: int = 100) -> Figure:
    """A matplotlib figure that does not touch pyplot's global state (safe in servers and tests)."""
    return Figure(figsize=(width, height), dpi=dpi, layout="constrained")


def figure_png(figure: Figure) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=figure.dpi)
    return buffer.getvalue()


def png_img_tag(png: bytes, alt: str = "") -> str:
    encoded = base64.b64encode(png).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}"/>'


def side_by_side(*parts: str) -> str:
    cells = "".join(f'<div style="flex:0 1 auto">{part}</div>' for part in parts)
    return f'<div style="display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start">{cells}</div>'
