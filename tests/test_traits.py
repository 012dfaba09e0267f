"""The one trait model: every trait writes and reads its type and state as VASSAL does.

The expected strings are written out from VASSAL's sources (``myGetType``/``mySetType``,
``myGetState``/``mySetState`` of ``BasicPiece``, ``Marker``, ``UsePrototype``, ``Embellishment``,
``Obscurable``, ``Delete``, ``SendToLocation``, ``ReturnToDeck``, and ``Decorator``'s TAB
nesting), field by field in VASSAL's order, not captured from our writer.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from hexforge.builder import pieces
from hexforge.builder.traits import (CTRL, BasicPiece, Delete, Layer, Link, Marker, Mask, OtherTrait, ReturnToDeck,
                                     SendToLocation, UsePrototype, join, piece_state, piece_type, read_piece,
                                     read_trait, split)

# One instance of every kind, with awkward text (delimiters, quotes, backslashes inside tokens).
TRAITS = [
    BasicPiece("img;1.png", "1/Red, 'A'", "Main Map", 120, -40, "7", (("Moved", "true"), ("k;x", "v,y")), "C", "D"),
    BasicPiece("", ""),
    Marker((("Side", "Blue"), ("Unit,Id", "B;1"), ("Note", "'quoted'"))),
    UsePrototype("Unit"),
    UsePrototype("Unit;Blue", (("Side", "Blue"), ("Step", "1"))),
    Layer("Step", ("", "back.png"), "F", "Flip (step loss)", description="reduced side"),
    Layer("Value", ("a.png", "b.png", "c.png"), "", "", level=3, level_names=("one", "two", "three"),
          activate_modifiers=0, up_modifiers=0, down_modifiers=0, only_property_name="", only_property_state="true"),
    Layer("Hidden", ("a.png",), "70,195,Flip", "", level=-1, always_active=False, activate_keystroke="65,130"),
    Mask("back.png", description="face down until revealed"),
    Mask("back.png", obscured_by="Alice", options="Alice", deal_key="", deal_expression=""),
    Delete(),
    Delete("Remove", "82,130", "remove the unit"),
    SendToLocation("Send home", "72,130", "Main Map", "Board", "100", "200", "Back", "66,130", description="home",
                   back_map="Main Map", back_x="10", back_y="20"),
    SendToLocation(),
    ReturnToDeck("Return", "82,130", "", "Select destination", "", True, "{Deck}"),
    OtherTrait("immob;nZ;V", ""),
]


@pytest.mark.parametrize("trait", TRAITS, ids=lambda t: type(t).__name__)
def test_every_trait_reads_back_what_it_writes(trait) -> None:
    cls = type(trait)
    read = cls.from_type(trait.type())
    assert read.type() == trait.type()
    assert read.with_state(trait.state()) == trait
    assert read_trait(trait.type(), trait.state()) == trait
    assert read.with_state(trait.state()).state() == trait.state()


@pytest.mark.parametrize("trait", [t for t in TRAITS if not isinstance(t, Marker)], ids=lambda t: type(t).__name__)
def test_a_trait_in_its_default_state_reads_back_from_its_type_alone(trait) -> None:
    default = type(trait).from_type(trait.type())
    assert default == type(trait).from_type(trait.type()).with_state(default.state())
    if trait.state() == default.state():
        assert default == trait


# -- type strings as VASSAL writes them -----------------------------------------------------------

def test_basic_piece_as_vassal_writes_it() -> None:
    # getType: "piece;" + SequenceEncoder(cloneKey, ';').append(deleteKey).append(image).append(name)
    b = BasicPiece.from_type("piece;;;img.png;Name")
    assert (b.image, b.name, b.clone_key, b.delete_key) == ("img.png", "Name", "", "")
    assert BasicPiece.from_type("piece;C;Delete;a\\;b.png;N").image == "a;b.png"
    assert BasicPiece.from_type("piece;C;Delete;x;N").delete_key == "D"  # nextChar: the first character
    # getState: map;x;y;gpid;count;key;value...  setState: bad numbers read as 0, no map is "null"
    s = b.with_state("Main Map;120;340;7;2;Moved;true;Owner;Alice")
    assert (s.map, s.x, s.y, s.gpid, s.props) == ("Main Map", 120, 340, "7", (("Moved", "true"), ("Owner", "Alice")))
    off = b.with_state("null;x;99999999999;;0")
    assert (off.map, off.x, off.y) == (None, 0, 0)
    assert b.with_state("Main;1;2;7;3;k;v").props == (("k", "v"),)  # properties stop where the tokens do


def test_marker_as_vassal_writes_it() -> None:
    m = Marker.from_type("mark;Side,Unit\\,Id")
    assert m.keys == ("Side", "Unit,Id")
    # mySetState: values in key order, missing ones stay "", extra ones ignored
    assert m.with_state("Blue").properties == (("Side", "Blue"), ("Unit,Id", ""))
    assert m.with_state("Blue,B1,extra").properties == (("Side", "Blue"), ("Unit,Id", "B1"))


def test_use_prototype_as_vassal_writes_it() -> None:
    assert UsePrototype.from_type("prototype;Unit") == UsePrototype("Unit")
    p = UsePrototype.from_type("prototype;Unit;Side=Blue,Step=1,broken")
    assert p.name == "Unit" and p.parameters == (("Side", "Blue"), ("Step", "1"))


# Embellishment.myGetType (VASSAL 3.7): 33 fields, in this order.
LAYER_37 = ("emb2;Activate;130;A;Flip;130;;;130;;;;1;false;0;0;a.png,b.png;full,reduced;true;Step;;;false;;1;1;"
            "true;;70,130;;reduced side;1.0;;true")


def test_layer_as_vassal_writes_it() -> None:
    layer = Layer.from_type(LAYER_37)
    assert (layer.name, layer.images, layer.levels, layer.key, layer.menu_text) == (
        "Step", ("a.png", "b.png"), ("full", "reduced"), "70,130", "Flip")
    assert (layer.activate_command, layer.activate_key, layer.description) == ("Activate", "A", "reduced side")
    assert (layer.only_property_name, layer.only_property_state) == ("", "true")
    assert layer.type() == LAYER_37
    assert layer.level == 1  # always active: VASSAL starts it at level 1
    # mySetState: nextInt(-1), kept within -images..images
    assert [layer.with_state(s).level for s in ("2", "-1", "7", "-9", "x", "")] == [2, -1, 2, -2, -1, -1]
    assert layer.with_state("2").active_name == "reduced" and layer.with_state("-1").active_name == ""


def test_older_layer_types_read_with_vassals_defaults() -> None:
    # 31 fields (no only-property fields) and a single-character keystroke (VASSAL: Ctrl + that key)
    old = Layer.from_type("emb2;;130;;Flip;130;;;130;;;;1;false;0;0;,back.png;,;true;Step;;;false;;1;1;true;;F;;;1.0")
    assert old.key == f"70,{CTRL}" and old.only_property_name is None and old.images == ("", "back.png")
    assert old.type().endswith(";true;;70,130;;;1.0")
    short = Layer.from_type("emb2;;130;;Flip;130;;;130;;;;1;false;0;0;a.png")
    assert short.levels == ("",) and short.name == "" and short.loop and short.scale == "1.0"


def test_mask_as_vassal_writes_it() -> None:
    # Obscurable.myGetType: keyCommand;imageName;hideCommand;displayStyle;maskName;access;peekCommand;
    # description;autoPeekRollover;dealKey;dealExpression
    m = Mask.from_type("obs;77,130;back.png;Mask;I;?;player:;Peek;face down;true;;")
    assert (m.key, m.image, m.menu_text, m.display, m.description, m.deal_key) == (
        "77,130", "back.png", "Mask", "I", "face down", "")
    assert m.type() == "obs;77,130;back.png;Mask;I;?;player:;Peek;face down;true;;"
    assert m.with_state("null;").obscured_by is None
    assert m.with_state("Alice;Alice").obscured_by == "Alice"
    legacy = Mask.from_type("obs;M;back.png;Hide")  # no display style: a new piece, auto-peek on
    assert legacy.key == "77,130" and legacy.auto_peek and legacy.mask_name == "?"


def test_delete_send_and_return_as_vassal_writes_them() -> None:
    assert Delete.from_type("delete;Delete;68,130;") == Delete()
    assert Delete.from_type("delete;Remove").key == "68,130"  # nextNamedKeyStroke('D'): Ctrl+D
    s = SendToLocation.from_type("sendto;Send home;72,130;Main Map;Board;100;200;Back;66,130;0;0;1;1;home;L;;;;")
    assert (s.command, s.map_id, s.board, s.x, s.y, s.destination) == ("Send home", "Main Map", "Board", "100", "200", "L")
    assert SendToLocation.from_type("sendto;Go;;;;;;;;;;;;;").destination == "L"  # empty destination is "L"
    assert s.state() == ";;" and s.with_state("Main Map;10;20").back_x == "10"
    r = ReturnToDeck.from_type("return;Return;82,130;;Select destination;;2;true;")
    assert r == ReturnToDeck("Return", "82,130", "", "Select destination", "", True, "")
    # version 1: no selection flag; VASSAL selects a deck when none is named, else uses the named one
    v1 = ReturnToDeck.from_type("return;Return;82,130;Deck 1;Pick;desc")
    assert (v1.select, v1.deck_expression) == (False, "Deck 1")
    assert v1.type() == "return;Return;82,130;Deck 1;Pick;desc;2;false;Deck 1"


# -- the chain --------------------------------------------------------------------------------------

def test_a_chain_nests_as_decorator_does() -> None:
    # Decorator.getType = SequenceEncoder(myGetType, TAB).append(inner.getType()): each level out escapes the
    # inner TABs once more.
    type_ = "prototype;P\temb2;X\\\tmark;K\\\\\tpiece;;;i;n"
    state = "\t2\\\tv\\\\\tnull;0;0;;0"
    links = split(type_, state)
    assert [x.type for x in links] == ["prototype;P", "emb2;X", "mark;K", "piece;;;i;n"]
    assert [x.state for x in links] == ["", "2", "v", "null;0;0;;0"]
    assert join(list(links)) == (type_, state)


def test_a_piece_reads_into_its_traits() -> None:
    type_ = "prototype;Unit\tmark;Side\\\tpiece;;;img.png;Name"
    read = read_piece(type_, "\tBlue\\\tMain;10;20;5;0")
    assert read == [UsePrototype("Unit"), Marker((("Side", "Blue"),)),
                    BasicPiece("img.png", "Name", "Main", 10, 20, "5")]
    assert piece_type(read) == type_ and piece_state(read) == "\tBlue\\\tMain;10;20;5;0"


def test_piece_questions() -> None:
    t = piece_type([UsePrototype("Unit"), Marker((("Side", ""),)), Marker((("Side", ""), ("Id", ""))),
                    Layer("Step", ("a.png", "b.png"), "F", "Flip", level_names=("full", "reduced")),
                    BasicPiece("a.png", "B1")])
    s = piece_state([UsePrototype("Unit"), Marker((("Side", "Blue"),)), Marker((("Side", "Red"), ("Id", "B1"))),
                     Layer("Step", ("a.png", "b.png"), "F", "Flip", level=2), BasicPiece("a.png", "B1", "Map", 3, 4)])
    assert pieces.markers(t, s) == {"Side": "Blue", "Id": "B1"}  # the outer Marker wins
    assert [(x.name, x.level, x.active_name) for x in pieces.layers(t, s)] == [("Step", 2, "reduced")]
    assert pieces.prototypes(t) == ["Unit"] and pieces.basic_name(t) == "B1"
    moved = pieces.piece_state_at(t, s, "Other", 30, 40)
    b = read_piece(t, moved)[-1]
    assert (b.map, b.x, b.y) == ("Other", 30, 40)
    assert read_piece(t, moved)[:-1] == read_piece(t, s)[:-1]
    assert pieces.basic_state(split(t, pieces.piece_state_at(t, s, None, 5, 5))[-1].state).map is None


def test_the_older_names_still_work() -> None:
    chain = [pieces.Trait(pieces.marker_type(["Side"]), "Blue"), pieces.Trait(pieces.basic_type("i.png", "N"), "")]
    assert pieces.join(chain) == ("mark;Side\tpiece;;;i.png;N", "Blue\t")
    assert pieces.traits(*pieces.join(chain)) == [Link("mark;Side", "Blue"), Link("piece;;;i.png;N", "")]
    b = pieces.BasicState(None, 0, 0, "9")
    assert pieces.encode_basic_state(b) == "null;0;0;9;0" and b.map is None
    layer = Layer.from_type(pieces.layer_type("Strength", ["a", "b"], ["full", "reduced"]))
    assert layer.levels == ("full", "reduced") and layer.key == "" and layer.up_modifiers == 0
    assert replace(layer, level=2).active_name == "reduced"
