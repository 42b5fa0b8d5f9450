"""The numbers one slip of the hand turns a number into, as a person copying a grid makes
them: two neighbouring digits turned round (61 for 16), one digit changed (a key beside it,
or a figure misread: 18 or 26 for 16), a digit doubled (116 for 16) or dropped (16 for
116). `slips` tries them in a suspect's cell, `pairslips` in two givens at once; and how
unlikely a reading is (`slip_cost`), which orders the fixes they find.
"""
from __future__ import annotations

import math


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


def doubled_or_dropped(number: int) -> tuple[int, ...]:
    """The numbers `number` reads as with one digit doubled (112 or 122 for 12), then with
    one dropped (2 or 1 for 12; none that starts with a 0: 0 for 10 was never written).
    `typing_neighbours` undoes each."""
    digits = str(number)
    doubled = [digits[:k + 1] + digits[k:] for k in range(len(digits))]
    dropped = [digits[:k] + digits[k + 1:] for k in range(len(digits)) if len(digits) > 1]
    return tuple(_spelt(doubled + dropped, number))


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


#: the keys beside each digit on a keyboard's number row (1 2 3 4 5 6 7 8 9 0)
_ROW = "1234567890"
_BESIDE = {digit: {_ROW[k] for k in (i - 1, i + 1) if 0 <= k < len(_ROW)}
           for i, digit in enumerate(_ROW)}

#: how unlikely a reading is: the slips of the hand it takes, then the bits of how many
#: readings those slips have (a slip with few outcomes makes each likelier, so a number
#: that a slip with many outcomes gives fits by chance more often)
SlipCost = tuple[int, float]

NO_SLIP: SlipCost = (0, 0.0)


def add_costs(*costs: SlipCost) -> SlipCost:
    """The cost of slips made together: their counts and bits added."""
    return (sum(c[0] for c in costs), sum(c[1] for c in costs))


def slip_cost(number: int, typed: int) -> SlipCost:
    """How unlikely it is that `number`, on the page, was typed as `typed`: the fewest
    slips of the hand that turn one into the other, and, for as many slips, the bits of
    the readings they have in a number of its length (L digits): two neighbouring digits
    turned round (L - 1 readings, so 61 for 16 has one), a key beside it on the number row
    (2L), any other digit (9L), a digit doubled or dropped (L), a digit typed too many
    (10 (L + 1)). So 61 for 16 is the likeliest, then 116 or 6, then 15 or 17, then 19,
    then 126; 94 for 112 is three slips. `number` itself costs nothing."""
    page, said = str(number), str(typed)
    length = len(page)

    def one(readings: int) -> SlipCost:
        return (1, math.log2(max(readings, 1)))

    turn, near, other = one(length - 1), one(2 * length), one(9 * length)
    doubled, dropped, extra = one(length), one(length), one(10 * (length + 1))
    # (an optimal string alignment of the page's digits with the typed ones, each step a
    # digit kept, changed, dropped, typed too many, or two turned round)
    cost = [[NO_SLIP] * (len(said) + 1) for _ in range(length + 1)]
    for i in range(length + 1):
        for j in range(len(said) + 1):
            if i == j == 0:
                continue
            options = []
            if i and j:
                kept = page[i - 1] == said[j - 1]
                step = NO_SLIP if kept else near if said[j - 1] in _BESIDE[page[i - 1]] else other
                options.append(add_costs(cost[i - 1][j - 1], step))
            if i:
                options.append(add_costs(cost[i - 1][j], dropped))
            if j:
                twice = j >= 2 and said[j - 1] == said[j - 2]
                options.append(add_costs(cost[i][j - 1], doubled if twice else extra))
            if (i >= 2 and j >= 2 and page[i - 1] == said[j - 2] and page[i - 2] == said[j - 1]
                    and page[i - 1] != page[i - 2]):
                options.append(add_costs(cost[i - 2][j - 2], turn))
            cost[i][j] = min(options)
    return cost[length][len(said)]
