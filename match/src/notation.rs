//! Move notation for any variant: standard algebraic notation (SAN) built from the variant's
//! piece symbols and legal moves, and the reverse, finding the move a SAN or coordinate token
//! names. Decisions SAN has no form for (drops, throws, passes) keep their coordinate token.

use amity_engine::game::parse_move;
use amity_engine::{ChanceOutcome, Color, Move, MoveError, MoveFlag, MoveList, Position, RulesExt};
use amity_variants::Variant;

/// Legal decisions or, at a chance node, the chance outcomes.
pub fn choices<R: Variant>(rules: &R, pos: &Position<R>) -> Vec<Move> {
    let mut outcomes: Vec<ChanceOutcome> = Vec::new();
    if rules.chance(pos, &mut outcomes) {
        return outcomes.iter().map(|o| o.outcome).collect();
    }
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves.iter().copied().collect()
}

fn is_pawn<R: Variant>(rules: &R, pos: &Position<R>, mv: Move) -> bool {
    pos.piece_at(mv.from())
        .is_some_and(|piece| rules.pieces()[piece.kind.index()].symbol == "P")
}

/// SAN of `mv` without check marks; `None` when SAN has no form for it.
fn plain_san<R: Variant>(rules: &R, pos: &Position<R>, mv: Move, legal: &[Move]) -> Option<String> {
    let flag = mv.flag();
    if flag == MoveFlag::Castle {
        return Some(if mv.to().file() > mv.from().file() {
            "O-O".into()
        } else {
            "O-O-O".into()
        });
    }
    if !matches!(
        flag,
        MoveFlag::Normal | MoveFlag::Promotion | MoveFlag::EnPassant
    ) {
        return None;
    }
    let piece = pos.piece_at(mv.from())?;
    let capture = flag == MoveFlag::EnPassant || pos.theirs().contains(mv.to());
    let mut text = String::new();
    if is_pawn(rules, pos, mv) {
        if capture {
            text.push(mv.from().file().char());
        }
    } else {
        text.push_str(&rules.pieces()[piece.kind.index()].symbol.to_uppercase());
        let rivals: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|other| {
                other.to() == mv.to()
                    && other.from() != mv.from()
                    && matches!(other.flag(), MoveFlag::Normal | MoveFlag::Promotion)
                    && pos.piece_at(other.from()) == Some(piece)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| o.from().file() == mv.from().file());
            let same_rank = rivals.iter().any(|o| o.from().rank() == mv.from().rank());
            if !same_file {
                text.push(mv.from().file().char());
            } else if !same_rank {
                text.push(mv.from().rank().char());
            } else {
                text.push_str(&mv.from().to_string());
            }
        }
    }
    if capture {
        text.push('x');
    }
    text.push_str(&mv.to().to_string());
    if flag == MoveFlag::Promotion {
        text.push('=');
        text.push_str(&rules.pieces()[mv.kind().index()].symbol.to_uppercase());
    }
    Some(text)
}

/// The move written for people: SAN with `+`/`#` when it is unambiguous among the legal moves,
/// otherwise the variant's coordinate token.
pub fn san<R: Variant>(rules: &R, pos: &Position<R>, mv: Move) -> String {
    let legal = choices(rules, pos);
    let Some(mut text) = plain_san(rules, pos, mv, &legal) else {
        return rules.format_move(mv);
    };
    let twins = legal
        .iter()
        .filter(|other| plain_san(rules, pos, **other, &legal).as_deref() == Some(text.as_str()))
        .count();
    if twins != 1 {
        return rules.format_move(mv);
    }
    let mut next = pos.clone();
    rules.play(&mut next, mv);
    if next.turn() != pos.turn() && rules.in_check(&next) {
        let mut chance = Vec::new();
        let mated = !rules.chance(&next, &mut chance) && {
            let mut replies = MoveList::new();
            rules.generate(&next, &mut replies);
            replies.is_empty()
        };
        text.push(if mated { '#' } else { '+' });
    }
    text
}

/// Whether a token has the shape of SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`): a square in it.
fn looks_like_san(token: &str) -> bool {
    let bytes = token.as_bytes();
    token.starts_with("O-O")
        || bytes.len() <= 8
            && bytes
                .windows(2)
                .any(|pair| pair[0].is_ascii_lowercase() && pair[1].is_ascii_digit())
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"=x-+@".contains(b))
}

/// Finds the legal decision (or chance outcome) a SAN or coordinate token names.
pub fn parse_any<R: Variant>(rules: &R, pos: &Position<R>, token: &str) -> Result<Move, MoveError> {
    match parse_move(rules, pos, token) {
        Ok(mv) => Ok(mv),
        Err(coordinate_error) => {
            let bare = token.trim_end_matches(['+', '#', '!', '?']);
            // Castling written with zeros, as some programs do.
            let bare = bare.replace('0', "O");
            let bare = if bare.starts_with("O-O") {
                bare
            } else {
                token.trim_end_matches(['+', '#', '!', '?']).to_string()
            };
            let legal = choices(rules, pos);
            legal
                .iter()
                .copied()
                .find(|mv| {
                    plain_san(rules, pos, *mv, &legal).is_some_and(|text| {
                        text == bare || text.replace('=', "") == bare.replace('=', "")
                    })
                })
                .ok_or(match coordinate_error {
                    MoveError::Malformed(_) if looks_like_san(&bare) => {
                        MoveError::Illegal(token.to_string())
                    }
                    other => other,
                })
        }
    }
}

/// The name of a side, for messages and PGN comments.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}
