"""Actions of the encounter round-trip through JSON and are checked field by field when decoded
(the game protocol's ActionCodec): a wrong type names the field; an unknown kind is refused."""

from __future__ import annotations

import pytest

from explorer.core.inputs import InputError
from explorer.dnd5e import actions as A

EVERY_ACTION = [
    A.Bewegen(((0.75, 2.25), (2.25, 2.25)), "gehen", (1,)), A.Aufstehen(), A.Angriff("Langschwert", "Ork", "halb"),
    A.ZauberWirken("Feuerpfeil", "Ork"), A.Spurt(), A.Rueckzug(), A.Ausweichen(), A.Helfen("Ork"), A.Verstecken(),
    A.Suchen(), A.Vorbereiten("feind-kommt-in-reichweite", "bewegen", "", ((3.75, 3.75),)),
    A.GegenstandVerwenden("Heiltrank"), A.GegenstandVerwenden("Heiltrank", "Magierin"),
    A.MagischenGegenstandVerwenden("Zauberstab der Magischen Geschosse", "Ork"),
    A.SpezialfaehigkeitVerwenden("Feueratem", "Kämpferin"), A.ZugBeenden(),
]


def test_every_action_kind_round_trips_through_json():
    """AKTIONEN IM KAMPF: all twelve actions, the move, standing up and ending the turn."""
    assert {a.kind for a in EVERY_ACTION} == set(A.ACTIONS.classes)
    for action in EVERY_ACTION:
        assert A.ACTIONS.from_json(action.to_json()) == action


@pytest.mark.parametrize("data, field", [
    ({"kind": "angriff", "waffe": 3, "ziel": "Ork"}, "waffe"),
    ({"kind": "bewegen", "pfad": [[0.75, "x"]]}, "pfad"),
    ({"kind": "bewegen", "pfad": [[0.75, float("nan")]]}, "pfad"),
    ({"kind": "angriff", "waffe": "Dolch"}, "ziel"),
    ({"kind": "spurt", "weit": True}, "weit"),
    ({"kind": "fliegen"}, "kind"),
])
def test_a_malformed_action_is_refused_naming_the_field(data, field):
    """Decoding checks every field against its declared type (InputError naming the field)."""
    with pytest.raises(InputError) as refused:
        A.ACTIONS.from_json(data)
    assert field in str(refused.value)
