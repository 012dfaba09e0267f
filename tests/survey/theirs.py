"""A community-style module of the synthetic F&M game, written by hand (not by hexforge's builder).

Its names are not ours: pieces are "1st Bn Blue (Inf)" and the like, with prototypes ("Blue
Army", "Infantry") and Markers (``Att``/``Def``/``MA``) for the printed values; the board
numbers its columns with letters (``A`` is the game's column 01, so ``C4`` is hex ``0304``) on
a grid of its own (dx 50, dy 58). The truth a test compares with is written here, from the
game's units.csv, not from hexforge's output.
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw

DX, DY, X0, Y0 = 50.0, 58.0, 40, 36     # column spacing, hex height, centre of hex A1 (= game 0101)
COLUMNS, ROWS = 12, 10                  # the synthetic game's sheet: columns 01-12, rows 01-10
WIDTH, HEIGHT = int(X0 + (COLUMNS - 1) * DX + 40), int(Y0 + (ROWS - 0.5) * DY + 36)
MAP, BOARD = "Battle Map", "Valley"

# their piece (palette entry) -> (prototypes, Att/Def/MA, the synthetic game's unit it is)
PIECES: dict[str, tuple[tuple[str, ...], tuple[int, int, int], str]] = {
    "1st Bn Blue (Inf)": (("Blue Army", "Infantry"), (3, 3, 4), "B1"),
    "2nd Bn Blue (Arm)": (("Blue Army", "Armour"), (5, 3, 8), "B2"),
    "3rd Bn Blue (Inf)": (("Blue Army", "Infantry"), (2, 2, 6), "B3"),
    "4th Bn Blue (Arm)": (("Blue Army", "Armour"), (4, 4, 10), "B4"),
    "5th Bn Blue (Inf)": (("Blue Army", "Infantry"), (3, 3, 7), "B5"),
    "1/9 Red Inf": (("Red Army", "Infantry"), (2, 3, 4), "R1"),
    "2/9 Red Inf": (("Red Army", "Infantry"), (2, 2, 7), "R2"),
    "3/9 Red Pz": (("Red Army", "Armour"), (2, 3, 8), "R3"),
    "R4": (("Red Army",), (1, 1, 6), "R4"),   # named by the game's own id
}
# where the meeting scenario sets each unit up, in the board's own labels (game 0205 is B5 here)
SETUP = {"1st Bn Blue (Inf)": "B5", "2nd Bn Blue (Arm)": "B7", "3rd Bn Blue (Inf)": "A3", "4th Bn Blue (Arm)": "A2",
         "5th Bn Blue (Inf)": "A9", "1/9 Red Inf": "G5", "2/9 Red Inf": "G7", "3/9 Red Pz": "I9", "R4": "J3"}


def _nest(*parts: str) -> str:
    """A trait chain as VASSAL's Decorator writes it: ``outer<TAB>inner``, the inner part's tabs escaped."""
    out = parts[-1]
    for outer in reversed(parts[:-1]):
        out = outer + "\t" + out.replace("\t", "\\\t")
    return out


def _slash(part: str) -> str:
    """A part of an AddPiece command (``+/id/type/state``): its slashes escaped as VASSAL's SequenceEncoder does."""
    return part.replace("/", "\\/")


def _slot(name: str, gpid: int, prototypes: tuple[str, ...], values: tuple[int, ...] | None) -> str:
    types = [f"prototype;{p}" for p in prototypes]
    states = ["" for _ in prototypes]
    if values:
        types.append("mark;" + ",".join(("Att", "Def", "MA")[:len(values)]))
        states.append(",".join(map(str, values)))
    types.append(f"piece;;;counter.png;{name}")
    states.append(f"null;0;0;{gpid};0")
    text = "+/null/" + "/".join(_slash(x) for x in (_nest(*types), _nest(*states)))
    return (f'<VASSAL.build.widget.PieceSlot entryName="{escape(name)}" gpid="{gpid}" height="50" width="50">'
            f"{escape(text)}</VASSAL.build.widget.PieceSlot>")


def _prototype(name: str, marker: tuple[str, str]) -> str:
    text = f"+/null/{_nest(f'mark;{marker[0]}', 'piece;;;;')}/{_nest(marker[1], 'null;0;0;;0')}"
    return (f'<VASSAL.build.module.PrototypeDefinition name="{escape(name)}" description="">{escape(text)}'
            "</VASSAL.build.module.PrototypeDefinition>")


