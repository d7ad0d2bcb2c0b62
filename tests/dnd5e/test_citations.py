"""The D&D citations read German, as the UI does (refs.Regel): a refusal says ``(Regel: <rulebook>,
Abschnitt "<heading>")``, for the excerpt's headings (dnd5e-combat-de-excerpt.txt, "SPURT", "ANGRIFF")
and for the SRD 5.1's sections (SRD 5.1, "Combat > Cover"); the other systems keep ``(rule: ...,
section "...")``; a citation read back from JSON is German again and equal to the constant."""

from __future__ import annotations

import pytest

from explorer.core.rules import RuleRef, RuleViolation
from explorer.dnd5e import actions as A
from explorer.dnd5e import odds, refs
from explorer.dnd5e.game import EncounterState, new_encounter


def test_excerpt_citation_reads_german():
    """dnd5e-combat-de-excerpt.txt, "SPURT": the constant prints 'Abschnitt', a refusal 'Regel'."""
    assert str(refs.SPURT) == 'dnd5e-combat-de-excerpt.txt, Abschnitt "SPURT"'
    error = RuleViolation("kein zweiter Spurt", refs.SPURT)
    assert str(error) == 'kein zweiter Spurt (Regel: dnd5e-combat-de-excerpt.txt, Abschnitt "SPURT")'


def test_srd_citation_reads_german():
    """SRD 5.1, "Combat > Cover": 'SRD 5.1, Abschnitt "Combat > Cover"'; the odds cite the same constants."""
    assert str(refs.SRD_COVER) == 'SRD 5.1, Abschnitt "Combat > Cover"'
    assert odds.SRD_COVER is refs.SRD_COVER and odds.SRD_CRITICAL_HITS is refs.SRD_CRITICAL_HITS


def test_other_systems_keep_the_english_citation():
    """A plain RuleRef (Behind, Beyond, Behold: Rome) still reads 'rule: ..., section "..."'."""
    plain = RuleRef("behind-2003-rulebook.txt", "Movement")
    assert str(RuleViolation("no", plain)) == 'no (rule: behind-2003-rulebook.txt, section "Movement")'


def test_german_citation_equals_the_plain_one():
    """A Regel equals (and hashes like) the RuleRef of the same rulebook and section, both ways round,
    so a citation from JSON (RuleRef.from_json) finds its constant: SRD 5.1, "Combat > Cover"."""
    plain = RuleRef.from_json(refs.SRD_COVER.to_json())
    assert plain == refs.SRD_COVER and refs.SRD_COVER == plain
    assert {refs.SRD_COVER: 1}[plain] == 1 and hash(plain) == hash(refs.SRD_COVER)
    assert refs.SRD_COVER != RuleRef("SRD 5.1", "Combat > Cover > Half Cover")
    assert refs.Regel.of(plain) == plain and isinstance(refs.Regel.of(plain), refs.Regel)
    assert refs.Regel.of(None) is None


def test_refusal_in_a_game_reads_german():
    """dnd5e-combat-de-excerpt.txt, "AKTIONEN IM KAMPF": a second action in one turn is refused, cited in German."""
    state = new_encounter("duell", seed=1)
    state.apply(A.Spurt())
    with pytest.raises(RuleViolation) as caught:
        state.apply(A.Rueckzug())
    assert str(caught.value).endswith('(Regel: dnd5e-combat-de-excerpt.txt, Abschnitt "AKTIONEN IM KAMPF")')


def test_log_read_back_from_json_cites_german():
    """SRD 5.1, "Combat > The Order of Combat > Initiative": the saved log's citations come back German."""
    state = new_encounter("duell", seed=1)
    state.apply(A.Spurt())
    again = EncounterState.from_json(state.to_json())
    assert [str(e) for e in again.log] == [str(e) for e in state.log]
    assert all(isinstance(e.rule, refs.Regel) for e in again.log if e.rule is not None)
    assert "SRD 5.1, Abschnitt \"Combat > The Order of Combat > Initiative\"" in str(again.log[0])
