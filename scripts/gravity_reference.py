#!/usr/bin/env python3
"""An independent, deliberately plain implementation of Gravity Chess (docs/variants/gravity.md):
a referee that replays move tokens and scores games, and a perft counter as its "Perft" section
counts.

It shares no code with the engine: a mailbox board, sets and loops. The engine's perft numbers
in tests/perft/gravity.perft are cross-checked against it (`gravity_reference.py perft`), and
scripts/gravity_games.py uses it to referee self-play and engine-versus-random games.

Usage:
  gravity_reference.py perft DEPTH [FEN]        print divide lines and the total
  gravity_reference.py check FILE [MAX_NODES]   compare every count in a .perft file
  gravity_reference.py replay TOKEN...          replay a game from the start, print the score
"""

import sys

ARMY = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2, "P": 4}
CARD_ORDER = "KQRBNP"
WHITE, BLACK = "w", "b"


def other(color):
    return BLACK if color == WHITE else WHITE


def sq_name(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def parse_sq(name):
    if len(name) != 2 or name[0] not in "abcdefgh" or name[1] not in "12345678":
        raise ValueError(f"bad square {name!r}")
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def letter(color, kind):
    return kind if color == WHITE else kind.lower()


class Game:
    """A game state. `board` maps square -> (color, kind upper case)."""

    def __init__(self):
        self.board = {}
        self.turn = WHITE
        # decks[holder] = the opponent's pieces the holder will flip, kind -> count
        self.decks = {WHITE: dict(ARMY), BLACK: dict(ARMY)}
        self.flipped = None  # kind (upper case) of the card the side to move turned up
        self.unmoved_pawns = set()
        self.moved = set()
        self.blocked = set()
        self.kills = {WHITE: 0, BLACK: 0}
        self.over = False

    def copy(self):
        g = Game.__new__(Game)
        g.board = dict(self.board)
        g.turn = self.turn
        g.decks = {c: dict(d) for c, d in self.decks.items()}
        g.flipped = self.flipped
        g.unmoved_pawns = set(self.unmoved_pawns)
        g.moved = set(self.moved)
        g.blocked = set(self.blocked)
        g.kills = dict(self.kills)
        g.over = self.over
        return g

    # ----- FEN (the engine's extension, docs/variants/gravity.md) -----

    @staticmethod
    def from_fen(fen):
        fields = fen.split()
        g = Game()
        g.board = {}
        rows = fields[0].split("/")
        for i, row in enumerate(rows):
            r = 7 - i
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    g.board[f + 8 * r] = (WHITE if c.isupper() else BLACK, c.upper())
                    f += 1
        g.turn = fields[1]
        extra = dict(field.split(":", 1) for field in fields[6:])
        white_deck, black_deck = extra["decks"].split("/")
        g.decks = {WHITE: {k: 0 for k in ARMY}, BLACK: {k: 0 for k in ARMY}}
        for holder, text in ((WHITE, white_deck), (BLACK, black_deck)):
            if text != "-":
                for c in text:
                    g.decks[holder][c.upper()] += 1
        flip = extra.get("flip", "-")
        g.flipped = None if flip == "-" else flip.upper()

        def squares(key):
            text = extra.get(key, "-")
            return set() if text == "-" else {parse_sq(s) for s in text.split(",")}

        g.unmoved_pawns = squares("pawns")
        g.moved = squares("moved")
        g.blocked = squares("blocked")
        for color in (WHITE, BLACK):
            holder = other(color)
            held = sum(g.decks[holder].values()) + (1 if g.turn == holder and g.flipped else 0)
            g.kills[holder] = 12 - sum(1 for c, _ in g.board.values() if c == color) - held
        g.over = (g.turn == BLACK and g.flipped is None
                  and not any(g.decks[WHITE].values()) and not any(g.decks[BLACK].values()))
        if g.in_fall():
            g.note_blocked()
        return g

    # ----- geometry -----

    def downward(self, sq, kind):
        f, r = sq % 8, sq // 8
        if kind in "PR":
            offsets = [(0, -1)]
        elif kind == "B":
            offsets = [(-1, -1), (1, -1)]
        elif kind in "QK":
            offsets = [(-1, -1), (0, -1), (1, -1)]
        else:
            offsets = [(-1, -2), (1, -2), (-2, -1), (2, -1)]
        return [(f + df) + 8 * (r + dr) for df, dr in offsets if on_board(f + df, r + dr)]

    def stacked(self):
        result = set()
        for r in range(8):
            for f in range(8):
                sq = f + 8 * r
                if sq in self.board:
                    if all(d in result for d in self.downward(sq, self.board[sq][1])):
                        result.add(sq)
        return result

    def targets(self, sq, stacked=None):
        if stacked is None:
            stacked = self.stacked()
        if sq in stacked:
            return []
        color, kind = self.board[sq]
        f, r = sq % 8, sq // 8
        out = []

        def victim(t):
            return t in self.board and self.board[t][0] != color and t not in stacked

        if kind == "P":
            if r >= 1 and (sq - 8) not in self.board:
                out.append(sq - 8)
                if sq in self.unmoved_pawns and r >= 2 and (sq - 16) not in self.board:
                    out.append(sq - 16)
            for df in (-1, 1):
                if on_board(f + df, r - 1) and victim(sq - 8 + df):
                    out.append(sq - 8 + df)
            return out

        def consider(t, tr):
            if t not in self.board:
                if tr < r:
                    out.append(t)
            elif victim(t) and tr <= r:
                out.append(t)

        if kind == "N":
            for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
                if on_board(f + df, r + dr):
                    consider(f + df + 8 * (r + dr), r + dr)
        elif kind == "K":
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if (df or dr) and on_board(f + df, r + dr):
                        consider(f + df + 8 * (r + dr), r + dr)
        else:
            dirs = []
            if kind in "RQ":
                dirs += [(1, 0), (-1, 0), (0, 1), (0, -1)]
            if kind in "BQ":
                dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            for df, dr in dirs:
                nf, nr = f + df, r + dr
                while on_board(nf, nr):
                    t = nf + 8 * nr
                    consider(t, nr)
                    if t in self.board:
                        break
                    nf, nr = nf + df, nr + dr
        return out

    # ----- turn structure -----

    def deck(self):
        return self.decks[self.turn]

    def final_turn(self):
        return (not self.over and self.turn == WHITE and self.flipped is None
                and not any(self.decks[WHITE].values()) and not any(self.decks[BLACK].values()))

    def in_fall(self):
        return not self.over and (self.flipped is not None or self.final_turn())

    def chance_pending(self):
        return not self.over and self.flipped is None and any(self.deck().values())

    def unmoved_active(self, stacked):
        return [sq for sq, (c, _) in self.board.items()
                if c == self.turn and sq not in stacked and sq not in self.moved]

    def note_blocked(self):
        stacked = self.stacked()
        for sq in self.unmoved_active(stacked):
            if not self.targets(sq, stacked):
                self.blocked.add(sq)

    def decisions(self):
        """Every legal decision token now (legs, adds or `end`), in no particular order."""
        if not self.in_fall():
            return []
        stacked = self.stacked()
        unmoved = self.unmoved_active(stacked)
        out = []
        for sq in unmoved:
            for t in self.targets(sq, stacked):
                out.append(sq_name(sq) + sq_name(t))
        if all(sq in self.blocked for sq in unmoved):
            if self.flipped is None:
                out.append("end")
            else:
                for r in range(7, -1, -1):
                    empty = [f + 8 * r for f in range(8) if (f + 8 * r) not in self.board]
                    if empty:
                        card = letter(other(self.turn), self.flipped)
                        out += [f"{card}@{sq_name(sq)}" for sq in empty]
                        break
        return out

    def flips(self):
        if not self.chance_pending():
            return []
        return [("flip:" + letter(other(self.turn), k), n)
                for k, n in self.deck().items() if n > 0]

    def play(self, token):
        """Plays one decision or flip token; raises ValueError if it is not legal now."""
        if token.startswith("flip:"):
            if token not in [t for t, _ in self.flips()]:
                raise ValueError(f"flip {token!r} not possible now")
            self.deck()[token[5:].upper()] -= 1
            self.flipped = token[5:].upper()
            self.note_blocked()
            return
        if token not in self.decisions():
            raise ValueError(f"decision {token!r} not legal now")
        if token == "end" or "@" in token:
            if "@" in token:
                sq = parse_sq(token[2:])
                self.board[sq] = (other(self.turn), self.flipped)
                if self.flipped == "P":
                    self.unmoved_pawns.add(sq)
            else:
                self.over = True
            self.flipped = None
            self.moved = set()
            self.blocked = set()
            self.turn = other(self.turn)
            if self.in_fall():
                self.note_blocked()
            return
        a, b = parse_sq(token[:2]), parse_sq(token[2:])
        if b in self.board:
            self.kills[self.turn] += 1
        self.board[b] = self.board.pop(a)
        self.unmoved_pawns.discard(a)
        self.unmoved_pawns.discard(b)
        self.blocked.discard(a)
        self.moved.add(b)
        self.note_blocked()

    def play_turn(self, token):
        """A whole turn token (comma-joined legs); all-or-nothing."""
        trial = self.copy()
        side = self.turn
        for leg in token.split(","):
            if trial.turn != side and not trial.over:
                raise ValueError(f"{token!r} goes on after the turn ended")
            trial.play(leg)
        if trial.turn == side and not trial.over:
            raise ValueError(f"{token!r} does not finish the turn")
        self.__dict__.update(trial.__dict__)

    # ----- score -----

    def scores(self):
        stacked = self.stacked()
        result = {}
        for color in (WHITE, BLACK):
            points = self.kills[color]
            for sq in stacked:
                if self.board[sq][0] == color:
                    points += sq // 8 + 1
            result[color] = points
        return result

    def result(self):
        s = self.scores()
        if s[WHITE] != s[BLACK]:
            return "1-0" if s[WHITE] > s[BLACK] else "0-1"
        stacked = self.stacked()
        for r in range(7, -1, -1):
            w = sum(1 for sq in stacked if sq // 8 == r and self.board[sq][0] == WHITE)
            b = sum(1 for sq in stacked if sq // 8 == r and self.board[sq][0] == BLACK)
            if w != b:
                return "1-0" if w > b else "0-1"
        return "1/2-1/2"


def perft(game, depth):
    if depth == 0:
        return 1
    if game.chance_pending():
        game = game.copy()
        kind = next(k for k in CARD_ORDER if game.deck()[k] > 0)
        game.play("flip:" + letter(other(game.turn), kind))
    moves = game.decisions()
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        child = game.copy()
        child.play(mv)
        total += perft(child, depth - 1)
    return total


START = "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP"


def main(argv):
    if len(argv) >= 2 and argv[0] == "perft":
        depth = int(argv[1])
        game = Game.from_fen(" ".join(argv[2:]) if len(argv) > 2 else START)
        if game.chance_pending():
            kind = next(k for k in CARD_ORDER if game.deck()[k] > 0)
            game.play("flip:" + letter(other(game.turn), kind))
        total = 0
        for mv in game.decisions():
            child = game.copy()
            child.play(mv)
            n = perft(child, depth - 1)
            print(f"{mv}: {n}")
            total += n
        print(f"\nNodes searched: {total}")
        return 0
    if len(argv) >= 2 and argv[0] == "check":
        limit = int(argv[2]) if len(argv) > 2 else 2_000_000
        bad = 0
        for line in open(argv[1]):
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("setoption"):
                continue
            parts = [p.strip() for p in line.split(";")]
            game = Game.from_fen(parts[0])
            for part in parts[1:]:
                depth, count = part[1:].split()
                if int(count) > limit:
                    continue
                mine = perft(game, int(depth))
                status = "ok" if mine == int(count) else "MISMATCH"
                bad += status != "ok"
                print(f"{status} D{depth} {count} (reference {mine}) {parts[0]}")
        return 1 if bad else 0
    if argv and argv[0] == "replay":
        game = Game()
        for token in argv[1:]:
            if token.startswith("flip:"):
                game.play(token)
            else:
                game.play_turn(token)
        print(game.scores(), game.result() if game.over else "*")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
