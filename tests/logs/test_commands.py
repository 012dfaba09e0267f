"""The command stream: split as GameModule.decode splits it, every command VASSAL writes decoded."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexforge.builder.commands import (ESC, AddPiece, BoardSpec, ChangePiece, Chat, Log, MovePiece, Node, NullCommand, Player,
                                       PropertyChange, RemovePiece, SetBoards, SetupCommand, Skipped, TurnState, Unknown, Unmask,
                                       encode, encode_stream, parse, parse_stream)

# A step as VASSAL writes it: an empty grouping root, a move with its report and a null
# property command as sub-commands, then a chat line (depths 1 and 2 escape ESC once, twice).
STEP = ("LOG\t\\" + ESC + "LOG\tM/p1/Main Map/148/160/null/Main Map/92/192/null/pw"
        "\\\\" + ESC + "LOG\tCHAT* Blue Infantry moves 0203 -> 0303 *"
        "\\\\" + ESC + "LOG\tnull"
        "\\" + ESC + "LOG\tCHAT&lt;Jürgen&gt; - Straße ✓")


def test_a_grouped_step_splits_by_depth() -> None:
    text = ESC.join(["begin_save", "", "end_save", STEP])
    entries = parse_stream(text)
    assert [type(e.command) for e in entries] == [SetupCommand, NullCommand, SetupCommand, Log]
    step = entries[3]
    assert step.command.inner == Node(NullCommand())
    move_log, chat_log = step.children
    move = move_log.command.inner.command
    assert move == MovePiece("p1", "Main Map", 148, 160, None, "Main Map", 92, 192, None, "pw")
    assert [c.command for c in move_log.children] == [
        Log(Node(Chat("* Blue Infantry moves 0203 -> 0303 *"))), Log(None)]
    assert chat_log.command.inner.command == Chat("&lt;Jürgen&gt; - Straße ✓")
    assert encode_stream(entries) == text


def test_every_command_vassal_writes_round_trips() -> None:
    commands = [
        SetupCommand(False), NullCommand(), Player("pw", "Jürgen", "blue"), Unmask(("pw",)),
        SetBoards("Main Map", (BoardSpec("Board A", 0, 0), BoardSpec("B", 1, 0, True))),
        AddPiece("1", "prototype;Unit\tmark;Side\\\tpiece;;;a/b.png;Größe", "\tBlue\\\tMain Map;1;2;7;0"),
        AddPiece("s", "stack", "Main Map;1;2;1;@@0"), ChangePiece("1", "x/y", "z"), ChangePiece("1", "new"),
        MovePiece("1", None, 0, 0, None, "Main Map", -5, 2147483647, "9", "pw"), RemovePiece("1"),
        Chat("*** 2d6 = 4,5 *** &lt;A&gt;"), PropertyChange("2d6_result", "", "4,5", "Module"),
        TurnState("TurnTracker0", "0|1;0;false;-1;0;0;0;true,true,true"), SetupCommand(True),
    ]
    text = encode_stream([Node(c) for c in commands])
    assert [e.command for e in parse_stream(text)] == commands


def test_board_picker_with_reversed_boards() -> None:
    node = parse("Main MapBoardPicker\tWest\t0\t0\tEast/rev\t1\t0")
    assert node.command == SetBoards("Main Map", (BoardSpec("West", 0, 0), BoardSpec("East", 1, 0, True)))
    assert encode(node) == "Main MapBoardPicker\tWest\t0\t0\tEast/rev\t1\t0"
    # Without a tab VASSAL's BoardPicker does not recognise it (it encodes no boards that way).
    assert isinstance(parse("Main MapBoardPicker").command, Unknown)


def test_log_null_is_normal_and_unknown_commands_are_kept() -> None:
    entries = parse_stream(ESC.join(["begin_save", "LOG\tnull", "QUUX\tsome text", "NOTES\tsome notes", "end_save"]))
    assert entries[1].command == Log(None)
    assert entries[2].command == Unknown("QUUX\tsome text", "no VASSAL command encoder recognises this")
    # the Notes window's own command (NotesWindow, prefix NOTES<TAB>) is a stock command: known, not read
    assert entries[3].command == Skipped("NOTES", "NOTES\tsome notes")


def test_commands_vassal_would_fail_on_are_unknown_with_the_reason() -> None:
    for text, reason in [("M/p/Map/1e3/5/null/Map/0/0/null", "new x '1e3' is not an integer"),
                         ("M/p/Map/99999999999/5/null/Map/0/0/null", "outside Java's int range"),
                         ("M/p/Map/1/2", "fewer than 9 fields"), ("+/id", "AddPiece has no type"),
                         ("+/id/type", "AddPiece has no state"), ("D/id", "no new state"),
                         ("PLAYER\tpw", "PLAYER has fewer than 4 fields")]:
        c = parse(text).command
        assert isinstance(c, Unknown) and reason in c.reason, (text, c)
        assert c.text == text


def test_broken_escapes_do_not_lose_text() -> None:
    # A stray backslash before ESC makes the next command a sub-command of this one, one level
    # deeper, exactly as GameModule.decode reads it: both are still there.
    entries = parse_stream("begin_save" + ESC + "CHAT a\\" + ESC + "CHAT b" + ESC + "end_save")
    assert entries[1] == Node(Chat(" a"), (Node(Chat(" b")),))
    assert entries[2].command == SetupCommand(True)


def test_nesting_beyond_the_limit_is_one_clear_error() -> None:
    import pytest

    from hexforge.builder.errors import LogFormatError
    text = "LOG\t" + "".join("\\" * d + ESC + "LOG\t" for d in range(1, 80))
    with pytest.raises(LogFormatError, match="nested more than 64 levels"):
        parse_stream("begin_save" + ESC + text, "deep.vlog")


FUZZ_RUNS = {"n": 0}
_alphabet = st.sampled_from(list("+-DM/;\t\\'\x1bLOGCHATnul0123456789ab é") + ["LOG\t", "null", "CHAT", "+/", "M/",
                                                                                "D/", "-/", "begin_save", "TURN"])


@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_alphabet, max_size=60).map("".join))
def test_fuzz_parser_never_crashes_and_keeps_every_command(text: str) -> None:
    FUZZ_RUNS["n"] += 1
    from hexforge.builder.errors import LogFormatError
    try:
        entries = parse_stream(text, "fuzz")
    except LogFormatError:
        return
    assert entries
    # Re-encoding what was parsed and parsing again gives the same records (nothing silently dropped).
    try:
        again = encode_stream(entries)
    except ValueError:
        return  # a token VASSAL itself could not write back (trailing backslash)
    assert parse_stream(again, "fuzz") == entries


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_characters="\x1b"), max_size=12), min_size=1, max_size=6),
       st.integers(-2**31, 2**31 - 1))
def test_fuzz_written_commands_read_back(texts: list[str], x: int) -> None:
    """Written commands read back (chat cannot hold ESC: VASSAL itself splits there)."""
    FUZZ_RUNS["n"] += 1
    cmds = [Chat(t) for t in texts if not t.endswith("\\")] + [
        MovePiece("p", "Map/1", x, -x if x > -2**31 else 0, None, None, 0, 0, None, "pw"), RemovePiece("q")]
    nodes = [Node(SetupCommand(False))] + [Node(Log(Node(c))) for c in cmds]
    assert [n.command for n in parse_stream(encode_stream(nodes))] == [n.command for n in nodes]


def test_report_fuzz_count(capsys) -> None:
    """The fuzz tests above ran their full budget (printed for the report)."""
    if not FUZZ_RUNS["n"]:
        import pytest
        pytest.skip("the fuzz tests were not selected")
    with capsys.disabled():
        print(f"\nfuzz inputs run: {FUZZ_RUNS['n']}")
    assert FUZZ_RUNS["n"] >= 4000
