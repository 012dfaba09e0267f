"""The top of the Initiative Track (PtR 9.2.2C): the +DRM marker's "two spaces higher" cannot pass the track's last
box. The boxes are the log channel's ``initiative`` track (docs/log-channel.md); where the data's extent is only
inferred (the printed track is not transcribed), a marker that would pass it is not checkable. A mixin of
:class:`hexforge.rules.ptr.referee.PtrReferee`."""
from __future__ import annotations

from dataclasses import replace

from hexforge.rules.ptr.oc import DrmMarker
from hexforge.rules.registry import rule
from hexforge.rules.verdict import NotCheckable

INITIATIVE_TRACK = "initiative"  # the channel's track id


class DrmCapMixin:
    """The +DRM marker's top box; see the module docstring."""

    @rule("PTR 9.2.2C", "PTR9-4", "the +DRM marker moves two boxes up at most to the Initiative Track's last box")
    def capped(self, index: int, marker: DrmMarker) -> DrmMarker:
        """``marker`` held at the track's last box. Reading: a marker that cannot go two boxes higher stays in the
        last box (the rule gives no further box)."""
        track = next((t for t in self.game.info.tracks if t.id == INITIATIVE_TRACK), None)
        boxes = [int(b) for b in track.boxes if b.lstrip("-").isdigit()] if track is not None else []
        if not boxes or marker.box <= max(boxes):
            return marker
        if track.inferred:
            self.say(index, NotCheckable(f"the Initiative Track's last box (printed on the map; the data's "
                                         f"{track.boxes[0]}-{track.boxes[-1]} is inferred): the +DRM marker would "
                                         f"go to box {marker.box}"))
        return replace(marker, box=max(boxes))
