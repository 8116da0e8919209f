//! A game as a variant file defines it: the keys of one section (its parents' folded in) read
//! into a typed [`Definition`], with every key checked: an unknown key, a bad value, a piece
//! Amity cannot move yet and a rule it does not play yet are each an error at their line.

use amity_engine::orthodox::STANDARD_START_FEN;
use amity_engine::{
    Bitboard, File, Geometry, GuiBoard, Kind, PieceInfo, Rank, Square, position::MAX_KINDS,
};

use amity_engine::paths::{PathTable, PiecePaths};

use super::betza::{self, Atom};
use super::catalogue::{self, Role};
use super::reader::{Entry, FileError, Problem};

/// A game result, seen from the side to move (Fairy-Stockfish's `Value` keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    Win,
    Loss,
    Draw,
}

/// Which pieces an extinction rule counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Every piece of a side together (`*`).
    All,
    /// Each listed kind on its own.
    Kinds(Vec<Kind>),
}

/// The game ends when a side is down to `count` pieces of a counted kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The result for the side whose pieces died out.
    pub value: GameValue,
    pub counted: Counted,
    pub count: u32,
    /// ... while the other side has at least this many of that kind.
    pub opponent_count: u32,
    /// The side to move needs one more of the opponent's to claim it.
    pub claim: bool,
}

/// Capture the flag: a piece of `kind` reaching its side's region wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    pub kind: Kind,
    pub regions: [Bitboard; 2],
    /// Black may answer White's arrival with its own, for a draw.
    pub answer: bool,
}

/// Which of Fairy-Stockfish's counting rules a game keeps (`countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Makruk's: the board's honour (64 moves for the side with more than a bare king, once
    /// no pawn is left) and the pieces' honour (8 to 64 moves, by the stronger side's
    /// pieces, against a bare king).
    Makruk,
    /// ASEAN chess's: only against a bare king, 16 to 64 moves by the stronger side's pieces.
    Asean,
}

/// A counting rule and the kinds whose number sets the count: the rook, the khon (the
/// `silver`), the knight and the met (the `fers`), where the game has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    pub rule: CountingRule,
    pub rook: Option<Kind>,
    pub khon: Option<Kind>,
    pub knight: Option<Kind>,
    pub met: Option<Kind>,
}

/// Shatar's mating rules (`shatarMateRule`): a mate given by knights alone loses for the
/// mating side, and a mate counts only when the run of checks that ends in it had a shak,
/// a check by a knight, rook or bers; without one it is a draw (niol).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShatarMate {
    pub knight: Option<Kind>,
    /// The kinds whose check is a shak: the knight, the rook and the bers, where the game
    /// has them.
    pub shak: Vec<Kind>,
}

/// Castling: the king to one of two files on its first rank, the rook beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The piece that castles with the rook: the royal king, or where there is none the
    /// commoner (as Fairy-Stockfish's Extinction and Giveaway castle).
    pub king: Kind,
    pub rook: Kind,
    pub kingside_file: u8,
    pub queenside_file: u8,
    /// Where pieces convert (`amityConversion`) a side may hold two kings: only the one on
    /// this file of its first rank (the castling king's file in `startFen`) castles, and only
    /// its moves or its conversion there cost the rights. `None`: the king on the first rank.
    pub home_file: Option<u8>,
}

/// CHESS with LOVE's couples (`amityCouplePhases`): in each phase, the kinds whose pieces
/// may fall in love, and more kinds while at most one of those is left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CouplePhase {
    pub kinds: Vec<Kind>,
    pub fallback: Vec<Kind>,
}

/// The couples' phases, the last the royal pieces', and what a pawn a love step carries onto
/// its last rank becomes (`amityCoupleStepPromotion`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CouplePhases {
    pub phases: Vec<CouplePhase>,
    pub step_promotion: Kind,
}

/// Cambodian chess's first moves (`cambodianMoves`): a king still on its gate square may leap
/// as a knight to the rank in front of it, onto an empty square and not out of check; a fers
/// still on its gate square may jump two squares straight ahead, quietly or taking, and so
/// attacks that square. A gate is one of the castling field's rights (`DEde`): it goes when
/// a piece leaves its square or is taken there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstMoves {
    pub king: Option<Kind>,
    pub fers: Option<Kind>,
}

/// The rules of Amity's own keys, beyond Fairy-Stockfish's format; each default is
/// Fairy-Stockfish's (chess's) rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AmityRules {
    /// `amitySupportedCaptures`: a capture is legal only if another piece of the mover's
    /// attacks the target square before the move (for en passant, the square the pawn
    /// skipped). A piece behind the capturer on its line does not attack through it.
    pub supported_captures: bool,
    /// `amityCheckAttackers`: how many of the other side's pieces must attack a royal piece
    /// for it to be in check (1 in chess). A move may not leave its own royal piece in check;
    /// no move while in check is a checkmate; fewer attackers are a threat a side may ignore
    /// or walk into.
    pub check_attackers: u8,
    /// `amityFrozenInCheck`: a royal piece in check may not move (nor castle) at all.
    pub frozen_in_check: bool,
    /// `amityCastlingDestinationOnly`: castling asks only that the king's destination be
    /// unattacked, not its start or the squares it crosses.
    pub castling_destination_only: bool,
    /// `amityConversion`: no piece is ever captured; an overly persuaded piece changes sides
    /// instead, measured as this says (`count` so far). See [`super::conversion`].
    pub conversion: Option<super::conversion::Measure>,
}

impl AmityRules {
    /// Chess's rules: what a file without Amity's keys plays.
    pub const FAIRY: AmityRules = AmityRules {
        supported_captures: false,
        check_attackers: 1,
        frozen_in_check: false,
        castling_destination_only: false,
        conversion: None,
    };
}

