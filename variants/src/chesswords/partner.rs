//! Amity's own play of Secret Chesswords, decision by decision, from a seat's view: the clue
//! giver picks the move it wants (a capture that lets it discard a card for a letter the
//! words can use, else a move that sets such captures up) and says its letters, or passes
//! when the mover would play it anyway; the mover plays the best move the clue allows; the
//! captured player discards when the letter helps. Both seats want the same thing (the team
//! score), so every choice is scored for the team.
//!
//! The mover after a pass decides from public information alone ([`unclued_move`]), which is
//! what lets the clue giver know for sure when a pass is enough.

use amity_engine::orthodox::{KING, PAWN};
use amity_engine::search::{Strength, strength};
use amity_engine::{
    Color, Move, MoveList, Notation, Piece, PolicyOption, Position, Rules, RulesExt, Square,
};

use super::letters::letter_char;
use super::wordnet::{Clue, WordNet};
use super::words::{self, Lexicon};
use super::{
    Card, Chesswords, Stage, board_moves, discard_decision, eligible, keep_decision, letter_pairs,
    moves_with_pair, pass_decision, say_decision, word_decision,
};

/// Tunables of the partner, named in one place.
pub mod weights {
    /// A capture that lets the clue giver discard: a letter and a fresh card.
    pub const DISCARDING_CAPTURE: i32 = 100;
    /// Each point the letter adds to the team's best pair (both players score it).
    pub const PER_WORD_POINT: i32 = 20;
    /// A capture nobody can discard for: a piece lost for nothing.
    pub const WASTED_CAPTURE: i32 = -60;
    /// A later capture of one of the clue giver's pieces that its own cards could pay for.
    pub const SET_UP_KNOWN: i32 = 6;
    /// A later capture whose card is in a hand the decider cannot see.
    pub const SET_UP_UNKNOWN: i32 = 2;
    /// A move worth less than this over the mover's unclued choice is not worth a penalty.
    pub const CLUE_WORTH: i32 = 12;
    /// Letters at which the team stops collecting and ends the game.
    pub const ENOUGH_LETTERS: usize = 14;
    /// Full moves after which a team with nothing left to capture ends the game.
    pub const PATIENCE: u32 = 30;
}

/// The decision Amity takes in `view` (a full state or a seat's view); `None` when there is
/// none. `baseline` plays the simplest partner: it never passes for free and never declines
/// a discard.
pub fn decide(rules: &Chesswords, view: &Position<Chesswords>, baseline: bool) -> Option<Move> {
    options(rules, view, baseline, 1)
        .first()
        .map(|option| option.decision)
}

/// The decision a partner at `level` takes in `view`: full strength (`None`) takes the
/// policy's own, a level chooses among the policy's options as the search does
/// ([`Strength::choose`], on the game's scale, drawn by the view's hash).
pub fn decide_at(
    rules: &Chesswords,
    view: &Position<Chesswords>,
    level: Option<Strength>,
) -> Option<Move> {
    let level = level.map(|level| level.on_scale(rules.search_flags().strength));
    let most = level.map_or(1, |_| strength::CANDIDATES);
    PolicyOption::chosen(&options(rules, view, false, most), level, view.hash())
}

/// The policy's one decision, offered alone.
fn only(decision: Move) -> Vec<PolicyOption> {
    vec![PolicyOption { decision, value: 0 }]
}

