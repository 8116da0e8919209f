//! A search thread's scratch space for the rules: the [`Scratch`] that the caller owns and
//! lends `&mut` to the rules' `_in` hooks ([`Rules::generate_in`](crate::Rules::generate_in)
//! and the others), where a variant keeps what it has worked out between calls (nodes,
//! played-out turns). The search keeps one per thread across searches and empties it with the
//! rest of what the thread learnt (a new game, `Clear Hash`); perft keeps one per count.
//!
//! The engine does not know what a variant keeps, so the scratch holds it type-erased; a
//! variant takes its own type out once per hook with [`Scratch::get`]. An associated type on
//! [`Rules`](crate::Rules) would spare that look-up, but every variant would then have to name
//! one (associated type defaults are not stable Rust); most variants keep nothing.

use std::any::{Any, TypeId};

/// What one thread keeps for the rules between their calls: empty until a variant puts
/// something in it.
#[derive(Default)]
pub struct Scratch {
    /// The type of what is kept, beside it: compared inline, it spares a call through the
    /// box's vtable on each look-up.
    kept: Option<(TypeId, Box<dyn Any + Send>)>,
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch")
            .field("empty", &self.is_empty())
            .finish()
    }
}

impl Scratch {
    /// An empty scratch.
    pub fn new() -> Scratch {
        Scratch::default()
    }

    /// The variant's own scratch of type `T`: made on first use, and made afresh when the
    /// scratch held another type (another variant searched with this thread before).
    /// Called once per rules hook: the look-up is inlined, the making kept apart.
    #[inline(always)]
    pub fn get<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !matches!(&self.kept, Some((id, _)) if *id == TypeId::of::<T>()) {
            self.make::<T>();
        }
        match &mut self.kept {
            // The safe downcast checks the type once more through the box's vtable; an
            // unchecked cast measured about 1% faster at perft, not worth `unsafe` here.
            Some((_, kept)) => match kept.downcast_mut::<T>() {
                Some(kept) => kept,
                None => unreachable!("the scratch was just made of this type"),
            },
            None => unreachable!("the scratch was just made of this type"),
        }
    }

    #[cold]
    #[inline(never)]
    fn make<T: Default + Send + 'static>(&mut self) {
        self.kept = Some((TypeId::of::<T>(), Box::new(T::default())));
    }

    /// Whether nothing is kept (fresh, or cleared).
    pub fn is_empty(&self) -> bool {
        self.kept.is_none()
    }

    /// Forgets what is kept.
    pub fn clear(&mut self) {
        self.kept = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_one_type_and_starts_again_for_another() {
        let mut scratch = Scratch::new();
        assert!(scratch.is_empty());
        *scratch.get::<u32>() = 7;
        assert_eq!(*scratch.get::<u32>(), 7);
        assert!(!scratch.is_empty());
        // Another variant's scratch replaces it, from its default.
        assert_eq!(*scratch.get::<u64>(), 0);
        assert_eq!(*scratch.get::<u32>(), 0);
        scratch.clear();
        assert!(scratch.is_empty());
    }
}
