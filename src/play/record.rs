//! The `amity play` table's games as PGN: `save FILE` writes the game so far (the seats'
//! players, the start when it is not the game's own, every decision in SAN), `load FILE`
//! replays the first game of a file under the table's rules.

use amity_engine::{Color, Game, RulesExt};
use amity_match::notation;
use amity_match::pgn::{self, PgnGame, PgnMove};
use amity_variants::Variant;

use super::Table;

impl<R: Variant> Table<'_, R> {
    pub(super) fn save(&self, path: &str) {
        match std::fs::write(path, self.record().to_pgn()) {
            Ok(()) => println!("Saved to {path}."),
            Err(error) => println!("Cannot save to {path}: {error}"),
        }
    }

    pub(super) fn load(&mut self, path: &str) {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => return println!("Cannot read {path}: {error}"),
        };
        let record = match pgn::read_games(&text) {
            Ok(games) if !games.is_empty() => games[0].clone(),
            Ok(_) => return println!("No game in {path}."),
            Err(error) => return println!("Cannot read {path}: {error}"),
        };
        let name = self.rules().name();
        if pgn::variant_of(&record) != name {
            return println!(
                "{path} is a game of {}; this is {name} (start with --variant).",
                pgn::variant_of(&record),
            );
        }
        let rules = self.rules().clone();
        let mut game = match record.tag("FEN") {
            Some(fen) => match Game::from_fen(rules, fen) {
                Ok(game) => game,
                Err(error) => return println!("Bad FEN in {path}: {error}"),
            },
            None => Game::new(rules),
        };
        for (ply, mv) in record.moves.iter().enumerate() {
            if let Err(error) = pgn::play_turn(&mut game, &mv.text) {
                return println!("{path}: ply {}: {error}", ply + 1);
            }
        }
        self.game = game;
        self.typed.clear();
        self.forget_turn();
        println!("Loaded {} decision(s) from {path}.", record.moves.len());
        self.show_board();
    }

    /// The game so far as a PGN record.
    fn record(&self) -> PgnGame {
        let rules = self.rules();
        let name = |color: Color| {
            let person = rules
                .seats()
                .iter()
                .zip(&self.held)
                .any(|(seat, held)| *held && seat.side == color);
            if person { "Human" } else { "Amity" }
        };
        let mut record = PgnGame::default();
        record.set_tag("Event", "Amity play");
        record.set_tag("Site", "amity play");
        record.set_tag("White", name(Color::White));
        record.set_tag("Black", name(Color::Black));
        let result = self.game.outcome().map_or("*", |o| o.result());
        record.set_tag("Result", result);
        record.set_tag("Variant", rules.name());
        let start = self.game.start_position().to_fen(rules);
        if start != rules.start_fen() {
            record.set_tag("SetUp", "1");
            record.set_tag("FEN", start);
        }
        let mut pos = self.game.start_position().clone();
        for mv in self.game.moves() {
            record.moves.push(PgnMove {
                number: pos.fullmoves(),
                black: pos.turn() == Color::Black,
                text: notation::san(rules, &pos, *mv),
                comment: None,
            });
            rules.play(&mut pos, *mv);
        }
        record.final_comment = self.game.outcome().map(|o| o.reason());
        record.result = result.to_string();
        record
    }
}