/// Up to `most` decisions for `view`, [`decide`]'s first and then the others by falling
/// value to the team, in the partner's units (a capture the clue giver can discard for is
/// worth [`weights::DISCARDING_CAPTURE`]): what a weaker partner chooses among. The baseline
/// offers its one decision.
pub fn options(
    rules: &Chesswords,
    view: &Position<Chesswords>,
    baseline: bool,
    most: usize,
) -> Vec<PolicyOption> {
    let mut legal = MoveList::new();
    rules.generate(view, &mut legal);
    if legal.is_empty() || most == 0 {
        return Vec::new();
    }
    let most = if baseline { 1 } else { most };
    let state = &view.state;
    let mut options = match state.stage {
        Stage::Over => return Vec::new(),
        Stage::Clue => clue_options(rules, view, baseline, most),
        Stage::MoveSay(first, last) => {
            let moves = rules.mover_moves(view);
            let pool = moves_with_pair(state, moves.as_slice(), (first, last));
            clued_move_options(view, &pool, most)
        }
        Stage::MoveWord(Some(word)) => {
            // A full state: the word's ends say which moves it points at.
            let moves = rules.mover_moves(view);
            let pool = moves_with_pair(state, moves.as_slice(), word.ends());
            clued_move_options(view, &pool, most)
        }
        Stage::MovePass | Stage::MoveWord(None) => unclued_move_options(view, most),
        Stage::Discard {
            captured,
            capturer,
            from,
        } => {
            let cards = eligible(state.hand(state.mover), captured, capturer);
            let Some(card) = cards.first().copied() else {
                return only(keep_decision());
            };
            let gain = letter_gain(rules.lexicon(), view, from);
            let discard = baseline || gain >= -1 || state.checkers.count() < 8;
            // Each point of letter gain past the policy's threshold widens the margin.
            let margin = weights::PER_WORD_POINT / 2 * (1 + (gain + 1).abs());
            let (chosen, other) = if discard {
                (discard_decision(card), keep_decision())
            } else {
                (keep_decision(), discard_decision(card))
            };
            vec![
                PolicyOption {
                    decision: chosen,
                    value: 0,
                },
                PolicyOption {
                    decision: other,
                    value: -margin,
                },
            ]
        }
    };
    options.truncate(most);
    options
}

/// The policy's choice first, then the rest of `scored` by falling value, each decision
/// once. The choice is valued as the best of them all: the policy may have taken it for
/// reasons the values do not hold (ending the game, a free clue), so an option valued above
/// it is as likely as it at a level that errs.
fn best_first(chosen: Move, scored: Vec<(Move, i32)>) -> Vec<PolicyOption> {
    let top = scored.iter().map(|&(_, value)| value).max().unwrap_or(0);
    let mut others: Vec<(Move, i32)> = Vec::with_capacity(scored.len());
    for (mv, value) in scored {
        if mv != chosen && others.iter().all(|&(seen, _)| seen != mv) {
            others.push((mv, value));
        }
    }
    others.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    std::iter::once(PolicyOption {
        decision: chosen,
        value: top,
    })
    .chain(
        others
            .into_iter()
            .map(|(decision, value)| PolicyOption { decision, value }),
    )
    .collect()
}

/// The mover's moves among those a clue allows, [`best_clued_move`]'s first; none allowed:
/// the moves after a pass.
fn clued_move_options(pos: &Position<Chesswords>, pool: &[Move], most: usize) -> Vec<PolicyOption> {
    let Some(chosen) = best_clued_move(pos, pool) else {
        return unclued_move_options(pos, most);
    };
    if most <= 1 {
        return only(chosen);
    }
    let scored = pool
        .iter()
        .map(|&mv| (mv, clued_move_value(pos, mv) * weights::SET_UP_UNKNOWN))
        .collect();
    best_first(chosen, scored)
}

/// The mover's moves after a pass, [`unclued_move`]'s first.
fn unclued_move_options(pos: &Position<Chesswords>, most: usize) -> Vec<PolicyOption> {
    let chosen = unclued_move(pos);
    if most <= 1 {
        return only(chosen);
    }
    let scored = unclued_pool(pos)
        .into_iter()
        .map(|mv| (mv, public_value(pos, mv) * weights::SET_UP_UNKNOWN))
        .collect();
    best_first(chosen, scored)
}

/// The clue giver's decisions: its plan first, then saying the letters of other moves, each
/// valued by the move the mover would pick for them less the penalty point a said clue
/// costs (a pass or a free word costs none).
fn clue_options(
    rules: &Chesswords,
    pos: &Position<Chesswords>,
    baseline: bool,
    most: usize,
) -> Vec<PolicyOption> {
    let plan = clue_plan(rules, pos, baseline);
    if most <= 1 {
        return only(plan.decision);
    }
    let said = matches!(super::Decision::of(plan.decision), super::Decision::Say(..));
    let cost = |said: bool| if said { weights::CLUE_WORTH } else { 0 };
    let state = &pos.state;
    let moves = rules.mover_moves(pos);
    let mut scored = vec![(
        plan.decision,
        wanted_value(rules, pos, plan.wanted) - cost(said),
    )];
    for (first, last) in letter_pairs(state, moves.as_slice()) {
        let pool = moves_with_pair(state, moves.as_slice(), (first, last));
        if let Some(pick) = best_clued_move(pos, &pool) {
            scored.push((
                say_decision(first, last),
                wanted_value(rules, pos, pick) - cost(true),
            ));
        }
    }
    best_first(plan.decision, scored)
}

