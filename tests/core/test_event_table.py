"""The core's event table (issue 11: text outputs as HTML tables, never wrapped plain text): any
system's events -- ``.text``, ``.rule``, maybe ``.visible_to`` -- and refusals, as one HTML table."""

import re
from dataclasses import dataclass
from typing import Any

import pytest

from explorer.core import EventTable, RuleRef, RuleViolation, events_table, refusal_table
from explorer.core.game import Event

# a made-up rulebook: the core knows no system (and these tests cover no system's rule)
MOVEMENT = RuleRef("example-rulebook.txt", "Moving Chips")
TURF = RuleRef("example-rulebook.txt", '"Unsere Ecke!" ("Our Corner!")')


@dataclass
class OtherEvent:  # another system's event: only the attributes the table reads
    text: str
    rule: Any = None


def test_each_event_in_words_beside_its_section_with_the_full_citation_as_tooltip():
    table = events_table([Event("move", "Sahra moves 8 cm <south>", MOVEMENT), OtherEvent("the turn ends")])
    page = table._repr_html_()
    assert "<table" in page and page.count("<tr") == 3  # the head and two rows
    assert "Sahra moves 8 cm &lt;south&gt;" in page  # escaped: no raw HTML from a text
    assert 'title="example-rulebook.txt, section &quot;Moving Chips&quot;"' in page
    assert ">Moving Chips</td>" in page
    assert 'rule <span class="event-books">(example-rulebook.txt)</span>' in page
    assert repr(table).splitlines() == ["Sahra moves 8 cm <south>  [Moving Chips]", "the turn ends"]


def test_a_citation_that_quotes_itself_is_quoted_once():
    page = events_table([Event("setup", "scenario chosen", TURF)])._repr_html_()
    assert "&quot;&quot;" not in page and '""' not in page.replace('=""', "")
    assert "&quot;Unsere Ecke!&quot; (&quot;Our Corner!&quot;)" in page


def test_private_events_are_marked_or_left_out_for_another_viewer():
    events = [Event("draw", "Vampire draws 5 cards", MOVEMENT),
              Event("draw", "Vampire draws Blutdurst", MOVEMENT, visible_to="Vampire")]
    everything = events_table(events)
    assert "only Vampire sees this" in everything._repr_html_() and 'class="event-private"' in everything._repr_html_()
    assert len(events_table(events, viewer="Schwesternbund")) == 1
    assert len(events_table(events, viewer="Vampire")) == 2
    assert len(events_table(events, private=False)) == 1


def test_a_refusal_is_a_marked_row_and_on_its_own_a_short_table():
    refused = RuleViolation("Sahra cannot move 9 cm: the range allows 8 cm", MOVEMENT)
    table = events_table([refused, Event("move", "Sahra moves 8 cm", MOVEMENT)])
    page = table._repr_html_()
    assert page.index("refused") < page.index("Sahra moves 8 cm")
    assert 'class="event-refused"' in page and page.count('class="event-refused"') == 1
    alone = refusal_table(refused)._repr_html_()
    assert "Sahra cannot move 9 cm" in alone and ">Moving Chips</td>" in alone
    assert refused._repr_html_() == alone  # a RuleViolation shows itself the same way in a notebook
    assert repr(refusal_table(refused)) == "[refused] Sahra cannot move 9 cm: the range allows 8 cm  [Moving Chips]"


def test_no_events_say_so_and_the_html_is_the_same_every_time():
    empty = EventTable([])
    assert "(nothing happened)" in empty._repr_html_() and repr(empty) == "(nothing happened)"
    events = [Event("move", "Sahra moves", MOVEMENT)]
    assert events_table(events)._repr_html_() == events_table(events)._repr_html_()
    assert not re.search(r"0x[0-9a-f]{6,}", repr(events_table(events)))  # no memory address in a stored output


def test_a_table_speaks_the_language_of_its_system():
    """A German system's tables (the D&D excerpt, dnd5e-combat-de-excerpt.txt) say Regel and abgelehnt,
    not rule and refused; an unknown language is refused by name."""
    from explorer.core.event_table import EventTable, refusal_table
    from explorer.core.rules import RuleRef, RuleViolation

    ref = RuleRef("dnd5e-combat-de-excerpt.txt", "SPURT")
    violation = RuleViolation("nur eine Aktion pro Zug", ref)
    german = refusal_table(violation, language="de")._repr_html_()
    assert "Regel" in german and "abgelehnt" in german and ">rule" not in german and "refused<" not in german
    assert "was geschah" in EventTable([("Spurt: 18 m", ref)], language="de")._repr_html_()
    english = refusal_table(violation)._repr_html_()
    assert "rule" in english and "refused" in english
    with pytest.raises(ValueError, match="klingon"):
        EventTable([], language="klingon")


def test_the_table_reads_at_one_line_height_inside_a_widget():
    """Issue 11 (D&D's Zug panel, the replay): in a widget's HTML an event table inherited ipywidgets'
    28 px line height, and every wrapped event ran over widely spaced lines.  The box sets its own."""
    page = events_table([Event("move", "Sahra moves 8 cm", MOVEMENT)])._repr_html_()
    assert "div.event-box{line-height:1.35}" in page


def test_a_ruling_named_in_an_event_says_what_it_is_on_hover(monkeypatch):
    """A refusal that names a ruling by id ("... (ruling example.corner-size)") shows the id with the
    ruling's title and choice as its tooltip (issue 11: a raw id explains nothing); a word that only
    looks like an id ("e.g.", "1.5 m", "data.json") stays as it is."""
    from explorer.core import rulings

    corner = rulings.Ruling(id="example.corner-size", title="How big the corner is", quote="our corner",
                            source=TURF, choice="The corner is 20 x 20 cm.", default=20)
    monkeypatch.setitem(rulings.REGISTRY, corner.id, corner)
    page = refusal_table(RuleViolation("the chip is outside the corner (ruling example.corner-size), e.g. at 1.5 "
                                       "m; see data.json", TURF))._repr_html_()
    assert ('(ruling <span class="event-ruling" title="How big the corner is: The corner is 20 x 20 cm.">'
            "example.corner-size</span>), e.g. at 1.5 m; see data.json") in page
    assert page.count("event-ruling") == 2  # the span and its style