/// A game defined by a variant file, ready to be played by [`super::FileGame`].
///
/// The names and texts are `'static` because the engine's [`amity_engine::Rules`] hands them
/// out so: a definition's strings are leaked once when its file is loaded, which a process
/// does a handful of times in its life.
#[derive(Debug)]
pub struct Definition {
    pub name: &'static str,
    pub geometry: Geometry,
    pub pieces: &'static [PieceInfo],
    /// Per kind: its routes in Amity's path language, for a piece defined by them
    /// (`amityPathPieceN`; Black's are White's turned half a circle).
    pub paths: Vec<Option<PiecePaths>>,
    /// The kinds a move that may take its own side's pieces (a path leg marked `!`) still may
    /// not take (`amitySelfCaptureImmune`).
    pub self_capture_immune: Vec<Kind>,
    /// A move that may promote must (`mandatoryPiecePromotion`), for shogi-style promotions.
    pub mandatory_piece_promotion: bool,
    /// Per kind: its Betza notation as a GUI is told it (with the pawn's double step and
    /// Cambodian first moves, `ifmnD`, `ismN` and `ifD`, as Fairy-Stockfish tells XBoard), and
    /// its moves as White sees them.
    pub betza: Vec<&'static str>,
    pub moves: Vec<Vec<Atom>>,
    pub pawn: Option<Kind>,
    /// The royal piece, if the game has checks on one.
    pub king: Option<Kind>,
    /// The start position in Amity's FEN (a check count moved to the end).
    pub start_fen: &'static str,
    /// Relative rank index (from 0) where pawns promote, and what to.
    pub promotion_rank: u8,
    pub promotions: Vec<Kind>,
    pub mandatory_promotion: bool,
    /// Relative rank indexes a pawn may double step from.
    pub double_step_ranks: Vec<u8>,
    pub castling: Option<Castling>,
    /// The castling field names gate squares (`gating`): rights on squares without a
    /// castling rook are kept, for the first moves below.
    pub gating: bool,
    pub first_moves: Option<FirstMoves>,
    /// Moves that check are allowed (Racing Kings forbids them).
    pub checking: bool,
    /// Amity's keys for what `variants.ini` cannot say (docs/variants/file.md).
    pub amity: AmityRules,
    /// Couples in love (`amityCouplePhases`), where the game has them.
    pub couples: Option<CouplePhases>,
    /// Per kind: its worth in the middlegame and the endgame, the evaluation's weights: the
    /// nominal value for both unless `amityPieceValues` says otherwise (as `amity tune`
    /// writes it). Leaked once, like the names, as the tuner takes them.
    pub piece_weights: &'static [amity_engine::evaluation::Tapered],
    /// How many pieces but pawns and kings the start position has (hands included): the
    /// evaluation's middlegame, which fewer pieces blend towards the endgame.
    pub phase_pieces: u32,
    /// Per kind: its weight in persuasion under `amityConversion = value` or `average`
    /// (`amityConversionValues`); empty otherwise.
    pub conversion_values: Vec<u32>,
    pub must_capture: bool,
    pub extinction: Option<Extinction>,
    pub flag: Option<Flag>,
    /// Checks are counted down from the start FEN's count; the side at zero left wins.
    pub check_counting: bool,
    /// Makruk's or ASEAN's count of moves to mate, which draws when it runs out.
    pub counting: Option<Counting>,
    pub stalemate: GameValue,
    /// A king in check may not move but to take its only checker (makpong).
    pub makpong: bool,
    /// Shatar's rules for what a checkmate is worth.
    pub shatar_mate: Option<ShatarMate>,
    /// Stalemate wins for the side with fewer pieces, draws with as many (suicide).
    pub stalemate_piece_count: bool,
    pub checkmate: GameValue,
    pub immobility_illegal: bool,
    /// Moves without a capture or pawn move that draw the game (0: no limit), and how many
    /// times one position must stand to end it, with what result for the side to move.
    pub move_rule: u32,
    pub fold_rule: u32,
    pub fold_value: GameValue,
    /// Pieces in hand and how they come and go; `None` in a game without drops.
    pub drops: Option<Drops>,
    /// Per kind: the kind a captured piece of it goes to the hand as (a promoted piece
    /// goes back as what it was, unless `dropLoop`); itself for most.
    pub demoted: Vec<Kind>,
    /// Per kind: the kind it may promote to shogi-style, moving into, inside or out of
    /// the promotion zone (`promotedPieceType`).
    pub promoted: Vec<Option<Kind>>,
    /// Per kind: what a promotion to it adds to the move in UCI (`q` for a queen, `+` for a
    /// shogi-style promotion).
    pub promotion_token: Vec<&'static str>,
    /// How a GUI draws the game: the kinds its pockets show (`pocketSize`, by default every
    /// kind the file names in a drop game, none without drops) and its template
    /// (`variantTemplate`, `fairy` by default).
    pub gui_board: GuiBoard,
}

/// Drops: pieces in hand may be put on an empty square instead of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drops {
    /// A captured piece goes to the capturer's hand (`capturesToHand`).
    pub captures_to_hand: bool,
    /// Pawns (the `pawn` piece) may be dropped on the first rank (`firstRankPawnDrops`) and
    /// in the promotion zone (`promotionZonePawnDrops`).
    pub first_rank_pawns: bool,
    pub promotion_zone_pawns: bool,
    /// A kind that may not be dropped on a file that has one of the dropper's own already
    /// (shogi's nifu: `shogiDoubledPawn = false`, or `dropNoDoubled`).
    pub no_doubled: Option<Kind>,
    /// A kind whose drop may not checkmate (shogi's uchifuzume: `shogiPawnDropMateIllegal`):
    /// the drop is legal, and the mated side wins.
    pub no_drop_mate: Option<Kind>,
}

/// Keys that only say how a GUI draws the game, or that only a piece Amity refuses reads
/// (the soldier's): read and otherwise ignored.
const PRESENTATION_OR_DROPS: &[&str] = &["pieceToCharTable", "endgameEval", "soldierPromotionRank"];

/// Rules Amity does not play yet, with the only value it accepts for each (the default).
const NOT_YET: &[(&str, &str)] = &[
    ("chess960", "false"),
    ("twoBoards", "false"),
    ("sittuyinPromotion", "false"),
    ("promotionLimit", ""),
    ("piecePromotionOnCapture", "false"),
    ("pieceDemotion", "false"),
    ("mustDrop", "false"),
    ("mustDropType", "*"),
    ("dropChecks", "true"),
    ("dropOnTop", "false"),
    ("dropPromoted", "false"),
    ("dropOppositeColoredBishop", "false"),
    ("castlingDroppedPiece", "false"),
    ("sittuyinRookDrop", "false"),
    ("whiteDropRegion", ""),
    ("blackDropRegion", ""),
    ("dropNoDoubledCount", "1"),
    ("seirawanGating", "false"),
    ("diagonalLines", ""),
    ("kingPass", "false"),
    ("kingPassOnStalemate", "false"),
    ("flyingGeneral", "false"),
    ("perpetualCheckIllegal", "false"),
    ("bikjangRule", "false"),
    ("connectN", "0"),
    ("materialCounting", "none"),
    ("nFoldValueAbsolute", "false"),
    ("castlingRank", "1"),
];

/// The keys a definition reads itself (besides the piece keys).
/// The key of a piece on paths, numbered from 1 as `customPieceN` is.
const AMITY_PATH_PIECE: &str = "amityPathPiece";

/// Whether `key` is `amityPathPieceN` with N from 1 to the custom pieces' most.
fn is_path_piece_key(key: &str) -> bool {
    key.strip_prefix(AMITY_PATH_PIECE)
        .and_then(|number| number.parse::<usize>().ok())
        .is_some_and(|number| (1..=catalogue::CUSTOM_PIECES).contains(&number))
}

const RULE_KEYS: &[&str] = &[
    "mandatoryPiecePromotion",
    "amitySelfCaptureImmune",
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "promotionPieceTypes",
    "mandatoryPawnPromotion",
    "doubleStep",
    "doubleStepRank",
    "firstRankDoubleSteps",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRookPiece",
    "gating",
    "cambodianMoves",
    "amitySupportedCaptures",
    "amityCheckAttackers",
    "amityFrozenInCheck",
    "amityCastlingDestinationOnly",
    "amityConversion",
    "amityConversionValues",
    "amityCouplePhases",
    "amityCoupleStepPromotion",
    "amityPieceValues",
    "kingType",
    "checking",
    "mustCapture",
    "immobilityIllegal",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "stalemateValue",
    "checkmateValue",
    "extinctionValue",
    "extinctionClaim",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "flagPiece",
    "whiteFlag",
    "blackFlag",
    "flagMove",
    "checkCounting",
    "countingRule",
    "stalematePieceCount",
    "makpongRule",
    "shatarMateRule",
    "pocketSize",
    "variantTemplate",
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "shogiDoubledPawn",
    "dropNoDoubled",
    "shogiPawnDropMateIllegal",
    "promotedPieceType",
];

