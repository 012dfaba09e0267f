"""Loading a map image safely: a size limit checked before decoding, clear errors for a file that
is not an image, and the checksum that ties a fitted grid to the exact file it was fitted on.
The file is only read, never written."""
from __future__ import annotations

import hashlib
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

#: The largest image accepted (pixels): a 600 dpi scan of a 22 x 34 inch map sheet is ~270 Mpx;
#: 80 Mpx (a 34 x 22 inch sheet at ~300 dpi) keeps the survey's working arrays under ~2 GB.
MAX_PIXELS = 80_000_000


class ImageError(ValueError):
    """An image that cannot be surveyed; the message names the file and says why."""


@dataclass(frozen=True)
class MapImage:
    """A decoded RGB image with where it came from."""

    path: Path
    pixels: np.ndarray          # (height, width, 3) uint8
    sha256: str

    @property
    def width(self) -> int:
        return int(self.pixels.shape[1])

    @property
    def height(self) -> int:
        return int(self.pixels.shape[0])

    def describe(self) -> str:
        return f"{self.path.name} (sha256 {self.sha256[:12]}..., {self.width}x{self.height})"


def sha256_of(path: Path) -> str:
    """The file's SHA-256 (hex), read in chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def image_size(path: Path) -> tuple[int, int]:
    """(width, height) from the file's header, without decoding it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                return im.size
    except Image.DecompressionBombError as e:
        raise ImageError(f"{path}: the image is too large to survey ({e})") from None
    except (UnidentifiedImageError, OSError) as e:
        raise ImageError(f"{path}: not an image that can be read (PNG, JPEG, TIFF, ...): {e}") from None


def load(path: Path, max_pixels: int | None = None) -> MapImage:
    """The image at ``path`` as RGB pixels; refused before decoding when above ``max_pixels``
    (default :data:`MAX_PIXELS`)."""
    path = Path(path)
    max_pixels = MAX_PIXELS if max_pixels is None else max_pixels
    if not path.is_file():
        raise ImageError(f"{path}: no such image file")
    width, height = image_size(path)
    if width * height > max_pixels:
        raise ImageError(f"{path}: {width}x{height} is {width * height / 1e6:.0f} Mpx, above the "
                         f"{max_pixels / 1e6:.0f} Mpx the survey accepts; scale the scan down (about 150-300 dpi "
                         "is plenty) and try again")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                pixels = np.asarray(im.convert("RGB"))
    except (UnidentifiedImageError, OSError, ValueError) as e:
        raise ImageError(f"{path}: the image cannot be decoded: {e}") from None
    return MapImage(path, pixels, sha256_of(path))
