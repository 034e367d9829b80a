//! The `Rules` methods every game answers with an inherent method of the same name.

/// Writes, inside `impl Rules for Game`, the methods a game answers with its own inherent
/// methods of the same name and signature: `apply_with`, `apply_unchecked`, `check`,
/// `legal_mask`, `apply_chance_with`, `sample_chance`, `resolve_chance`, `random_action`,
/// `chance_pending` (from `chance_step`), `next_seat`, `check_turn`, `is_over`, `players`,
/// `player_view`, `action_index` and `action_from_index` (from the action's `index` and
/// `from_index`), `chance_index` and `chance_from_index` (the same of the chance outcome),
/// `chance_outcomes`, `observation` (into the game's fixed-size observation array of
/// `observation_len` floats) and `sparse_observation`. What differs between games (configs, scores, reveals,
/// redaction) is written out beside it.
///
/// The game's inherent methods keep the names users call without importing the trait;
/// the trait reaches them here, in one place for every game.
#[macro_export]
macro_rules! rules_by_inherent_methods {
    (observation_len = $len:expr) => {
        #[inline]
        fn apply_with<S: $crate::EventSink<Self::Event> + ?Sized>(
            &mut self,
            seat: $crate::Seat,
            action: Self::Action,
            sink: &mut S,
        ) -> ::core::result::Result<(), Self::IllegalAction> {
            Self::apply_with(self, seat, action, sink)
        }

        #[inline]
        fn apply_unchecked(&mut self, seat: $crate::Seat, action: Self::Action) {
            Self::apply_unchecked(self, seat, action);
        }

        #[inline]
        fn check(
            &self,
            seat: $crate::Seat,
            action: Self::Action,
        ) -> ::core::result::Result<(), Self::IllegalAction> {
            Self::check(self, seat, action)
        }

        #[inline]
        fn legal_mask(&self, seat: $crate::Seat) -> Self::ActionMask {
            Self::legal_mask(self, seat)
        }

        #[inline]
        fn apply_chance_with<S: $crate::EventSink<Self::Event> + ?Sized>(
            &mut self,
            outcome: Self::ChanceOutcome,
            sink: &mut S,
        ) -> ::core::result::Result<(), Self::IllegalChance> {
            Self::apply_chance_with(self, outcome, sink)
        }

        #[inline]
        fn sample_chance<R: $crate::rand_core::Rng + ?Sized>(
            &self,
            rng: &mut R,
        ) -> ::core::option::Option<Self::ChanceOutcome> {
            Self::sample_chance(self, rng)
        }

        #[inline]
        fn resolve_chance<R, S>(&mut self, rng: &mut R, sink: &mut S)
        where
            R: $crate::rand_core::Rng + ?Sized,
            S: $crate::EventSink<Self::Event> + ?Sized,
        {
            Self::resolve_chance(self, rng, sink);
        }

        #[inline]
        fn random_action<R: $crate::rand_core::Rng + ?Sized>(
            &self,
            rng: &mut R,
        ) -> ::core::option::Option<($crate::Seat, Self::Action)> {
            Self::random_action(self, rng)
        }

        #[inline]
        fn chance_pending(&self) -> bool {
            self.chance_step().is_some()
        }

        #[inline]
        fn next_seat(&self) -> ::core::option::Option<$crate::Seat> {
            Self::next_seat(self)
        }

        #[inline]
        fn check_turn(
            &self,
            seat: $crate::Seat,
        ) -> ::core::result::Result<(), Self::IllegalReason> {
            Self::check_turn(self, seat)
        }

        #[inline]
        fn is_over(&self) -> bool {
            Self::is_over(self)
        }

        #[inline]
        fn players(&self) -> usize {
            Self::players(self)
        }

        #[inline]
        fn player_view(&self, seat: $crate::Seat) -> Self::View {
            Self::player_view(self, seat)
        }

        #[inline]
        fn action_index(action: Self::Action) -> usize {
            action.index()
        }

        #[inline]
        fn action_from_index(index: usize) -> ::core::option::Option<Self::Action> {
            <Self::Action>::from_index(index).ok()
        }

        #[inline]
        fn chance_index(outcome: Self::ChanceOutcome) -> usize {
            outcome.index()
        }

        #[inline]
        fn chance_from_index(index: usize) -> ::core::option::Option<Self::ChanceOutcome> {
            <Self::ChanceOutcome>::from_index(index)
        }

        #[inline]
        fn chance_outcomes(&self) -> Self::ChanceOutcomes {
            Self::chance_outcomes(self)
        }

        fn observation(
            &self,
            seat: $crate::Seat,
            out: &mut [f32],
        ) -> ::core::result::Result<(), $crate::ObservationLenError> {
            let found = out.len();
            let error = $crate::ObservationLenError {
                expected: $len,
                found,
            };
            let out = <&mut [f32; $len]>::try_from(out).map_err(|_| error)?;
            Self::observation(self, seat, out);
            Ok(())
        }

        #[inline]
        fn sparse_observation(
            &self,
            seat: $crate::Seat,
            out: &mut $crate::SparseObservation,
        ) -> bool {
            Self::sparse_observation(self, seat, out);
            true
        }
    };
}