/// A piece kind as the file defined it, before it gets its number.
struct PieceDraft {
    letter: char,
    betza: String,
    /// The piece's routes in Amity's path language (`amityPathPieceN`), instead of Betza.
    paths: Option<String>,
    role: Role,
    name: String,
    line: usize,
}

/// Reads the entries of one section. Reports every problem; a definition comes back only
/// when there were none. `line` is the section header's, for problems of the whole game.
pub fn define(name: &str, line: usize, entries: &[Entry]) -> Result<Draft, Vec<FileError>> {
    let mut reader = Keys {
        entries,
        errors: Vec::new(),
    };
    for entry in entries {
        let key = entry.key.as_str();
        let known = RULE_KEYS.contains(&key)
            || PRESENTATION_OR_DROPS.contains(&key)
            || catalogue::named(key).is_some()
            || catalogue::NOT_YET.contains(&key)
            || catalogue::custom_number(key).is_some()
            || is_path_piece_key(key);
        if let Some((_, default)) = NOT_YET.iter().find(|(k, _)| *k == key) {
            if entry.value != *default {
                reader.fail(
                    entry.line,
                    Problem::Unsupported {
                        key: key.to_string(),
                        why: format!("Amity plays only '{default}' so far"),
                    },
                );
            }
        } else if catalogue::NOT_YET.contains(&key) && entry.value != "-" {
            reader.fail(
                entry.line,
                Problem::Unsupported {
                    key: key.to_string(),
                    why: "this piece needs hoppers or lame leaps, not read yet".into(),
                },
            );
        } else if !known {
            reader.fail(entry.line, Problem::UnknownKey(key.to_string()));
        }
    }
    let files = reader.number("maxFile", 8, 1, 8, "a number of files from 1 to 8");
    let ranks = reader.number("maxRank", 8, 1, 8, "a number of ranks from 1 to 8");
    let geometry = Geometry {
        files: files as u8,
        ranks: ranks as u8,
    };

    // Pieces: the named ones in catalogue order, then the custom ones by number.
    let mut drafts: Vec<PieceDraft> = Vec::new();
    for named in catalogue::PIECES {
        if let Some(entry) = reader.entry(named.key) {
            let (letter, betza) = match entry.value.split_once(':') {
                Some((letter, betza)) if named.role == Role::King => (letter, betza),
                _ => (entry.value.as_str(), named.betza),
            };
            if letter == "-" {
                continue;
            }
            match single_letter(letter) {
                Some(letter) => drafts.push(PieceDraft {
                    letter,
                    betza: betza.to_string(),
                    paths: None,
                    role: named.role,
                    name: named.name.to_string(),
                    line: entry.line,
                }),
                None => reader.bad(entry, "a piece letter or '-'"),
            }
        }
    }
    for number in 1..=catalogue::CUSTOM_PIECES {
        let key = format!("customPiece{number}");
        if let Some(entry) = reader.entry(&key) {
            let Some((letter, betza)) = entry.value.split_once(':') else {
                reader.bad(entry, "'letter:Betza'");
                continue;
            };
            match single_letter(letter) {
                Some(letter) => drafts.push(PieceDraft {
                    letter,
                    betza: betza.to_string(),
                    paths: None,
                    role: Role::Plain,
                    name: format!("custom piece {number}"),
                    line: entry.line,
                }),
                None => reader.bad(entry, "'letter:Betza'"),
            }
        }
    }
    // `+c:paths`: the promoted form of `c`, written `+C`, on its own routes.
    let mut promoted_paths: Vec<(char, String, usize)> = Vec::new();
    for number in 1..=catalogue::CUSTOM_PIECES {
        let key = format!("{AMITY_PATH_PIECE}{number}");
        if let Some(entry) = reader.entry(&key) {
            match entry.value.split_once(':') {
                Some((letter, paths))
                    if letter.starts_with('+') && single_letter(&letter[1..]).is_some() =>
                {
                    promoted_paths.push((
                        single_letter(&letter[1..]).unwrap_or('?'),
                        paths.to_string(),
                        entry.line,
                    ));
                }
                Some((letter, paths)) if single_letter(letter).is_some() => {
                    drafts.push(PieceDraft {
                        letter: single_letter(letter).unwrap_or('?'),
                        betza: String::new(),
                        paths: Some(paths.to_string()),
                        role: Role::Plain,
                        name: format!("path piece {number}"),
                        line: entry.line,
                    });
                }
                _ => reader.bad(entry, "'letter:paths' or '+letter:paths'"),
            }
        }
    }
    if drafts.len() > MAX_KINDS {
        reader.fail(
            line,
            Problem::BadGame(format!(
                "{} piece types, Amity plays at most {MAX_KINDS}",
                drafts.len()
            )),
        );
        drafts.truncate(MAX_KINDS);
    }
    for (index, draft) in drafts.iter().enumerate() {
        if let Some(first) = drafts[..index].iter().find(|d| d.letter == draft.letter) {
            reader.fail(
                draft.line,
                Problem::BadGame(format!(
                    "letter '{}' names both the {} and the {}",
                    draft.letter, first.name, draft.name
                )),
            );
        }
    }
    let letters: Vec<char> = drafts.iter().map(|d| d.letter).collect();
    let kind_of = |letter: char| {
        letters
            .iter()
            .position(|l| *l == letter.to_ascii_lowercase())
            .map(|i| Kind::new(i as u8))
    };
    let pawn = drafts
        .iter()
        .position(|d| d.role == Role::Pawn)
        .map(|i| Kind::new(i as u8));
    let king = drafts
        .iter()
        .position(|d| d.role == Role::King)
        .map(|i| Kind::new(i as u8));

    // kingType: the royal piece moves as another piece does.
    if let Some(entry) = reader.entry("kingType") {
        match single_letter(&entry.value).and_then(|l| letters.iter().position(|x| *x == l)) {
            Some(index) => {
                let betza = drafts[index].betza.clone();
                if let Some(king) = king {
                    drafts[king.index()].betza = betza;
                }
            }
            None => reader.bad(entry, "the letter of a piece of this game"),
        }
    }
    let mut paths: Vec<Option<PiecePaths>> = Vec::new();
    for draft in &drafts {
        paths.push(
            draft
                .paths
                .as_ref()
                .and_then(|text| match super::paths::parse(text) {
                    Ok(read) => Some(read),
                    Err(why) => {
                        reader.fail(
                            draft.line,
                            Problem::BadGame(format!("{}: bad paths '{text}': {why}", draft.name)),
                        );
                        None
                    }
                }),
        );
    }
    let mut moves = Vec::new();
    for draft in &drafts {
        if draft.betza.is_empty() {
            moves.push(Vec::new());
            continue;
        }
        match betza::parse(&draft.betza) {
            Ok(atoms) => moves.push(atoms),
            Err(why) => {
                reader.fail(
                    draft.line,
                    Problem::BadBetza {
                        key: draft.name.clone(),
                        betza: draft.betza.clone(),
                        why: why.0,
                    },
                );
                moves.push(Vec::new());
            }
        }
    }

    // Drops, and the kinds a promoted piece becomes (twins of what it moves as, that know
    // what they were).
    let drops_on = reader.flag("pieceDrops", false);
    let captures_to_hand = reader.flag("capturesToHand", false);
    let drop_loop = reader.flag("dropLoop", false);
    let first_rank_pawns = reader.flag("firstRankPawnDrops", false);
    let promotion_zone_pawns = reader.flag("promotionZonePawnDrops", false);
    let shogi_pawn = drafts
        .iter()
        .position(|d| d.name == "shogi pawn")
        .map(|i| Kind::new(i as u8));
    let mut no_doubled = match reader.flag("shogiDoubledPawn", true) {
        true => None,
        false => shogi_pawn,
    };
    if let Some(entry) = reader.entry("dropNoDoubled")
        && entry.value != "-"
    {
        match single_letter(&entry.value).and_then(kind_of) {
            Some(kind) => no_doubled = Some(kind),
            None => reader.bad(entry, "the letter of a piece of this game, or '-'"),
        }
    }
    let no_drop_mate = reader
        .flag("shogiPawnDropMateIllegal", false)
        .then_some(shogi_pawn)
        .flatten();
    let mut twins: Vec<Twin> = Vec::new();
    let mut promoted: Vec<Option<Kind>> = vec![None; drafts.len()];
    if let Some(entry) = reader.entry("promotedPieceType") {
        for pair in entry.value.split_whitespace() {
            let found = pair.split_once(':').and_then(|(from, to)| {
                let from = kind_of(single_letter(from)?)?;
                let to = kind_of(single_letter(to)?)?;
                (Some(from) != pawn && Some(from) != king && from != to).then_some((from, to))
            });
            match found {
                Some((from, to)) if promoted[from.index()].is_none() => {
                    promoted[from.index()] = Some(Kind::new((drafts.len() + twins.len()) as u8));
                    twins.push(Twin {
                        symbol: format!("+{}", drafts[from.index()].letter.to_ascii_uppercase()),
                        moves_as: to,
                        was: from,
                        token: "+".into(),
                        paths: None,
                    });
                }
                _ => {
                    reader.bad(
                        entry,
                        "pairs 'from:to' of letters of this game's pieces (not the pawn or king), \
                         each piece once",
                    );
                    break;
                }
            }
        }
    }
    for (letter, text, line) in &promoted_paths {
        let Some(from) = kind_of(*letter).filter(|kind| Some(*kind) != pawn && Some(*kind) != king)
        else {
            reader.fail(
                *line,
                Problem::BadGame(format!(
                    "'+{letter}' promotes no piece of this game (not the pawn or king)"
                )),
            );
            continue;
        };
        if promoted[from.index()].is_some() {
            reader.fail(
                *line,
                Problem::BadGame(format!("'{letter}' promotes twice")),
            );
            continue;
        }
        match super::paths::parse(text) {
            Ok(routes) => {
                promoted[from.index()] = Some(Kind::new((drafts.len() + twins.len()) as u8));
                twins.push(Twin {
                    symbol: format!("+{}", letter.to_ascii_uppercase()),
                    moves_as: from,
                    was: from,
                    token: "+".into(),
                    paths: Some(routes),
                });
            }
            Err(why) => reader.fail(
                *line,
                Problem::BadGame(format!("promoted {letter}: bad paths '{text}': {why}")),
            ),
        }
    }
    let promotion_choices = reader
        .kinds("promotionPieceTypes", &kind_of)
        .unwrap_or_default();
    // A promoted pawn that goes back to a hand as a pawn is its own kind, written `Q~`.
    let promotions: Vec<Kind> = match pawn {
        Some(pawn) if drops_on && captures_to_hand && !drop_loop => promotion_choices
            .iter()
            .map(|&kind| {
                let twin = Kind::new((drafts.len() + twins.len()) as u8);
                twins.push(Twin {
                    symbol: format!("{}~", drafts[kind.index()].letter.to_ascii_uppercase()),
                    moves_as: kind,
                    was: pawn,
                    token: drafts[kind.index()].letter.to_string(),
                    paths: None,
                });
                twin
            })
            .collect(),
        _ => promotion_choices,
    };
    if drafts.len() + twins.len() > MAX_KINDS {
        reader.fail(
            line,
            Problem::BadGame(format!(
                "{} piece types with the promoted ones, Amity plays at most {MAX_KINDS}",
                drafts.len() + twins.len()
            )),
        );
        twins.clear();
    }
    let drops = drops_on.then_some(Drops {
        captures_to_hand,
        first_rank_pawns,
        promotion_zone_pawns,
        no_doubled,
        no_drop_mate,
    });

    let last = geometry.ranks as u32;
    let promotion_rank = reader.rank("promotionRank", 8.min(last), last) as u8 - 1;
    let mandatory_promotion = reader.flag("mandatoryPawnPromotion", true);
    let double_step = reader.flag("doubleStep", true);
    let double_step_rank = reader.rank("doubleStepRank", 2.min(last), last) as u8 - 1;
    let mut double_step_ranks = Vec::new();
    if double_step {
        double_step_ranks.push(double_step_rank);
        if reader.flag("firstRankDoubleSteps", false) && double_step_rank != 0 {
            double_step_ranks.push(0);
        }
    }
    let castling_allowed = reader.flag("castling", true);
    let kingside_file = reader.file("castlingKingsideFile", 7, files) as u8;
    let queenside_file = reader.file("castlingQueensideFile", 3, files) as u8;
    let castling_rook = match reader.entry("castlingRookPiece") {
        Some(entry) => match single_letter(&entry.value).and_then(kind_of) {
            Some(kind) => Some(kind),
            None => {
                reader.bad(entry, "the letter of a piece of this game");
                None
            }
        },
        None => kind_of('r'),
    };
    let commoner = drafts
        .iter()
        .position(|d| d.name == "commoner")
        .map(|i| Kind::new(i as u8));
    let mut castling = match (castling_allowed, castling_rook, king.or(commoner)) {
        (true, Some(rook), Some(castling_king)) => Some(Castling {
            king: castling_king,
            rook,
            kingside_file: kingside_file - 1,
            queenside_file: queenside_file - 1,
            home_file: None,
        }),
        _ => None,
    };
    let gating = reader.flag("gating", false);
    let cambodian = reader.flag("cambodianMoves", false);
    if cambodian
        && !gating
        && let Some(entry) = reader.entry("cambodianMoves")
    {
        reader.bad(
            entry,
            "possible without 'gating = true' (its rights are the gates)",
        );
    }
    let amity = AmityRules {
        supported_captures: reader.flag("amitySupportedCaptures", false),
        check_attackers: reader.number(
            "amityCheckAttackers",
            1,
            1,
            8,
            "a number of attackers from 1 to 8",
        ) as u8,
        frozen_in_check: reader.flag("amityFrozenInCheck", false),
        castling_destination_only: reader.flag("amityCastlingDestinationOnly", false),
        conversion: reader.conversion(),
    };
    let couples = reader.couples(&kind_of, king, drops.is_some(), geometry);
    // A promoted piece weighs what it was.
    let mut conversion_values = reader.conversion_values(amity.conversion, drafts.len(), &kind_of);
    if !conversion_values.is_empty() {
        for twin in &twins {
            conversion_values.push(conversion_values[twin.was.index()]);
        }
    }
    // Pieces that are never captured never go to a hand.
    if amity.conversion.is_some()
        && drops.is_some()
        && let Some(entry) = reader.entry("amityConversion")
    {
        reader.bad(entry, "possible in a game with drops");
    }
    let checking = reader.flag("checking", true);
    let must_capture = reader.flag("mustCapture", false);
    let immobility_illegal = reader.flag("immobilityIllegal", false);
    let move_rule = reader.number("nMoveRule", 50, 0, 10_000, "a number of moves");
    let fold_rule = reader.number("nFoldRule", 3, 1, 100, "a number of repetitions");
    let fold_value = reader
        .value("nFoldValue", Some(GameValue::Draw))
        .unwrap_or(GameValue::Draw);
    let stalemate = reader
        .value("stalemateValue", Some(GameValue::Draw))
        .unwrap_or(GameValue::Draw);
    let stalemate_piece_count = reader.flag("stalematePieceCount", false);
    let makpong = reader.flag("makpongRule", false);
    let checkmate = reader
        .value("checkmateValue", Some(GameValue::Loss))
        .unwrap_or(GameValue::Loss);
    let extinction_value = reader.value("extinctionValue", None);
    let counted = match reader.entry("extinctionPieceTypes") {
        Some(entry) if entry.value.trim() == "*" => Counted::All,
        Some(_) => Counted::Kinds(
            reader
                .kinds("extinctionPieceTypes", &kind_of)
                .unwrap_or_default(),
        ),
        None => Counted::Kinds(Vec::new()),
    };
    let extinction = extinction_value.map(|value| Extinction {
        value,
        counted,
        count: reader.number("extinctionPieceCount", 0, 0, 64, "a number of pieces"),
        opponent_count: reader.number(
            "extinctionOpponentPieceCount",
            0,
            0,
            64,
            "a number of pieces",
        ),
        claim: reader.flag("extinctionClaim", false),
    });
    let flag = match reader.entry("flagPiece") {
        Some(entry) if entry.value != "-" => match single_letter(&entry.value).and_then(kind_of) {
            Some(kind) => Some(Flag {
                kind,
                regions: [
                    reader.squares("whiteFlag", geometry),
                    reader.squares("blackFlag", geometry),
                ],
                answer: reader.flag("flagMove", false),
            }),
            None => {
                reader.bad(entry, "the letter of a piece of this game");
                None
            }
        },
        _ => None,
    };
    let check_counting = reader.flag("checkCounting", false);
    let kind_named = |key: &str| {
        let wanted = catalogue::named(key)?.name;
        drafts
            .iter()
            .position(|draft| draft.name == wanted)
            .map(|index| Kind::new(index as u8))
    };
    let first_moves = (cambodian && gating).then(|| FirstMoves {
        king,
        fers: kind_named("fers"),
    });
    let shatar_mate = reader.flag("shatarMateRule", false).then(|| ShatarMate {
        knight: kind_named("knight"),
        shak: ["knight", "rook", "bers"]
            .into_iter()
            .filter_map(kind_named)
            .collect(),
    });
    let pocket_size = reader.entry("pocketSize").is_some().then(|| {
        reader.number(
            "pocketSize",
            0,
            0,
            64,
            "a number of pocket slots from 0 to 64",
        )
    });
    let template = match reader.entry("variantTemplate") {
        None => "fairy".to_string(),
        Some(entry) => {
            let value = entry.value.clone();
            if value.is_empty()
                || value.len() > 32
                || !value.chars().all(|c| c.is_ascii_alphanumeric())
            {
                reader.bad(
                    entry,
                    "a template name of letters and digits (fairy, shogi...)",
                );
            }
            value
        }
    };
    let counting = match reader
        .entry("countingRule")
        .map(|entry| (entry, entry.value.as_str()))
    {
        None | Some((_, "none")) => None,
        Some((_, rule @ ("makruk" | "asean"))) => Some(Counting {
            rule: if rule == "makruk" {
                CountingRule::Makruk
            } else {
                CountingRule::Asean
            },
            rook: kind_named("rook"),
            khon: kind_named("silver"),
            knight: kind_named("knight"),
            met: kind_named("fers"),
        }),
        Some((entry, _)) => {
            reader.bad(entry, "one of makruk, asean, none");
            None
        }
    };

    // Whether the game can end: a royal king, or a rule that ends it without one.
    if king.is_none()
        && extinction.is_none()
        && flag.is_none()
        && stalemate == GameValue::Draw
        && !drafts.is_empty()
    {
        reader.fail(
            line,
            Problem::MissingKing(
                "no king, and no extinction, flag or stalemate rule to end the game".into(),
            ),
        );
    }
    if drafts.is_empty() {
        reader.fail(line, Problem::BadGame("the game defines no pieces".into()));
    }
    let mut start_fen = match reader.entry("startFen") {
        Some(entry) => amity_fen(&entry.value),
        None => STANDARD_START_FEN.to_string(),
    };
    // A game with couples writes its love field in every FEN, the start's too (as the
    // built-in CHESS with LOVE does), so a GUI told the start position is told the phase.
    if couples.is_some()
        && !start_fen
            .split_whitespace()
            .any(|field| field.starts_with("love:"))
    {
        start_fen.push_str(" love:1:-");
    }
    let start_line = reader.entry("startFen").map_or(line, |entry| entry.line);
    if amity.conversion.is_some()
        && let Some(castling) = castling.as_mut()
    {
        castling.home_file = first_rank_file(&start_fen, castling.king, &kind_of);
    }
    let self_capture_immune = reader
        .kinds("amitySelfCaptureImmune", &kind_of)
        .unwrap_or_default();
    let mandatory_piece_promotion = reader.flag("mandatoryPiecePromotion", false);
    // A path piece is worth its reach on an empty board, about 45 a square on average (a
    // Betza piece's value comes from its moves the same way).
    let paths: Vec<Option<PiecePaths>> = paths
        .iter()
        .cloned()
        .chain(twins.iter().map(|twin| {
            twin.paths
                .clone()
                .or_else(|| paths.get(twin.moves_as.index()).cloned().flatten())
        }))
        .collect();
    let path_values: Vec<Option<i32>> = if paths.iter().any(Option::is_some) {
        let compiled: Vec<PiecePaths> = paths
            .iter()
            .map(|p| p.clone().unwrap_or_default())
            .collect();
        match PathTable::compile(geometry, &compiled) {
            Ok(table) => paths
                .iter()
                .enumerate()
                .map(|(kind, own)| {
                    own.as_ref().map(|_| {
                        let squares = geometry.mask();
                        let reach: u32 = squares
                            .into_iter()
                            .map(|from| {
                                table.span(amity_engine::Color::White, kind, from).count() as u32
                            })
                            .sum();
                        (45 * reach as i32 / squares.count().max(1) as i32).max(50)
                    })
                })
                .collect(),
            Err(error) => {
                reader.fail(line, Problem::BadGame(format!("paths: {error}")));
                Vec::new()
            }
        }
    } else {
        Vec::new()
    };
    let symbols: Vec<String> = drafts
        .iter()
        .map(|draft| draft.letter.to_ascii_uppercase().to_string())
        .chain(twins.iter().map(|twin| twin.symbol.clone()))
        .collect();
    let values = reader.piece_values(&symbols);
    let phase_pieces = start_fen
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .chars()
        .filter_map(|c| c.is_ascii_alphabetic().then(|| kind_of(c)).flatten())
        .filter(|&kind| Some(kind) != pawn && Some(kind) != king)
        .count() as u32;
    if !reader.errors.is_empty() {
        return Err(reader.errors);
    }
    let mut pieces: Vec<PieceInfo> = drafts
        .iter()
        .zip(&moves)
        .enumerate()
        .map(|(kind, (draft, atoms))| PieceInfo {
            symbol: leak(draft.letter.to_ascii_uppercase().to_string()),
            name: leak(draft.name.clone()),
            value: path_values
                .get(kind)
                .copied()
                .flatten()
                .unwrap_or_else(|| nominal_value(draft.role, atoms)),
        })
        .collect();
    let mut betzas: Vec<&'static str> = drafts.iter().map(|d| leak(d.betza.clone())).collect();
    let mut demoted: Vec<Kind> = (0..drafts.len()).map(|i| Kind::new(i as u8)).collect();
    let mut promotion_token: Vec<&'static str> =
        drafts.iter().map(|d| leak(d.letter.to_string())).collect();
    promoted.resize(drafts.len() + twins.len(), None);
    for (index, twin) in twins.iter().enumerate() {
        let model = twin.moves_as.index();
        let routed = twin.paths.is_some();
        pieces.push(PieceInfo {
            symbol: leak(twin.symbol.clone()),
            name: leak(format!("promoted {}", drafts[twin.was.index()].name)),
            value: match path_values.get(drafts.len() + index).copied().flatten() {
                Some(value) if routed => value,
                _ => pieces[model].value,
            },
        });
        betzas.push(if routed { "" } else { betzas[model] });
        moves.push(if routed {
            Vec::new()
        } else {
            moves[model].clone()
        });
        demoted.push(if drop_loop { twin.moves_as } else { twin.was });
        promotion_token.push(leak(twin.token.clone()));
    }
    // The moves a kind's own Betza leaves out, which a GUI that checks moves must be told.
    let mut tell = |kind: Option<Kind>, initial: &str| {
        if let Some(kind) = kind {
            betzas[kind.index()] = leak(format!("{}{initial}", betzas[kind.index()]));
        }
    };
    if !double_step_ranks.is_empty() {
        tell(pawn, "ifmnD");
    }
    if let Some(first) = first_moves {
        tell(first.king, "ismN");
        tell(first.fers, "ifD");
    }
    let pocket = match (pocket_size, &drops) {
        (_, None) => 0,
        (Some(size), Some(_)) => size as usize,
        // As Fairy-Stockfish counts it: every kind the file names (the promoted ones not).
        (None, Some(_)) => drafts.len(),
    };
    let piece_weights: Vec<amity_engine::evaluation::Tapered> = pieces
        .iter()
        .zip(values)
        .map(|(info, value)| value.unwrap_or(amity_engine::evaluation::s(info.value, info.value)))
        .collect();
    Ok(Draft {
        definition: Definition {
            name: leak(name.to_string()),
            geometry,
            pieces: Box::leak(pieces.into_boxed_slice()),
            betza: betzas,
            moves,
            pawn,
            king,
            start_fen: leak(start_fen),
            promotion_rank,
            promotions,
            mandatory_promotion,
            double_step_ranks,
            castling,
            gating,
            first_moves,
            checking,
            amity,
            conversion_values,
            couples,
            piece_weights: Box::leak(piece_weights.into_boxed_slice()),
            phase_pieces,
            paths,
            self_capture_immune,
            mandatory_piece_promotion,
            must_capture,
            extinction,
            flag,
            check_counting,
            counting,
            stalemate,
            stalemate_piece_count,
            makpong,
            shatar_mate,
            checkmate,
            immobility_illegal,
            move_rule,
            fold_rule,
            fold_value,
            drops,
            demoted,
            promoted,
            promotion_token,
            gui_board: GuiBoard {
                pocket,
                template: leak(template),
            },
        },
        start_line,
    })
}

