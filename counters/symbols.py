"""NATO-style unit symbols (APP-6 shapes, simplified) drawn inside a unit box with pillow.

Unit types in the game data are free text as the rules write them ("mechanized infantry",
"Panzer", "Reece", "parachute infantry"); :func:`symbol_parts` reads the words that carry
meaning and returns the elements to draw. A type it cannot read gets a question mark.
"""
from __future__ import annotations

from PIL import ImageDraw

Box = tuple[int, int, int, int]

# keyword -> symbol element; several may apply ("armored infantry" -> armor + infantry)
_WORDS = {
    "infantry": "infantry", "grenadier": "infantry", "fusilier": "infantry", "rifle": "infantry",
    "commando": "infantry", "sharpshooter": "infantry", "para": "infantry", "glider": "infantry",
    "armor": "armor", "armour": "armor", "armored": "armor", "armoured": "armor", "tank": "armor",
    "panzer": "armor", "mechanized": "armor", "mechanised": "armor", "assault gun": "armor",
    "recon": "recon", "reece": "recon", "reconnaissance": "recon", "cavalry": "recon",
    "armored car": "recon", "engineer": "engineer", "pioneer": "engineer",
    "artillery": "artillery", "railroad gun": "artillery", "battery": "artillery", "gun": "artillery",
    "destroyer": "antitank", "anti-tank": "antitank", "antitank": "antitank", "at": "antitank",
    "machine gun": "mg", "mg": "mg", "headquarters": "hq", "hq": "hq", "leader": "hq",
    "parachute": "airborne", "airborne": "airborne", "bicycle": "bicycle", "motorized": "wheels",
    "motorised": "wheels",
}

SIZE_MARKS = {
    "team": "\u00d8", "squad": "\u2022", "section": "\u2022\u2022", "platoon": "\u2022\u2022\u2022",
    "company": "I", "battery": "I", "troop": "I", "battalion": "II", "regiment": "III",
    "group": "III", "brigade": "X", "division": "XX", "corps": "XXX", "army": "XXXX",
}


def symbol_parts(unit_type: str) -> list[str]:
    """The symbol elements for a unit type, in drawing order; ``['unknown']`` if none apply."""
    text = " " + unit_type.lower().replace("-", " ").replace("_", " ") + " "
    parts: list[str] = []
    for word in sorted(_WORDS, key=len, reverse=True):
        if f" {word} " in text or (len(word) > 3 and word in text):
            text = text.replace(word, " ")
            if _WORDS[word] not in parts:
                parts.append(_WORDS[word])
    if "armor" in parts and "antitank" in parts:
        parts.remove("armor")
        parts.append("armor")  # tank destroyer: inverted V inside the oval
    return parts or ["unknown"]


def draw_symbol(draw: ImageDraw.ImageDraw, box: Box, parts: list[str], ink: str, font) -> None:
    """Draw the unit box and its elements."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.rectangle(box, outline=ink, width=2)
    if "hq" in parts:
        draw.line([(x0, y1), (x0, y1 + h // 2)], fill=ink, width=2)
    for part in parts:
        if part == "infantry":
            draw.line([(x0, y0), (x1, y1)], fill=ink, width=2)
            draw.line([(x0, y1), (x1, y0)], fill=ink, width=2)
        elif part == "armor":
            draw.rounded_rectangle((x0 + w * 0.18, y0 + h * 0.25, x1 - w * 0.18, y1 - h * 0.25),
                                   radius=h * 0.25, outline=ink, width=2)
        elif part == "recon":
            draw.line([(x0, y1), (x1, y0)], fill=ink, width=2)
        elif part == "engineer":
            top, bottom = y0 + h * 0.35, y1 - h * 0.3
            draw.line([(x0 + w * 0.2, top), (x1 - w * 0.2, top)], fill=ink, width=2)
            for fx in (0.2, 0.5, 0.8):
                draw.line([(x0 + w * fx, top), (x0 + w * fx, bottom)], fill=ink, width=2)
        elif part == "artillery":
            r = h * 0.14
            cx, cy = x0 + w / 2, y0 + h / 2
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
        elif part == "antitank":
            draw.line([(x0, y1), (x0 + w / 2, y0), (x1, y1)], fill=ink, width=2)
        elif part == "mg":
            draw.text((x0 + w / 2, y0 + h / 2), "MG", fill=ink, font=font, anchor="mm")
        elif part == "airborne":
            draw.arc((x0 + w * 0.3, y1 - h * 0.45, x0 + w * 0.5, y1 - h * 0.1), 180, 360, fill=ink, width=2)
            draw.arc((x0 + w * 0.5, y1 - h * 0.45, x0 + w * 0.7, y1 - h * 0.1), 180, 360, fill=ink, width=2)
        elif part == "bicycle":
            r = h * 0.1
            for fx in (0.35, 0.65):
                cx, cy = x0 + w * fx, y1 - r - 2
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=1)
        elif part == "wheels":
            r = h * 0.08
            for fx in (0.3, 0.5, 0.7):
                cx, cy = x0 + w * fx, y1 + r + 1
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=1)
        elif part == "unknown":
            draw.text((x0 + w / 2, y0 + h / 2), "?", fill=ink, font=font, anchor="mm")
