//! `amity play --variant chesswords`: a person and Amity as partners at the Secret Chesswords
//! table. Clues go both ways in English: the person types `word:<word> <clue>` (the word stays
//! secret, Amity hears the clue) or says letters; Amity clues its wanted move with a WordNet
//! clue the person reads, or says letters when it finds none.

use std::io::BufRead;
use std::path::Path;

use amity_engine::{Color, Game, Move, MoveList, Notation, Position, Rules, RulesExt};
use amity_variants::chesswords::partner;
use amity_variants::chesswords::score::{FinalClues, final_score};
use amity_variants::chesswords::wordnet::{DEBIAN_WORDNET, WordNet};
use amity_variants::chesswords::{self, Chesswords, Decision, Stage, letters::letter_char};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// What the table needs to know.
pub struct TableSettings {
    /// The person's seat.
    pub person: Color,
    pub seed: u64,
    pub fen: Option<String>,
    pub word_file: Option<String>,
    pub wordnet: Option<String>,
}

/// Runs the table on standard input and output; the exit code.
pub fn run(settings: &TableSettings) -> i32 {
    let stdin = std::io::stdin();
    run_with(settings, &mut stdin.lock())
}

fn run_with(settings: &TableSettings, input: &mut dyn BufRead) -> i32 {
    let rules = match &settings.word_file {
        Some(path) => Chesswords::with_word_file(path),
        None => Chesswords::default(),
    };
    let start = match &settings.fen {
        Some(fen) => match Position::from_fen(&rules, fen) {
            Ok(pos) => pos,
            Err(error) => {
                eprintln!("error: {error}");
                return 2;
            }
        },
        None => match rules.deal(&mut StdRng::seed_from_u64(settings.seed)) {
            Some(pos) => pos,
            None => {
                eprintln!("error: no deal");
                return 2;
            }
        },
    };
    let wordnet_dir = settings.wordnet.as_deref().unwrap_or(DEBIAN_WORDNET);
    let wordnet = match WordNet::load(Path::new(wordnet_dir)) {
        Ok(wordnet) => Some(wordnet),
        Err(error) => {
            println!("Amity cannot read WordNet ({error}); it will say letters instead of clues.");
            None
        }
    };
    let mut game = match Game::from_fen(rules.clone(), &start.to_fen(&rules)) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("error: {error}");
            return 2;
        }
    };
    let person = settings.person;
    println!(
        "Secret Chesswords: you play {}, Amity plays {}. Type 'help' for how to clue.",
        side(person),
        side(!person)
    );
    // The English clue the mover hears this turn, if any.
    let mut heard: Option<String> = None;
    // Amity's clues with their secret words, told when the table closes.
    let mut secrets: Vec<String> = Vec::new();
    let reveal = |secrets: &Vec<String>| {
        if !secrets.is_empty() {
            println!("Amity's secret words: {}", secrets.join(", "));
        }
    };
    loop {
        let pos = game.position().clone();
        if let Some(why) = rules.end_reason(&pos) {
            show(&rules, &rules.view(&pos, person));
            let account = final_score(
                rules.lexicon(),
                &pos,
                FinalClues {
                    spelled: 2,
                    missed: 0,
                },
            );
            println!("Game over: {why}.");
            reveal(&secrets);
            println!(
                "Letters: {}; best pair: {}; each player {}, penalties {} (final words spelled), team score {}, grade {}.",
                if account.letters.is_empty() {
                    "-"
                } else {
                    &account.letters
                },
                account
                    .pair
                    .as_ref()
                    .map_or("none".to_string(), |p| format!("{} {}", p.first, p.second)),
                account.player,
                account.penalties,
                account.team,
                account.grade
            );
            return 0;
        }
        if pos.turn() == person {
            show(&rules, &rules.view(&pos, person));
            if let Some(text) = &heard {
                println!("Amity's clue: \"{text}\"");
            }
            println!("{}", prompt(&pos));
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    reveal(&secrets);
                    return 0;
                }
                Ok(_) => {}
            }
            let line = line.trim();
            match line {
                "" => continue,
                "quit" => {
                    reveal(&secrets);
                    return 0;
                }
                "help" => {
                    print_help();
                    continue;
                }
                "moves" => {
                    let moves = game.legal_moves();
                    let tokens: Vec<String> =
                        moves.iter().map(|mv| rules.format_move(*mv)).collect();
                    println!("{}", tokens.join(" "));
                    continue;
                }
                _ => {}
            }
            let (token, clue) = line.split_once(' ').unwrap_or((line, ""));
            match game.play_token(token) {
                Ok(_) => {
                    heard = None;
                    if token.starts_with("word:") {
                        heard = Some(clue.trim().to_string()).filter(|c| !c.is_empty());
                        if heard.is_none() {
                            println!("(No clue text: Amity will play as after a pass.)");
                        }
                    }
                }
                Err(error) => println!("error: {error}; try again ('moves' lists them)"),
            }
            continue;
        }
        // Amity's decision, from its view alone.
        let view = rules.view(&pos, !person);
        let (mv, token, said) = amity_decides(&rules, wordnet.as_ref(), &view, heard.take());
        if mv.is_null() {
            println!("Amity finds no decision.");
            return 1;
        }
        if let Err(error) = game.play_token(&token) {
            println!("Amity's decision {token} was refused: {error}");
            return 1;
        }
        println!("Amity: {said}");
        if let Decision::Word(..) = Decision::of(mv) {
            // The person moves next and reads the clue; the word stays secret until the end.
            heard = said
                .split_once('"')
                .and_then(|(_, rest)| rest.rsplit_once('"'))
                .map(|(text, _)| text.to_string());
            if let (Some(text), Some(word)) = (&heard, token.strip_prefix("word:")) {
                secrets.push(format!("\"{text}\" for {word}"));
            }
        }
    }
}