/// A kind made by promotion: it moves as `moves_as` and was `was` before.
struct Twin {
    symbol: String,
    moves_as: Kind,
    was: Kind,
    token: String,
    /// Its own routes (`amityPathPieceN = +c:...`), instead of `moves_as`'s moves.
    paths: Option<PiecePaths>,
}

/// A definition read from its keys, whose start position is yet to be checked (by the game
/// it defines), and the line to blame if it does not fit.
pub struct Draft {
    pub definition: Definition,
    pub start_line: usize,
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// A piece's nominal value for move ordering, from how far it reaches: a leap is worth about
/// 40 centipawns, a line about 85 (diagonal) or 125 (straight).
fn nominal_value(role: Role, atoms: &[Atom]) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::King => 0,
        Role::Plain => atoms
            .iter()
            .flat_map(|atom| atom.vectors.iter().map(move |v| (atom.range, *v)))
            .map(|(range, (dx, dy))| match (range > 1, dx == 0 || dy == 0) {
                (false, _) => 40,
                (true, true) => 125,
                (true, false) => 85,
            })
            .sum::<i32>()
            .max(50),
    }
}

/// The file of White's `kind` on its first rank in `fen`'s board, or else Black's on its own.
fn first_rank_file(fen: &str, kind: Kind, kind_of: &dyn Fn(char) -> Option<Kind>) -> Option<u8> {
    let board = fen.split_whitespace().next()?;
    let board = board.split('[').next()?;
    let rows: Vec<&str> = board.split('/').collect();
    let find = |row: &str, white: bool| {
        let (mut file, mut promoted, mut skip) = (0u32, false, 0u32);
        for c in row.chars() {
            if let Some(digit) = c.to_digit(10) {
                skip = skip * 10 + digit;
                continue;
            }
            file += skip;
            skip = 0;
            match c {
                '+' => promoted = true,
                '~' => {}
                _ => {
                    if !promoted && c.is_uppercase() == white && kind_of(c) == Some(kind) {
                        return u8::try_from(file).ok();
                    }
                    promoted = false;
                    file += 1;
                }
            }
        }
        None
    };
    find(rows.last()?, true).or_else(|| find(rows.first()?, false))
}