/// What adding the letter of `square` to the collected letters does to the team's best pair
/// (both players score it), in points; with no word list, a rough letter value.
pub fn letter_gain(lexicon: &Lexicon, pos: &Position<Chesswords>, square: Square) -> i32 {
    let state = &pos.state;
    let mut letters: String = state.collected().iter().map(|l| letter_char(*l)).collect();
    let added = letter_char(state.letter(square));
    if lexicon.is_empty() {
        return if "aeiorstln".contains(added) { 2 } else { 1 };
    }
    let before = words::best_pair(lexicon, &letters, false).map_or(0, |p| p.score);
    letters.push(added);
    let after = words::best_pair(lexicon, &letters, false).map_or(0, |p| p.score);
    2 * (after - before)
}

/// How good `mv` (a move of the mover) is for the team, as the clue giver sees it: it knows
/// its own hand, so it knows which captures of its pieces it could discard for.
fn wanted_value(rules: &Chesswords, pos: &Position<Chesswords>, mv: Move) -> i32 {
    let state = &pos.state;
    let giver = state.clue_giver();
    let Some(piece) = pos.piece_at(mv.from()) else {
        return i32::MIN / 2;
    };
    if let Some(victim) = pos.piece_at(mv.to()) {
        let captured = Card::new(victim.color, victim.kind);
        let capturer = Card::new(piece.color, piece.kind);
        let can_discard = !eligible(state.hand(giver), captured, capturer).is_empty();
        if victim.kind == KING {
            // The game ends: worth it only once the team is done collecting.
            return if done_collecting(pos, giver) {
                1000
            } else {
                -1000
            };
        }
        if can_discard {
            return weights::DISCARDING_CAPTURE
                + weights::PER_WORD_POINT * letter_gain(rules.lexicon(), pos, mv.from());
        }
        return weights::WASTED_CAPTURE;
    }
    set_up_value(pos, mv)
}

/// The board after `mv` moves its piece (nothing else of the turn played), and the piece;
/// `None` when no piece stands on its square.
fn board_after(pos: &Position<Chesswords>, mv: Move) -> Option<(Position<Chesswords>, Piece)> {
    let mut after = pos.clone();
    let piece = after.remove(mv.from())?;
    after.remove(mv.to());
    after.put(mv.to(), piece);
    Some((after, piece))
}

/// What a quiet move sets up: captures the partners could make of each other next turns.
/// Captures of the clue giver's pieces (by the mover, two turns on) are paid for by the clue
/// giver's cards, which the clue giver knows; the others by the mover's, which it does not.
fn set_up_value(pos: &Position<Chesswords>, mv: Move) -> i32 {
    let Some((after, piece)) = board_after(pos, mv) else {
        return 0;
    };
    let state = &pos.state;
    let mover = state.mover;
    let giver = !mover;
    let mut value = 0;
    let mut moves = MoveList::new();
    board_moves(&after, mover, &mut moves);
    for reply in moves.iter() {
        if let (Some(attacker), Some(victim)) =
            (after.piece_at(reply.from()), after.piece_at(reply.to()))
            && victim.kind != KING
        {
            let captured = Card::new(victim.color, victim.kind);
            let capturer = Card::new(attacker.color, attacker.kind);
            if !eligible(state.hand(giver), captured, capturer).is_empty() {
                value += weights::SET_UP_KNOWN;
            }
        }
    }
    let mut moves = MoveList::new();
    board_moves(&after, giver, &mut moves);
    for reply in moves.iter() {
        if after.piece_at(reply.to()).is_some_and(|v| v.kind != KING) {
            value += weights::SET_UP_UNKNOWN;
        }
    }
    // Pawns forward keep the pieces behind them free to meet.
    if piece.kind == PAWN {
        value += 1;
    }
    value
}

/// Whether the team has collected all it will: enough letters, or no card left to discard
/// and the game long enough.
fn done_collecting(pos: &Position<Chesswords>, giver: Color) -> bool {
    let state = &pos.state;
    state.checkers.count() >= weights::ENOUGH_LETTERS
        || (state.hand(giver).is_empty() && state.stack.is_empty())
        || pos.fullmoves() > weights::PATIENCE * 2
}

