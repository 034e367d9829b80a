//! Observation tensors: a game's fixed-length `f32` encoding of one seat's view, laid out
//! as named fields.

use core::ops::Range;

/// An observation's layout: its fields in order, each a name and a number of floats.
pub type Layout = [(&'static str, usize)];

/// The length of an observation laid out as `fields`: the sum of their lengths.
///
/// ```
/// use kingup_table::{observation_field, observation_len};
///
/// const FIELDS: [(&str, usize); 2] = [("players", 4), ("scores", 6)];
/// const LEN: usize = observation_len(&FIELDS);
/// assert_eq!(LEN, 10);
/// assert_eq!(observation_field(&FIELDS, "scores"), Some(4..10));
/// assert_eq!(observation_field(&FIELDS, "secrets"), None);
/// ```
pub const fn observation_len(fields: &Layout) -> usize {
    let mut len = 0;
    let mut i = 0;
    while i < fields.len() {
        len += fields[i].1;
        i += 1;
    }
    len
}

/// Where each of `fields` starts: the running sums of their lengths (an encoder's
/// offsets, as constants).
///
/// ```
/// use kingup_table::field_starts;
///
/// const STARTS: [usize; 3] = field_starts(&[("players", 4), ("scores", 6), ("end", 1)]);
/// assert_eq!(STARTS, [0, 4, 10]);
/// ```
pub const fn field_starts<const N: usize>(fields: &[(&str, usize); N]) -> [usize; N] {
    let mut starts = [0; N];
    let mut i = 1;
    while i < N {
        starts[i] = starts[i - 1] + fields[i - 1].1;
        i += 1;
    }
    starts
}

/// The index range of the field called `name` in an observation laid out as `fields`, if
/// there is one.
pub fn observation_field(fields: &Layout, name: &str) -> Option<Range<usize>> {
    let mut start = 0;
    for &(field, len) in fields {
        if field == name {
            return Some(start..start + len);
        }
        start += len;
    }
    None
}

/// An observation buffer of the wrong length: nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an observation is {expected} floats long, not {found}")]
pub struct ObservationLenError {
    /// The game's observation length.
    pub expected: usize,
    /// The buffer's length.
    pub found: usize,
}

/// Hands out an observation buffer's fields in order, each as its slice, so an encoder
/// writes field after field without computing offsets.
#[derive(Debug)]
pub struct Fields<'a> {
    rest: &'a mut [f32],
    layout: &'static Layout,
    next: usize,
}

impl<'a> Fields<'a> {
    /// The fields of `out`, laid out as `layout`.
    pub fn new(out: &'a mut [f32], layout: &'static Layout) -> Fields<'a> {
        Fields {
            rest: out,
            layout,
            next: 0,
        }
    }

    /// The next field's slice (empty once the layout or the buffer is exhausted).
    #[allow(clippy::should_implement_trait)] // Each field borrows the buffer for 'a.
    pub fn next(&mut self) -> &'a mut [f32] {
        let len = self.layout.get(self.next).map_or(0, |&(_, len)| len);
        self.next += 1;
        let rest = core::mem::take(&mut self.rest);
        let (field, rest) = rest.split_at_mut(len.min(rest.len()));
        self.rest = rest;
        field
    }
}