def build_file(renamed: dict[str, tuple[str, tuple[int, ...]]] | None = None) -> str:
    """The buildFile.xml text, element by element as the VASSAL editor saves a small module;
    ``renamed``: a piece of :data:`PIECES` -> the name and Att/Def/MA values it shows instead."""
    protos = [_prototype("Blue Army", ("Nation", "Blue")), _prototype("Red Army", ("Nation", "Red")),
              _prototype("Infantry", ("Kind", "Infantry")), _prototype("Armour", ("Kind", "Armour"))]
    slots, stacks = [], []
    for gpid, (piece, (protos_of, values, _)) in enumerate(PIECES.items(), start=101):
        name, values = (renamed or {}).get(piece, (piece, values))
        slots.append(_slot(name, gpid, protos_of, values))
        stacks.append(f'<VASSAL.build.module.map.SetupStack name="{escape(name)} start" location="{SETUP[piece]}" '
                      f'owningBoard="{BOARD}" useGridLocation="true" x="0" y="0">'
                      f"{_slot(name, gpid + 100, protos_of, values)}</VASSAL.build.module.map.SetupStack>")
    slots.append(_slot("Game Turn", 150, (), None))
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.6.0" description="fan module"
    name="Valley Battle (fan edition)" nextPieceSlotId="300" version="2.1">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Documentation/>
  <VASSAL.build.module.Chatter/>
  <VASSAL.build.module.PlayerRoster buttonKeyStroke="" buttonText="Retire" buttonToolTip="Switch sides">
    <entry>Blue</entry><entry>Red</entry>
  </VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map allowMultiple="false" backgroundcolor="255,255,255" buttonName="{MAP}" color="0,0,0"
      edgeHeight="20" edgeWidth="20" hotkey="" icon="" launch="false" mapName="{MAP}" markMoved="Always" thickness="3"
      moveWithinFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *"
      moveToFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *" createFormat="$pieceName$ created in $location$ *"
      changeFormat="$message$">
    <VASSAL.build.module.map.BoardPicker addColumnText="Add column" addRowText="Add row" boardPrompt="Select board"
        slotHeight="125" slotScale="0.2" slotWidth="350" title="Choose Boards">
      <VASSAL.build.module.map.boardPicker.Board image="valley.png" name="{BOARD}" reversible="false">
        <VASSAL.build.module.map.boardPicker.board.HexGrid color="0,0,0" cornersLegal="false" dotsVisible="false"
            dx="{DX}" dy="{DY}" edgesLegal="false" sideways="false" snapTo="true" visible="true" x0="{X0}" y0="{Y0}">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering color="0,0,0" first="H" fontSize="9"
              hDescend="false" hDrawOff="0" hLeading="0" hOff="0" hType="A" locationFormat="$gridLocation$"
              rotateText="0" sep="" stagger="false" vDescend="false" vDrawOff="0" vLeading="0" vOff="1" vType="N"
              visible="true"/>
        </VASSAL.build.module.map.boardPicker.board.HexGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.StackMetrics bottom="" disabled="false" down="" exSepX="6" exSepY="18" top="" unexSepX="2"
        unexSepY="4" up=""/>
    <VASSAL.build.module.map.ForwardToKeyBuffer/><VASSAL.build.module.map.Scroller/>
    <VASSAL.build.module.map.ForwardToChatter/><VASSAL.build.module.map.MenuDisplayer/>
    <VASSAL.build.module.map.MapCenterer/><VASSAL.build.module.map.StackExpander/>
    <VASSAL.build.module.map.PieceMover/><VASSAL.build.module.map.KeyBufferer/>
    <VASSAL.build.module.map.ImageSaver/><VASSAL.build.module.map.CounterDetailViewer/>
    {''.join(stacks)}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PrototypesContainer>{''.join(protos)}</VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow allowHidingPieces="false" buttonText="Counters" hidden="false" hotkey="" icon=""
      name="Counters" scale="1.0" text="Counters" tooltip="Counters">
    <VASSAL.build.widget.ListWidget entryName="All" height="0" scale="1.0" width="0">{''.join(slots)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""


def board_image(width: int = WIDTH) -> bytes:
    """The board art: a green field with the hex centres dotted (any picture of the map would do)."""
    im = Image.new("RGB", (width, HEIGHT), (196, 214, 160))
    d = ImageDraw.Draw(im)
    for c in range(COLUMNS):
        for r in range(ROWS):
            x, y = X0 + c * DX, Y0 + r * DY + (DY / 2 if c % 2 else 0)
            d.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(60, 60, 60))
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def write_theirs(path: Path, width: int = WIDTH, renamed: dict[str, tuple[str, tuple[int, ...]]] | None = None) -> Path:
    """The module as a .vmod (a zip of buildFile.xml, moduledata and images); ``width``: of the board;
    ``renamed`` as for :func:`build_file`."""
    counter = io.BytesIO()
    Image.new("RGB", (40, 40), (240, 240, 240)).save(counter, "PNG")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", build_file(renamed))
        z.writestr("moduledata", '<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>2.1</version>'
                   "<VassalVersion>3.6.0</VassalVersion><name>Valley Battle (fan edition)</name></data>")
        z.writestr("images/valley.png", board_image(width))
        z.writestr("images/counter.png", counter.getvalue())
    return path


def game_label(label: str) -> str:
    """This board's label as the game prints it: ``C4`` -> ``0304`` (A is column 01)."""
    return f"{ord(label[0]) - ord('A') + 1:02d}{int(label[1:]):02d}"