/// The mover's move after a pass (or a clue it cannot read): the best set-up by public
/// information alone, never a capture (a pass says the clue giver wants none), so that the
/// clue giver can foresee it. Ties go to the first move generated.
pub fn unclued_move(pos: &Position<Chesswords>) -> Move {
    let pool = unclued_pool(pos);
    let mut best = pool.first().copied().unwrap_or(Move::NULL);
    let mut best_value = i32::MIN;
    for mv in pool {
        let value = public_value(pos, mv);
        if value > best_value {
            best_value = value;
            best = mv;
        }
    }
    best
}

/// The moves the mover chooses among after a pass: the quiet ones, or every move when none
/// is quiet.
fn unclued_pool(pos: &Position<Chesswords>) -> Vec<Move> {
    let mut moves = MoveList::new();
    board_moves(pos, pos.state.mover, &mut moves);
    let quiet: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|mv| pos.piece_at(mv.to()).is_none())
        .collect();
    if quiet.is_empty() {
        moves.as_slice().to_vec()
    } else {
        quiet
    }
}

/// A quiet move's set-up value counted without any hand: every capture the partners could
/// make of each other afterwards.
fn public_value(pos: &Position<Chesswords>, mv: Move) -> i32 {
    let Some((after, _)) = board_after(pos, mv) else {
        return 0;
    };
    let mut value = 0;
    for color in [Color::White, Color::Black] {
        let mut moves = MoveList::new();
        board_moves(&after, color, &mut moves);
        value += moves
            .iter()
            .filter(|reply| after.piece_at(reply.to()).is_some_and(|v| v.kind != KING))
            .count() as i32;
    }
    value
}

/// The mover's best move among those a clue allows: what the clue giver most likely wants.
/// The mover does not see the clue giver's hand, so it prefers captures (the clue giver
/// would not point at one it cannot discard for), then the best set-up.
pub fn best_clued_move(pos: &Position<Chesswords>, pool: &[Move]) -> Option<Move> {
    pool.iter()
        .copied()
        .max_by_key(|mv| clued_move_value(pos, *mv))
}

/// How much the mover thinks the clue giver wants `mv`: a capture first (a king's last, as
/// it ends the game), then what the move sets up by public information.
fn clued_move_value(pos: &Position<Chesswords>, mv: Move) -> i32 {
    let capture = pos
        .piece_at(mv.to())
        .map_or(0, |victim| if victim.kind == KING { 500 } else { 1000 });
    capture + public_value(pos, mv)
}

/// A clue decision and the move it is meant to bring about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CluePlan {
    pub decision: Move,
    /// The move the clue giver expects: the one it points at, or after a pass the mover's
    /// own choice.
    pub wanted: Move,
}

/// The clue giver's decision: choose the wanted move; pass if the mover will play it anyway
/// (and a pass does not end the game), else say its letters; pass twice to end the game once
/// the team is done.
pub fn clue_plan(rules: &Chesswords, pos: &Position<Chesswords>, baseline: bool) -> CluePlan {
    let state = &pos.state;
    let moves = rules.mover_moves(pos);
    let giver = state.clue_giver();
    let mut wanted = moves.as_slice()[0];
    let mut wanted_score = i32::MIN;
    for mv in moves.iter() {
        let value = wanted_value(rules, pos, *mv);
        if value > wanted_score {
            wanted_score = value;
            wanted = *mv;
        }
    }
    let capture_wanted = wanted_score >= weights::DISCARDING_CAPTURE / 2;
    // Nothing left to gain: pass (the second pass in succession ends the game). Late in the
    // game, set-ups no longer pay for the clues they cost.
    let late = pos.fullmoves() > weights::PATIENCE;
    // The partner has passed with nothing to capture either: agree and end the game.
    let partner_done = state.passes >= 1 && pos.fullmoves() > weights::PATIENCE / 2;
    if (done_collecting(pos, giver) || late || partner_done)
        && !capture_wanted
        && wanted_score < 1000
    {
        return CluePlan {
            decision: pass_decision(),
            wanted: unclued_move(pos),
        };
    }
    let say = || say_decision(state.letter(wanted.from()), state.letter(wanted.to()));
    if baseline {
        return CluePlan {
            decision: say(),
            wanted,
        };
    }
    // The mover plays its unclued move after a pass or a word it cannot read, so a word for
    // that move costs nothing and, unlike a pass, never ends the game.
    let unclued = unclued_move(pos);
    let unclued_score = wanted_value(rules, pos, unclued);
    if !capture_wanted || wanted_score - unclued_score < weights::CLUE_WORTH {
        return CluePlan {
            decision: word_decision(state.letter(unclued.from()), state.letter(unclued.to())),
            wanted: unclued,
        };
    }
    // The said pair must point at the wanted move first among its moves for this mover.
    let pool = moves_with_pair(
        state,
        moves.as_slice(),
        (state.letter(wanted.from()), state.letter(wanted.to())),
    );
    if best_clued_move(pos, &pool) != Some(wanted) {
        // Another move shares the letters and the mover would take it: take the best pair
        // whose pick is good for the team.
        let mut best = (
            i32::MIN,
            CluePlan {
                decision: say(),
                wanted,
            },
        );
        for (first, last) in letter_pairs(state, moves.as_slice()) {
            let pool = moves_with_pair(state, moves.as_slice(), (first, last));
            if let Some(pick) = best_clued_move(pos, &pool) {
                let value = wanted_value(rules, pos, pick);
                if value > best.0 {
                    best = (
                        value,
                        CluePlan {
                            decision: say_decision(first, last),
                            wanted: pick,
                        },
                    );
                }
            }
        }
        return best.1;
    }
    CluePlan {
        decision: say(),
        wanted,
    }
}

