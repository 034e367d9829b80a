//! Where a game writes the events of a move.

use arrayvec::ArrayVec;

/// Receives the events a game emits as it applies a move, in order. Both games write
/// through it; `()` discards them, a `Vec` or an `ArrayVec` keeps them.
///
/// ```
/// use kingup_table::EventSink;
///
/// let mut log: Vec<&str> = Vec::new();
/// log.push("placed");
/// EventSink::push(&mut (), "ignored");
/// assert_eq!(log, ["placed"]);
/// ```
pub trait EventSink<E> {
    /// Receives the next event.
    fn push(&mut self, event: E);

    /// Whether every event pushed is thrown away, so a game may skip working out an
    /// event's contents (`()` says so; a sink that keeps events must not).
    #[inline]
    fn discards(&self) -> bool {
        false
    }
}

impl<E> EventSink<E> for () {
    #[inline]
    fn push(&mut self, _: E) {}

    #[inline]
    fn discards(&self) -> bool {
        true
    }
}

impl<E, const N: usize> EventSink<E> for ArrayVec<E, N> {
    #[inline]
    fn push(&mut self, event: E) {
        // Each game proves its per-move capacity; an overflow would drop the event, never
        // panic.
        let _ = self.try_push(event);
    }
}

#[cfg(feature = "alloc")]
impl<E> EventSink<E> for alloc::vec::Vec<E> {
    #[inline]
    fn push(&mut self, event: E) {
        alloc::vec::Vec::push(self, event);
    }
}
