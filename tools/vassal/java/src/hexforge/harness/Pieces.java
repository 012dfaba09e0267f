// hexforge harness: list every piece on every map in one call, so that stepping through a long
// log and comparing after each step costs one JNI round trip instead of one per piece and field.
package hexforge.harness;

import java.awt.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

import VASSAL.build.module.Map;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;
import VASSAL.counters.BasicPiece;
import VASSAL.counters.Deck;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Marker;
import VASSAL.counters.Stack;
import VASSAL.counters.UsePrototype;

/** Text records of the pieces on the maps; fields are separated by U+001F, records by U+001E. */
public final class Pieces {
  private static final char FIELD = '\u001f';
  private static final char RECORD = '\u001e';
  private static final char PAIR = '\u001d';

  private Pieces() {
  }

  /**
   * One record per piece (stack and deck members included, the stacks themselves not):
   * id, name, basic name, gpid, map name, map id, x, y, location, board, zone, stack id,
   * index in stack, deck name, markers as key=value pairs separated by U+001D.
   */
  public static String all() {
    final List<String> out = new ArrayList<>();
    for (final Map m : Map.getMapList()) {
      for (final GamePiece top : m.getAllPieces()) {
        if (top instanceof Stack) {
          final Stack st = (Stack) top;
          final String deck = st instanceof Deck ? ((Deck) st).getDeckName() : "";
          final List<GamePiece> members = st.asList();
          for (int i = 0; i < members.size(); i++) {
            out.add(record(m, members.get(i), st.getId(), i, deck));
          }
        }
        else {
          out.add(record(m, top, null, -1, ""));
        }
      }
    }
    return String.join(String.valueOf(RECORD), out);
  }

  private static String text(Object o) {
    if (o == null) {
      return "";
    }
    return o.toString().replace(FIELD, ' ').replace(RECORD, ' ').replace(PAIR, ' ');
  }

  private static String markers(GamePiece p) {
    final java.util.Map<String, String> seen = new LinkedHashMap<>();
    GamePiece q = p;
    while (q instanceof Decorator) {
      if (q instanceof Marker) {
        for (final String k : ((Marker) q).getKeys()) {
          seen.putIfAbsent(k, text(q.getProperty(k)));
        }
      }
      q = q instanceof UsePrototype ? ((UsePrototype) q).getExpandedInner() : ((Decorator) q).getInner();
    }
    final StringBuilder b = new StringBuilder();
    for (final java.util.Map.Entry<String, String> e : seen.entrySet()) {
      if (b.length() > 0) {
        b.append(PAIR);
      }
      b.append(text(e.getKey())).append('=').append(e.getValue());
    }
    return b.toString();
  }

  private static String location(Map m, Point pos) {
    try {
      return m.locationName(new Point(pos));
    }
    catch (RuntimeException e) {
      return "<error " + e + ">";
    }
  }

  private static String zone(Map m, Point pos) {
    try {
      final Zone z = m.findZone(new Point(pos));
      return z == null ? "" : z.getName();
    }
    catch (RuntimeException e) {
      return "";
    }
  }

  private static String record(Map m, GamePiece p, String stackId, int index, String deck) {
    final Point pos = p.getPosition();
    final GamePiece inner = Decorator.getInnermost(p);
    final boolean basic = inner instanceof BasicPiece;
    final Board b = m.findBoard(new Point(pos));
    final String[] f = {
      text(p.getId()), text(p.getName()), basic ? text(inner.getName()) : "",
      basic ? text(((BasicPiece) inner).getGpId()) : "", text(m.getMapName()), text(m.getIdentifier()),
      Integer.toString(pos.x), Integer.toString(pos.y), text(location(m, pos)),
      b == null ? "" : text(b.getName()), text(zone(m, pos)), text(stackId), Integer.toString(index),
      text(deck), markers(p)
    };
    return String.join(String.valueOf(FIELD), f);
  }
}