// ----- speaking English -----

/// A word clue: the secret word (its ends name the wanted move's squares' letters) and the
/// clue said for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpokenClue {
    pub word: String,
    pub clue: Clue,
}

/// How many words with the wanted ends the clue giver considers, most common first.
const WORDS_TRIED: usize = 40;

/// A clue in English for the letter pair of `plan` (a `say:` plan): a word of the list with
/// those end letters that WordNet knows, and its clue. With `check`, the clue giver plays the
/// mover's part in its head ([`move_from_clue`] sees only the clue and the public board) and
/// keeps only a clue that leads to the wanted move; without, it gives the first clue it finds.
/// `None`: no word fits (the clue giver says the letters instead).
pub fn english_clue(
    rules: &Chesswords,
    wordnet: &WordNet,
    pos: &Position<Chesswords>,
    plan: &CluePlan,
    check: bool,
) -> Option<SpokenClue> {
    let (first, last) = match super::Decision::of(plan.decision) {
        super::Decision::Say(first, last) | super::Decision::Word(first, last) => (first, last),
        _ => return None,
    };
    let lexicon = rules.lexicon();
    let mut words: Vec<&str> = lexicon
        .with_ends(first, last)
        .map(|entry| entry.word.as_str())
        .filter(|word| wordnet.knows(word))
        .collect();
    words.sort_by_key(|word| (std::cmp::Reverse(wordnet.commonness(word)), word.len()));
    for word in words.into_iter().take(WORDS_TRIED) {
        for clue in wordnet.clues(word) {
            let spoken = SpokenClue {
                word: word.to_string(),
                clue,
            };
            if !check {
                return Some(spoken);
            }
            if move_from_clue(rules, wordnet, pos, &spoken.clue.text).0 == Some(plan.wanted) {
                return Some(spoken);
            }
        }
    }
    None
}

/// The mover's move for a clue it hears (its view shows `move-word-?`): the list's words
/// whose end letters are those of one of its legal moves, ranked by WordNet relatedness to
/// the clue; the best word's letter pair gives the moves, and of those the best is played.
/// `(None, _)` when no word is related well enough: the mover says so and plays as after a
/// pass. The word found comes back too.
pub fn move_from_clue(
    rules: &Chesswords,
    wordnet: &WordNet,
    pos: &Position<Chesswords>,
    clue: &str,
) -> (Option<Move>, Option<String>) {
    let state = &pos.state;
    let moves = rules.mover_moves(pos);
    let pairs = letter_pairs(state, moves.as_slice());
    let allowed = |word: &str| {
        let bytes = word.as_bytes();
        bytes.len() >= 2
            && bytes.iter().all(u8::is_ascii_lowercase)
            && pairs.contains(&(bytes[0] - b'a', bytes[bytes.len() - 1] - b'a'))
    };
    let Some((word, _)) = wordnet.understand(rules.lexicon(), clue, &allowed) else {
        return (None, None);
    };
    let bytes = word.as_bytes();
    let pair = (bytes[0] - b'a', bytes[bytes.len() - 1] - b'a');
    let pool = moves_with_pair(state, moves.as_slice(), pair);
    (best_clued_move(pos, &pool), Some(word))
}

