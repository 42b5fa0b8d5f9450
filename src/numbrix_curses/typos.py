"""The numbers one slip of the hand turns a number into, as a person copying a grid makes
them: two neighbouring digits turned round (61 for 16), one digit changed (a key beside it,
or a figure misread: 18 or 26 for 16), a digit doubled (116 for 16) or dropped (16 for
116). `slips` tries them in a suspect's cell, `pairslips` in two givens at once.
"""
from __future__ import annotations


def _spelt(words: list[str], number: int) -> list[int]:
    """`words` as numbers, in order, once each, leaving out `number` and those that start
    with a 0 (no one wrote them so)."""
    kept = dict.fromkeys(word for word in words
                         if not word.startswith("0") and int(word) != number)
    return [int(word) for word in kept]


def _turned(digits: str) -> list[str]:
    return [digits[:k] + digits[k + 1] + digits[k] + digits[k + 2:]
            for k in range(len(digits) - 1)]


def _changed(digits: str) -> list[str]:
    return [digits[:k] + other + digits[k + 1:]
            for k in range(len(digits)) for other in "0123456789"]


def turned_round(number: int) -> tuple[int, ...]:
    """The numbers with two neighbouring digits of `number` turned round: 61 for 16, 161
    for 116 (none for 5, 11 or 10: 01 was never written)."""
    return tuple(_spelt(_turned(str(number)), number))


def one_digit_changed(number: int) -> tuple[int, ...]:
    """The numbers with one digit of `number` changed: 17, 26, 46 ... for 16."""
    return tuple(_spelt(_changed(str(number)), number))


def typing_neighbours(number: int) -> tuple[int, ...]:
    """The numbers that, copied with one slip of the hand, read as `number`, the likeliest
    slips first (they are tried in this order, and the time may run out among them): two
    neighbouring digits turned round (61 for 16), one digit changed (a key beside it, or a
    figure misread: 18, 26 for 16), a digit doubled (16 for 116) or dropped (116, 126 or
    160 for 16: any digit, anywhere, so these come last). None starts with a 0, as none
    was written so; `number` itself is left out, and each comes once."""
    digits = str(number)
    dropped = [digits[:k] + other + digits[k:]
               for k in range(len(digits) + 1) for other in "0123456789"]
    doubled = [digits[:k] + digits[k + 1:]
               for k in range(len(digits) - 1) if digits[k] == digits[k + 1]]
    return tuple(_spelt(_turned(digits) + _changed(digits) + doubled + dropped, number))