/// Amity's decision, the token to play (a word clue with its secret word) and what it says.
fn amity_decides(
    rules: &Chesswords,
    wordnet: Option<&WordNet>,
    view: &Position<Chesswords>,
    heard: Option<String>,
) -> (Move, String, String) {
    let state = &view.state;
    match state.stage {
        Stage::Clue => {
            let plan = partner::clue_plan(rules, view, false);
            let pair = match Decision::of(plan.decision) {
                Decision::Say(first, last) | Decision::Word(first, last) => Some((first, last)),
                _ => None,
            };
            let Some((first, last)) = pair else {
                return (plan.decision, "pass".into(), "I pass.".into());
            };
            // A person does not play Amity's unclued move, so every clue is a real one.
            let plan = partner::CluePlan {
                decision: chesswords::say_decision(first, last),
                wanted: plan.wanted,
            };
            if let Some(spoken) =
                wordnet.and_then(|wordnet| partner::english_clue(rules, wordnet, view, &plan, true))
            {
                let mv = chesswords::word_decision(first, last);
                let said = format!(
                    "my clue is \"{}\" ({}).",
                    spoken.clue.text, spoken.clue.kind
                );
                return (mv, format!("word:{}", spoken.word), said);
            }
            let said = format!(
                "I say the letters {} and {} (one penalty point).",
                letter_char(first),
                letter_char(last)
            );
            (plan.decision, rules.format_move(plan.decision), said)
        }
        Stage::MoveWord(_) => {
            let found = match (wordnet, &heard) {
                (Some(wordnet), Some(text)) => partner::move_from_clue(rules, wordnet, view, text),
                _ => (None, None),
            };
            match found {
                (Some(mv), Some(word)) => (
                    mv,
                    rules.format_move(mv),
                    format!(
                        "I guess your word is '{word}' and play {}.",
                        rules.format_move(mv)
                    ),
                ),
                _ => {
                    let mv = partner::unclued_move(view);
                    let about = heard.map_or("no clue".to_string(), |t| format!("\"{t}\""));
                    (
                        mv,
                        rules.format_move(mv),
                        format!(
                            "I find no good match for {about}; I play {} as I see fit.",
                            rules.format_move(mv)
                        ),
                    )
                }
            }
        }
        _ => {
            let mv = partner::decide(rules, view, false).unwrap_or(Move::NULL);
            let token = rules.format_move(mv);
            (mv, token.clone(), format!("{token}."))
        }
    }
}

fn side(color: Color) -> &'static str {
    if color == Color::White {
        "White"
    } else {
        "Black"
    }
}

fn prompt(pos: &Position<Chesswords>) -> String {
    match pos.state.stage {
        Stage::Clue => "Your clue (word:<word> <clue>, say:<xy>, pass):".into(),
        Stage::Discard { .. } => "Discard (discard:<card>) or keep:".into(),
        _ => "Your move (e.g. b1c3):".into(),
    }
}

/// The board as the person sees it: each square's piece (or `.`, `#` for a checker) beside
/// its letter, then the hands, stack and stage.
fn show(rules: &Chesswords, view: &Position<Chesswords>) {
    let state = &view.state;
    println!();
    for rank in (0..6u32).rev() {
        let mut row = format!("{} ", rank + 1);
        for file in 0..6u32 {
            let square = amity_engine::Square::from_coords(
                amity_engine::File::new(file),
                amity_engine::Rank::new(rank),
            );
            let mark = match view.piece_at(square) {
                Some(piece) => {
                    let symbol = rules.pieces()[piece.kind.index()].symbol;
                    if piece.color == Color::White {
                        symbol.to_string()
                    } else {
                        symbol.to_lowercase()
                    }
                }
                None if state.checkers.contains(square) => "#".into(),
                None => ".".into(),
            };
            row.push_str(&format!(" {mark}{}", letter_char(state.letter(square))));
        }
        println!("{row}");
    }
    println!("   a  b  c  d  e  f");
    let mut legal = MoveList::new();
    rules.generate(view, &mut legal);
    println!(
        "Hands: White {} / Black {}; stack {}; letters {}; penalties {}; stage {}",
        list(&state.hands[0].to_string()),
        list(&state.hands[1].to_string()),
        list(&state.stack.to_string()),
        list(
            &state
                .collected()
                .iter()
                .map(|l| letter_char(*l))
                .collect::<String>()
        ),
        state.penalties,
        view.to_fen(rules).rsplit(':').next().unwrap_or("")
    );
}

fn list(text: &str) -> String {
    if text.is_empty() {
        "-".into()
    } else {
        text.into()
    }
}

fn print_help() {
    println!(
        "Each turn the clue giver clues a move of the mover through the letters of its squares:\n\
         word:<word> <clue>  a secret word starting with the from-square's letter and ending\n\
                             with the to-square's; Amity hears only the clue (e.g. word:oven stove)\n\
         say:<xy>            the two letters themselves (one penalty point)\n\
         pass                no clue (two passes in succession end the game)\n\
         The mover then moves (b1c3, a5a6q); after a capture the captured side may discard an\n\
         eligible card (discard:N) or keep. Also: moves, help, quit."
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_fen_is_an_error() {
        let settings = TableSettings {
            person: Color::White,
            seed: 1,
            fen: Some("not a fen".into()),
            word_file: None,
            wordnet: None,
        };
        let mut input: &[u8] = b"";
        assert_eq!(run_with(&settings, &mut input), 2);
    }
}