/// Fairy-Stockfish writes a check count (`3+3`) before the clocks; Amity's FEN keeps the
/// usual six fields first and the count as the game's own field after them.
/// Its shogi games leave out the castling and en passant fields (`... w 0 1`): they are put
/// back as `- -`. A running count it writes as its limit in the en passant field and the
/// plies counted in the halfmove field (`... b - 32 5 40`); Amity's is its own last field,
/// `plies/limit`, with the halfmove clock at 0 (as Fairy-Stockfish reads it).
pub fn amity_fen(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.len() >= 3 && fields[2].parse::<u32>().is_ok() {
        fields.insert(2, "-".into());
        fields.insert(3, "-".into());
    }
    // The check count, wherever it stands after the board and the side to move.
    let checks = fields
        .iter()
        .skip(2)
        .position(|field| field.contains('+') && !field.contains('/'))
        .map(|index| fields.remove(index + 2));
    // A running count: its limit in the en passant field, its plies in the halfmove field.
    let count = match fields.get(3).map(|field| field.parse::<u32>()) {
        Some(Ok(limit)) => {
            fields[3] = "-".into();
            let plies = fields.get_mut(4).map_or_else(
                || "0".to_string(),
                |clock| std::mem::replace(clock, "0".into()),
            );
            Some(format!("{plies}/{limit}"))
        }
        _ => None,
    };
    if checks.is_some() || count.is_some() {
        // Clocks left out before the game's own fields: their defaults.
        for (index, default) in [(4, "0"), (5, "1")] {
            if fields.len() == index {
                fields.push(default.into());
            }
        }
    }
    fields.extend(count);
    fields.extend(checks);
    fields.join(" ")
}

