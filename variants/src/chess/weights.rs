//! The chess evaluation weights, in the layout of [`super::evaluation`]: exactly the standard
//! evaluation's weights, until `amity tune --variant chess --write` replaces this file with
//! fitted values.
//!
//! Why not fitted yet: a fit to 2,000 games of self-play beat these weights in self-play at
//! fixed nodes but played clearly worse against Stockfish, which is the measure that counts.
//! A fit must be checked against an outside engine before it replaces these.

use amity_engine::evaluation::Tapered;

use super::evaluation::{COUNT, from_standard};

/// Every weight, middlegame and endgame.
pub const WEIGHTS: [Tapered; COUNT] = from_standard(&crate::evaluation::WEIGHTS);