// ----- at a table with a person -----

/// Amity's decision at a table with a person, from its seat's `view`, having heard `heard`
/// (the person's clue): a clue in English the person reads (letters said when no word fits
/// or WordNet cannot be read), the move a heard clue names, the move said letters allow, or
/// a discard. `None` after a pass: then the move is Amity's own choice, which the search
/// makes. A `level` below full strength errs as [`decide_at`] does, in every decision but
/// the reading of a heard clue.
pub fn at_table(
    rules: &Chesswords,
    view: &Position<Chesswords>,
    heard: Option<&str>,
    level: Option<Strength>,
) -> Option<amity_engine::PartnerDecision> {
    let plain = |decision: Move, remark: String| amity_engine::PartnerDecision {
        decision,
        written: rules.format_move(decision),
        speech: None,
        remark: Some(remark),
    };
    match view.state.stage {
        Stage::Clue => Some(clue_at_table(rules, view, level)),
        Stage::MoveWord(_) => {
            let found = match (rules.wordnet(), heard) {
                (Some(wordnet), Some(text)) => move_from_clue(rules, wordnet, view, text),
                _ => (None, None),
            };
            Some(match found {
                (Some(mv), Some(word)) => plain(
                    mv,
                    format!(
                        "I guess your word is '{word}' and play {}.",
                        rules.format_move(mv)
                    ),
                ),
                _ => {
                    let mv = decide_at(rules, view, level).unwrap_or_else(|| unclued_move(view));
                    let about = heard.map_or("no clue".to_string(), |t| format!("\"{t}\""));
                    plain(
                        mv,
                        format!(
                            "I find no good match for {about}; I play {} as I see fit.",
                            rules.format_move(mv)
                        ),
                    )
                }
            })
        }
        Stage::MovePass | Stage::Over => None,
        Stage::MoveSay(..) | Stage::Discard { .. } => {
            let decision = decide_at(rules, view, level)?;
            Some(amity_engine::PartnerDecision {
                decision,
                written: rules.format_move(decision),
                speech: None,
                remark: None,
            })
        }
    }
}

/// Amity's clue for the person: the wanted move's letters as a secret word with an English
/// clue, else said as letters (a person does not play Amity's unclued move, so every clue is
/// a real one), else a pass.
fn clue_at_table(
    rules: &Chesswords,
    view: &Position<Chesswords>,
    level: Option<Strength>,
) -> amity_engine::PartnerDecision {
    let mut plan = clue_plan(rules, view, false);
    // A level that errs may say another pair of letters: it wants the move they bring about.
    if let Some(chosen) = decide_at(rules, view, level).filter(|&mv| mv != plan.decision)
        && let super::Decision::Say(first, last) = super::Decision::of(chosen)
    {
        let moves = rules.mover_moves(view);
        let pool = moves_with_pair(&view.state, moves.as_slice(), (first, last));
        if let Some(wanted) = best_clued_move(view, &pool) {
            plan = CluePlan {
                decision: chosen,
                wanted,
            };
        }
    }
    let (first, last) = match super::Decision::of(plan.decision) {
        super::Decision::Say(first, last) | super::Decision::Word(first, last) => (first, last),
        _ => {
            return amity_engine::PartnerDecision {
                decision: plan.decision,
                written: rules.format_move(plan.decision),
                speech: None,
                remark: Some("I pass.".into()),
            };
        }
    };
    let plan = CluePlan {
        decision: say_decision(first, last),
        wanted: plan.wanted,
    };
    let spoken = rules
        .wordnet()
        .and_then(|wordnet| english_clue(rules, wordnet, view, &plan, true));
    if let Some(spoken) = spoken {
        return amity_engine::PartnerDecision {
            decision: word_decision(first, last),
            written: format!("word:{}", spoken.word),
            remark: Some(format!(
                "my clue is \"{}\" ({}).",
                spoken.clue.text, spoken.clue.kind
            )),
            speech: Some(spoken.clue.text),
        };
    }
    amity_engine::PartnerDecision {
        decision: plan.decision,
        written: rules.format_move(plan.decision),
        speech: None,
        remark: Some(format!(
            "I say the letters {} and {} (one penalty point).",
            letter_char(first),
            letter_char(last)
        )),
    }
}
