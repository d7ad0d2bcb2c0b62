"""The core's refused inputs as a reader sees them (explorer.core.inputs.InputError)."""

from explorer.core.inputs import InputError


def test_a_refused_input_shows_itself_as_a_short_table():
    """Issue 11 (text outputs): a refused input shown in a notebook is a table -- the field, what was found, what
    was expected, one row per problem, every text escaped -- never one long line wrapped inside its words."""
    error = InputError("broken.json", "players[2].role", '"middle" or "edge"', "<centre>",
                       problems=[("players[2].role", "<centre>", '"middle" or "edge"'), ("name", ..., "a text")])
    page = error._repr_html_()
    assert "<b>refused</b>: broken.json cannot be used" in page
    assert page.count("<tr>") == 3 and "&#x27;&lt;centre&gt;&#x27;" in page and "<centre>" not in page
    assert "&quot;middle&quot; or &quot;edge&quot;" in page and ">name<" in page and ">a text<" in page