/// Reads typed values of keys, each problem pushed with its line.
struct Keys<'a> {
    entries: &'a [Entry],
    errors: Vec<FileError>,
}

impl<'a> Keys<'a> {
    fn entry(&self, key: &str) -> Option<&'a Entry> {
        self.entries.iter().find(|entry| entry.key == key)
    }

    fn fail(&mut self, line: usize, problem: Problem) {
        self.errors.push(FileError { line, problem });
    }

    fn bad(&mut self, entry: &Entry, expected: &str) {
        self.fail(
            entry.line,
            Problem::BadValue {
                key: entry.key.clone(),
                value: entry.value.clone(),
                expected: expected.to_string(),
            },
        );
    }

    fn flag(&mut self, key: &str, default: bool) -> bool {
        match self.entry(key) {
            None => default,
            Some(entry) => match entry.value.as_str() {
                "true" => true,
                "false" => false,
                _ => {
                    self.bad(entry, "true or false");
                    default
                }
            },
        }
    }

    fn number(&mut self, key: &str, default: u32, min: u32, max: u32, expected: &str) -> u32 {
        match self.entry(key) {
            None => default,
            Some(entry) => match entry.value.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => n,
                _ => {
                    self.bad(entry, expected);
                    default
                }
            },
        }
    }

    /// A rank from 1 to `last`.
    fn rank(&mut self, key: &str, default: u32, last: u32) -> u32 {
        let expected = format!("a rank from 1 to {last}");
        self.number(key, default, 1, last, &expected)
    }

    /// A file as a number from 1 or a letter from `a`, at most `last`.
    fn file(&mut self, key: &str, default: u32, last: u32) -> u32 {
        let Some(entry) = self.entry(key) else {
            return default.min(last);
        };
        let value = entry.value.as_str();
        let number = match value.chars().next() {
            Some(c @ 'a'..='z') if value.len() == 1 => Some(c as u32 - 'a' as u32 + 1),
            _ => value.parse::<u32>().ok(),
        };
        match number {
            Some(n) if (1..=last).contains(&n) => n,
            _ => {
                self.bad(entry, &format!("a file from 1 (a) to {last}"));
                default.min(last)
            }
        }
    }

    /// `amityCouplePhases` (`p; nbr/p; q/nbrp; k`: each phase's kinds, and after a slash
    /// the kinds added while at most one of those is left) and `amityCoupleStepPromotion`.
    /// The last phase is the royal piece's; the board is 8 x 8, as the throws are.
    fn couples(
        &mut self,
        kind_of: &dyn Fn(char) -> Option<Kind>,
        king: Option<Kind>,
        drops: bool,
        geometry: Geometry,
    ) -> Option<CouplePhases> {
        let step = self.entry("amityCoupleStepPromotion");
        let Some(entry) = self.entry("amityCouplePhases") else {
            if let Some(step) = step {
                self.bad(step, "of use without amityCouplePhases");
            }
            return None;
        };
        let letters = |text: &str| -> Option<Vec<Kind>> {
            text.chars()
                .filter(|c| !c.is_whitespace())
                .map(kind_of)
                .collect()
        };
        let phases: Option<Vec<CouplePhase>> = entry
            .value
            .split(';')
            .map(|phase| {
                let (kinds, fallback) = phase.split_once('/').unwrap_or((phase, ""));
                let kinds = letters(kinds).filter(|kinds| !kinds.is_empty())?;
                Some(CouplePhase {
                    kinds,
                    fallback: letters(fallback)?,
                })
            })
            .collect();
        let Some(phases) = phases.filter(|phases| (1..=8).contains(&phases.len())) else {
            self.bad(
                entry,
                "one to eight phases of piece letters, each with a fallback after a slash \
                 (p; nbr/p; q/nbrp; k)",
            );
            return None;
        };
        let last_royal = king.is_some_and(|king| {
            phases
                .last()
                .is_some_and(|last| last.kinds == [king] && last.fallback.is_empty())
        });
        if !last_royal {
            self.bad(entry, "phases whose last is the royal king's alone");
            return None;
        }
        if drops || geometry.files != 8 || geometry.ranks != 8 {
            self.bad(
                entry,
                "possible beyond an 8x8 board without drops (the throws name its squares)",
            );
            return None;
        }
        let queen = kind_of('q');
        let step_promotion = match step {
            Some(step) => {
                let mut chars = step.value.chars();
                match (chars.next().and_then(kind_of), chars.next()) {
                    (Some(kind), None) => Some(kind),
                    _ => {
                        self.bad(step, "one piece letter");
                        None
                    }
                }
            }
            None => queen,
        };
        let Some(step_promotion) = step_promotion else {
            self.bad(
                entry,
                "possible without amityCoupleStepPromotion in a game without a queen",
            );
            return None;
        };
        Some(CouplePhases {
            phases,
            step_promotion,
        })
    }

    /// `amityPieceValues` (`P:100 N:300/280 +P:400`): pieces by their FEN symbols, each
    /// worth one value or a middlegame and an endgame value; the ones it leaves out keep
    /// their nominal value.
    fn piece_values(
        &mut self,
        symbols: &[String],
    ) -> Vec<Option<amity_engine::evaluation::Tapered>> {
        let mut values = vec![None; symbols.len()];
        let Some(entry) = self.entry("amityPieceValues") else {
            return values;
        };
        for pair in entry.value.split_whitespace() {
            let parsed = pair.split_once(':').and_then(|(symbol, value)| {
                let kind = symbols
                    .iter()
                    .position(|known| known.eq_ignore_ascii_case(symbol))?;
                let number = |text: &str| text.parse::<i32>().ok().filter(|v| v.abs() <= 100_000);
                let (mg, eg) = match value.split_once('/') {
                    Some((mg, eg)) => (number(mg)?, number(eg)?),
                    None => (number(value)?, number(value)?),
                };
                Some((kind, amity_engine::evaluation::s(mg, eg)))
            });
            match parsed {
                Some((kind, value)) => values[kind] = Some(value),
                None => {
                    self.bad(
                        entry,
                        "pieces of this game by symbol, each with a value or a middlegame and \
                         an endgame value (P:100 N:300/280)",
                    );
                    return vec![None; symbols.len()];
                }
            }
        }
        values
    }

    /// `amityConversion`: how persuasion is measured, where pieces convert.
    fn conversion(&mut self) -> Option<super::conversion::Measure> {
        use super::conversion::Measure;
        let entry = self.entry("amityConversion")?;
        match entry.value.as_str() {
            "count" => Some(Measure::Count),
            "value" => Some(Measure::Value),
            "average" => Some(Measure::Average),
            "none" => None,
            _ => {
                self.bad(entry, "count, value, average or none");
                None
            }
        }
    }

    /// `amityConversionValues` (`p:1 n:3 ...`): every kind's weight, where the measure is
    /// by value; nothing otherwise (the key is refused where it would mean nothing).
    fn conversion_values(
        &mut self,
        measure: Option<super::conversion::Measure>,
        kinds: usize,
        kind_of: &dyn Fn(char) -> Option<Kind>,
    ) -> Vec<u32> {
        use super::conversion::Measure;
        let by_value = matches!(measure, Some(Measure::Value | Measure::Average));
        let Some(entry) = self.entry("amityConversionValues") else {
            if by_value && let Some(conversion) = self.entry("amityConversion") {
                self.bad(
                    conversion,
                    "a measure by value without amityConversionValues",
                );
            }
            return Vec::new();
        };
        if !by_value {
            self.bad(entry, "of use without amityConversion = value or average");
            return Vec::new();
        }
        let mut values = vec![None; kinds];
        for pair in entry.value.split_whitespace() {
            let parsed = pair.split_once(':').and_then(|(letter, value)| {
                let mut letters = letter.chars();
                let kind = kind_of(letters.next()?).filter(|_| letters.next().is_none())?;
                Some((kind, value.parse::<u32>().ok().filter(|v| *v <= 1000)?))
            });
            match parsed {
                Some((kind, value)) if kind.index() < kinds => values[kind.index()] = Some(value),
                _ => {
                    self.bad(
                        entry,
                        "pairs of a piece letter and a value from 0 to 1000 (p:1 n:3)",
                    );
                    return Vec::new();
                }
            }
        }
        if values.iter().any(Option::is_none) {
            self.bad(entry, "a value for every piece of the game");
            return Vec::new();
        }
        values.into_iter().flatten().collect()
    }

    fn value(&mut self, key: &str, default: Option<GameValue>) -> Option<GameValue> {
        let Some(entry) = self.entry(key) else {
            return default;
        };
        match entry.value.as_str() {
            "win" => Some(GameValue::Win),
            "loss" => Some(GameValue::Loss),
            "draw" => Some(GameValue::Draw),
            "none" => None,
            _ => {
                self.bad(entry, "win, loss, draw or none");
                default
            }
        }
    }

    /// Piece letters (`nbrq`); `-` or nothing is none.
    fn kinds(&mut self, key: &str, kind_of: &dyn Fn(char) -> Option<Kind>) -> Option<Vec<Kind>> {
        let entry = self.entry(key)?;
        let mut kinds = Vec::new();
        for letter in entry
            .value
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
        {
            match kind_of(letter) {
                Some(kind) if !kinds.contains(&kind) => kinds.push(kind),
                Some(_) => {}
                None => {
                    self.bad(entry, "letters of pieces of this game");
                    return None;
                }
            }
        }
        Some(kinds)
    }

    /// Squares (`d4 e5`) and whole ranks (`*8`).
    fn squares(&mut self, key: &str, geometry: Geometry) -> Bitboard {
        let Some(entry) = self.entry(key) else {
            return Bitboard::EMPTY;
        };
        let mut set = Bitboard::EMPTY;
        for word in entry.value.split_whitespace() {
            let mut chars = word.chars();
            let file = chars.next();
            let rank = chars.as_str().parse::<u32>().ok();
            match (file, rank) {
                (Some('*'), Some(rank)) if (1..=geometry.ranks as u32).contains(&rank) => {
                    set |= Bitboard::from_rank(Rank::new(rank - 1)) & geometry.mask();
                }
                (Some(file @ 'a'..='h'), Some(rank))
                    if (file as u32 - 'a' as u32) < geometry.files as u32
                        && (1..=geometry.ranks as u32).contains(&rank) =>
                {
                    set.add(Square::from_coords(
                        File::new(file as u32 - 'a' as u32),
                        Rank::new(rank - 1),
                    ));
                }
                _ => {
                    self.bad(entry, "squares (d4) or ranks (*8) on the board");
                    return Bitboard::EMPTY;
                }
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::reader::read_sections;

    fn errors(text: &str) -> Vec<String> {
        let (sections, read) = read_sections(text.as_bytes());
        assert!(read.is_empty(), "{read:?}");
        match define(&sections[0].name, sections[0].line, &sections[0].entries) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn a_chess_section_reads_cleanly() {
        let text = "[c]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n\
                    promotionPieceTypes = qrbn\n";
        assert!(errors(text).is_empty(), "{:?}", errors(text));
    }

    #[test]
    fn each_bad_key_is_named_at_its_line() {
        let found = errors(
            "[c]\nking = k\nrook = r\nwibble = 3\ncustomPiece1 = a:pR\nmaxRank = 12\n\
             checking = maybe\nseirawanGating = true\nflagPiece = z\n",
        );
        assert_eq!(
            found,
            vec![
                "line 4: unknown key 'wibble'",
                "line 8: seirawanGating: not supported: Amity plays only 'false' so far",
                "line 6: maxRank: '12' is not a number of ranks from 1 to 8",
                "line 5: custom piece 1: bad Betza notation 'pR': modifier 'p' is not \
                 supported (supported: f b l r v s m c)",
                "line 7: checking: 'maybe' is not true or false",
                "line 9: flagPiece: 'z' is not the letter of a piece of this game",
            ]
        );
    }

    #[test]
    fn a_game_with_no_end_is_refused() {
        assert_eq!(
            errors("[c]\nrook = r\n"),
            vec![
                "line 1: missing king: no king, and no extinction, flag or stalemate rule to \
                 end the game"
            ]
        );
    }

    #[test]
    fn a_check_count_moves_behind_the_clocks() {
        assert_eq!(
            amity_fen("8/8/8/8/8/8/8/K6k w - - 3+3 0 1"),
            "8/8/8/8/8/8/8/K6k w - - 0 1 3+3"
        );
        assert_eq!(
            amity_fen("8/8/8/8/8/8/8/K6k w - - 3+3"),
            "8/8/8/8/8/8/8/K6k w - - 0 1 3+3"
        );
        assert_eq!(
            amity_fen("rbsgk/4p/5/P4/KGSBR[-] w 0 1"),
            "rbsgk/4p/5/P4/KGSBR[-] w - - 0 1"
        );
        // A running count, alone and with a check count; Amity's own FEN stays as it is.
        assert_eq!(
            amity_fen("8/8/8/4k3/8/8/8/R2K4 b - 32 5 40"),
            "8/8/8/4k3/8/8/8/R2K4 b - - 0 40 5/32"
        );
        assert_eq!(
            amity_fen("8/8/8/4k3/8/8/8/R2K4 b - 32 2+3 5 40"),
            "8/8/8/4k3/8/8/8/R2K4 b - - 0 40 5/32 2+3"
        );
        let own = "8/8/8/4k3/8/8/8/R2K4 b - - 0 40 5/32 2+3";
        assert_eq!(amity_fen(own), own);
    }
}
