//! The chess evaluation weights, in the layout of [`super::evaluation`]: until `amity tune
//! --variant chess --write` replaces this file with fitted values, exactly the standard
//! evaluation's weights.

use amity_engine::evaluation::Tapered;

use super::evaluation::{COUNT, from_standard};

/// Every weight, middlegame and endgame.
pub const WEIGHTS: [Tapered; COUNT] = from_standard(&crate::evaluation::WEIGHTS);
