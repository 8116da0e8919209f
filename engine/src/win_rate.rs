//! The win-draw-loss model: how often a score has won, drawn and lost in a game's own play,
//! for GUIs that show a score as chances (UCI's `UCI_ShowWDL`).
//!
//! As in Stockfish's `win_rate_model`, a score `v` (centipawns, the mover's view) wins with
//! probability `1 / (1 + exp((a - v) / b))` and loses with `1 / (1 + exp((a + v) / b))`; the
//! rest is the draw. `a` (the score that wins half the time) and `b` (how sharply chances turn
//! with the score) depend on how far the game has gone, as cubic polynomials of the game's
//! ply. A game fits its own coefficients to its own games (`scripts/wdl_fit.py`).

use crate::search::Score;

/// The unit of the polynomials' variable: `m = min(ply, 240) / 64`.
const PLY_SCALE: f64 = 64.0;

/// A game's fitted model: the coefficients of `a` and `b` as cubics of the ply, the highest
/// power first (`a = ((a[0] m + a[1]) m + a[2]) m + a[3]`), and the last ply its games
/// reached often enough to fit: later plies are taken as that one, where a cubic fitted on
/// nothing would wander.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRateModel {
    pub a: [f64; 4],
    pub b: [f64; 4],
    pub last_ply: u32,
}

/// Chances in thousandths, from the mover's view: `win + draw + loss == 1000`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl WinRateModel {
    /// The chances of `score` for the side to move, `ply` half-moves into the game.
    pub fn wdl(&self, score: Score, ply: u32) -> Wdl {
        let centipawns = match score {
            Score::Centipawns(centipawns) => f64::from(centipawns),
            Score::Mate(moves) if moves > 0 => return Wdl::certain_win(),
            Score::Mate(_) => return Wdl::certain_win().flipped(),
        };
        let m = f64::from(ply.min(self.last_ply)) / PLY_SCALE;
        let cubic = |c: &[f64; 4]| ((c[0] * m + c[1]) * m + c[2]) * m + c[3];
        let a = cubic(&self.a);
        // A fitted `b` stays well above zero over the plies; the floor keeps a model with
        // a poor fit from dividing by nothing.
        let b = cubic(&self.b).max(1.0);
        let thousandths = |x: f64| (1000.0 / (1.0 + ((a - x) / b).exp())).round() as u32;
        let (win, loss) = (thousandths(centipawns), thousandths(-centipawns));
        // Rounding each of the two may leave them a thousandth over the whole.
        let loss = loss.min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }
}

impl Wdl {
    fn certain_win() -> Wdl {
        Wdl {
            win: 1000,
            draw: 0,
            loss: 0,
        }
    }

    /// The same chances from the other side's view.
    pub fn flipped(self) -> Wdl {
        Wdl {
            win: self.loss,
            draw: self.draw,
            loss: self.win,
        }
    }
}

/// The ply of a position from its move counter and side to move: 0 at White's first move.
pub fn ply_of(fullmoves: u32, black_to_move: bool) -> u32 {
    2 * fullmoves.saturating_sub(1) + u32::from(black_to_move)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: WinRateModel = WinRateModel {
        a: [0.0, 0.0, 0.0, 100.0],
        b: [0.0, 0.0, 0.0, 50.0],
        last_ply: 240,
    };

    #[test]
    fn chances_add_up_and_grow_with_the_score() {
        let mut last_win = 0;
        for centipawns in (-1000..=1000).step_by(25) {
            let wdl = MODEL.wdl(Score::Centipawns(centipawns), 40);
            assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{centipawns}: {wdl:?}");
            assert!(wdl.win >= last_win, "{centipawns}: {wdl:?}");
            last_win = wdl.win;
        }
    }

    #[test]
    fn an_even_score_is_even_and_a_score_of_a_wins_half_the_time() {
        let even = MODEL.wdl(Score::Centipawns(0), 10);
        assert_eq!(even.win, even.loss);
        assert_eq!(MODEL.wdl(Score::Centipawns(100), 10).win, 500);
        assert_eq!(
            MODEL.wdl(Score::Centipawns(-300), 10),
            MODEL.wdl(Score::Centipawns(300), 10).flipped()
        );
    }

    #[test]
    fn a_mate_is_certain() {
        assert_eq!(MODEL.wdl(Score::Mate(3), 10).win, 1000);
        assert_eq!(MODEL.wdl(Score::Mate(-1), 10).loss, 1000);
    }

    #[test]
    fn the_ply_counts_from_white_s_first_move() {
        assert_eq!(ply_of(1, false), 0);
        assert_eq!(ply_of(1, true), 1);
        assert_eq!(ply_of(20, true), 39);
        assert_eq!(ply_of(0, false), 0);
    }
}
