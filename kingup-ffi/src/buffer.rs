//! Reading caller pointers and filling caller-owned buffers.
//!
//! Every access to caller memory goes through these helpers, so the pointer rules of the
//! C API (documented in `docs/c-api.md`) are enforced in one place:
//!
//! - a pointer is checked (NULL, alignment for its type, the length of what it points to)
//!   when it is wrapped, and every entry point wraps all its pointers before it computes
//!   or changes anything, so a bad pointer is refused while nothing has happened yet;
//! - a pointer that is not aligned for its type (`uint32_t`, `size_t`, `float`, `double`, a
//!   struct, a handle) is refused with `KINGUP_STATUS_INVALID_ARGUMENT` and reason
//!   `misaligned`: reading or writing through it would be undefined behaviour, and Rust's
//!   debug checks would abort the caller's process. Byte buffers (`char`, `uint8_t`) have
//!   no requirement;
//! - output is copied with `ptr::copy_nonoverlapping` rather than through Rust references,
//!   so caller buffers may be uninitialized.

use std::ffi::c_char;
use std::ptr::{self, NonNull};

use crate::error::{Error, KingupStatus, Result, reason};

/// Refuses `ptr` unless it is aligned for `T` (NULL is aligned: callers check it apart).
/// `name` is the parameter's name, for the message.
pub(crate) fn aligned<T>(ptr: *const T, name: &str) -> Result {
    if ptr.is_aligned() {
        return Ok(());
    }
    Err(Error::invalid(
        reason::MISALIGNED,
        format_args!(
            "{name} is misaligned: address {ptr:p} is not a multiple of {}, the alignment of \
             its type",
            align_of::<T>()
        ),
    ))
}

/// Reads the caller's value behind `ptr`, an input parameter named `name`.
///
/// # Safety
///
/// `ptr` must be NULL or valid for a read of `T`.
pub(crate) unsafe fn read_in<T: Copy>(ptr: *const T, name: &str) -> Result<T> {
    if ptr.is_null() {
        return Err(Error::null(name));
    }
    aligned(ptr, name)?;
    // SAFETY: not NULL, aligned (both checked above) and valid for a read (the caller's
    // contract). `T: Copy` holds no ownership, so a bitwise read is a plain copy.
    Ok(unsafe { ptr.read() })
}

/// A checked out-parameter: not NULL and aligned for `T`. Wrap every out-parameter of a
/// call before doing anything else; the writes come last, once nothing can fail.
#[derive(Debug)]
pub(crate) struct Out<T> {
    ptr: NonNull<T>,
}

impl<T> Out<T> {
    /// Checks the caller's out-parameter `ptr`, named `name` in the error message.
    ///
    /// # Safety
    ///
    /// `ptr` must be NULL or valid for writes of `T` for as long as the `Out` lives (the
    /// call it was passed to).
    pub(crate) unsafe fn new(ptr: *mut T, name: &str) -> Result<Out<T>> {
        let ptr = NonNull::new(ptr).ok_or_else(|| Error::null(name))?;
        aligned(ptr.as_ptr(), name)?;
        Ok(Out { ptr })
    }

    /// Writes `value` through the out-parameter.
    pub(crate) fn write(&self, value: T) {
        // SAFETY: not NULL and aligned (checked by `new`), valid for writes of `T` during
        // the call (the contract of `new`); a raw write, so the target may be
        // uninitialized and no reference to caller memory is formed.
        unsafe { self.ptr.as_ptr().write(value) }
    }
}

/// A checked caller array of `cap` elements: NULL only when `cap` is 0, aligned for `T`.
#[derive(Debug)]
pub(crate) struct OutArray<T> {
    dst: *mut T,
    cap: usize,
}

impl<T: Copy> OutArray<T> {
    /// Checks the caller's array `dst` of `cap` elements, named `name` in the message.
    ///
    /// # Safety
    ///
    /// `dst` must be NULL or valid for writes of `cap` elements of `T` for as long as the
    /// `OutArray` lives (the call it was passed to).
    pub(crate) unsafe fn new(dst: *mut T, cap: usize, name: &str) -> Result<OutArray<T>> {
        if dst.is_null() && cap > 0 {
            // NULL is how a caller asks for the size only, with capacity 0; a NULL buffer
            // said to hold elements is a mistake, caught before anything is written.
            return Err(Error::null(name));
        }
        aligned(dst, name)?;
        Ok(OutArray { dst, cap })
    }

    /// `BufferTooSmall` unless `len` elements fit.
    pub(crate) fn holds(&self, len: usize) -> Result {
        if len <= self.cap {
            return Ok(());
        }
        Err(Error::new(
            KingupStatus::BufferTooSmall,
            reason::BUFFER_TOO_SMALL,
            format_args!("the buffer holds {} elements, {len} are needed", self.cap),
        ))
    }

    /// Copies `src` into the array; nothing if it does not fit (see [`OutArray::holds`]).
    pub(crate) fn copy(&self, src: &[T]) {
        if src.is_empty() || src.len() > self.cap {
            return;
        }
        // SAFETY: `dst` is not NULL (`cap >= src.len() > 0`, and `new` refused NULL with a
        // capacity), aligned (checked by `new`) and valid for `cap >= src.len()` writes (the
        // contract of `new`); it cannot overlap `src`, which is memory this library owns.
        unsafe { ptr::copy_nonoverlapping(src.as_ptr(), self.dst, src.len()) };
    }
}

/// A checked list output: the caller's array and its `out_len`.
#[derive(Debug)]
pub(crate) struct OutList<T> {
    array: OutArray<T>,
    len: Out<usize>,
}

impl<T: Copy> OutList<T> {
    /// Checks the caller's buffer `dst` of `cap` elements and its length out-parameter.
    ///
    /// # Safety
    ///
    /// `dst` must be NULL or valid for writes of `cap` elements of `T`; `out_len` NULL or
    /// valid for a write; both for as long as the `OutList` lives (the call).
    pub(crate) unsafe fn new(dst: *mut T, cap: usize, out_len: *mut usize) -> Result<OutList<T>> {
        // SAFETY: forwarded from this function's contract.
        let len = unsafe { Out::new(out_len, "out_len") }?;
        // SAFETY: forwarded from this function's contract.
        let array = unsafe { OutArray::new(dst, cap, "the output buffer") }?;
        Ok(OutList { array, len })
    }

    /// Copies `src` into the buffer and its length into `*out_len`.
    ///
    /// `*out_len` always receives `src.len()`, so a caller can ask for the size with
    /// `dst = NULL, cap = 0`. A buffer shorter than `src` gets
    /// `KINGUP_STATUS_BUFFER_TOO_SMALL` and is left untouched.
    pub(crate) fn fill(self, src: &[T]) -> Result {
        self.len.write(src.len());
        self.array.holds(src.len())?;
        self.array.copy(src);
        Ok(())
    }
}

/// Copies `text` into the caller's buffer as NUL-terminated UTF-8; `*out_len` receives the
/// bytes needed, NUL included.
pub(crate) fn fill_str(out: OutList<c_char>, text: &str) -> Result {
    let mut bytes = Vec::with_capacity(text.len() + 1);
    bytes.extend(text.bytes().map(|b| b as c_char));
    bytes.push(0);
    out.fill(&bytes)
}

/// Borrows the caller's UTF-8 text of `len` bytes (no NUL needed), named `what` in
/// messages. A text longer than `max` bytes is refused before a byte of it is read
/// (`KINGUP_STATUS_PARSE_ERROR`, reason `too_long`), so the caller's length is never
/// trusted further than the limit of the call.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes that stay unchanged for `'a`.
pub(crate) unsafe fn str_in<'a>(
    text: *const c_char,
    len: usize,
    max: usize,
    what: &str,
) -> Result<&'a str> {
    if text.is_null() {
        return Err(Error::null(what));
    }
    if len > max {
        return Err(Error::parse(
            reason::TOO_LONG,
            format_args!("the {what} is {len} bytes long; at most {max} are read"),
        ));
    }
    // `max` is one of the ABI's limits, all far below `isize::MAX`.
    debug_assert!(max <= isize::MAX as usize);
    // SAFETY: not NULL, `len <= max <= isize::MAX`, and the caller guarantees `len`
    // readable bytes that do not change while borrowed; bytes need no alignment.
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
    std::str::from_utf8(bytes).map_err(|e| {
        Error::parse(
            reason::INVALID_UTF8,
            format_args!("the {what} is not UTF-8: {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list<T: Copy>(dst: *mut T, cap: usize, len: &mut usize) -> Result<OutList<T>> {
        // SAFETY: the tests pass NULL or buffers of at least `cap` elements, and a live
        // length.
        unsafe { OutList::new(dst, cap, len) }
    }

    #[test]
    fn fill_reports_the_size_needed_and_leaves_short_buffers_alone() {
        let mut buf = [7u32; 2];
        let mut len = 0;
        let err = list(buf.as_mut_ptr(), 2, &mut len)
            .unwrap()
            .fill(&[1, 2, 3])
            .unwrap_err();
        assert_eq!(err.status(), KingupStatus::BufferTooSmall);
        assert_eq!(err.reason(), "buffer_too_small");
        assert_eq!((len, buf), (3, [7, 7]));
        // A NULL buffer with capacity 0 is a size query.
        let err = list::<u32>(ptr::null_mut(), 0, &mut len)
            .unwrap()
            .fill(&[1, 2, 3])
            .unwrap_err();
        assert_eq!(err.status(), KingupStatus::BufferTooSmall);
        // The source is empty, so nothing is written.
        list::<u32>(ptr::null_mut(), 0, &mut len)
            .unwrap()
            .fill(&[])
            .unwrap();
        assert_eq!(len, 0);
    }

    #[test]
    fn null_buffers_with_a_capacity_and_misaligned_ones_are_refused_unwritten() {
        let mut len = 99;
        let err = list::<u32>(ptr::null_mut(), 4, &mut len).unwrap_err();
        assert_eq!(err.reason(), "null_argument");
        let mut words = [0u64; 2];
        let odd = words
            .as_mut_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<u32>();
        let err = list(odd, 2, &mut len).unwrap_err();
        assert_eq!(
            (err.status(), err.reason()),
            (KingupStatus::InvalidArgument, "misaligned")
        );
        assert_eq!((len, words), (99, [0, 0]), "nothing is written");
        let odd_len = words
            .as_mut_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<usize>();
        // SAFETY: refused before any write.
        let err = unsafe { Out::new(odd_len, "out") }.unwrap_err();
        assert_eq!(err.reason(), "misaligned");
        // Bytes have no alignment.
        let mut bytes = [0 as c_char; 4];
        list(bytes.as_mut_ptr().wrapping_add(1), 3, &mut len).unwrap();
    }

    #[test]
    fn text_must_be_utf8_and_short_enough() {
        let bad = [0xffu8 as c_char, b'a' as c_char];
        // SAFETY: `bad` holds 2 bytes.
        let err = unsafe { str_in(bad.as_ptr(), 2, 10, "text") }.unwrap_err();
        assert_eq!(err.status(), KingupStatus::ParseError);
        assert_eq!(err.reason(), "invalid_utf8");
        // SAFETY: a NULL pointer is rejected before any read.
        let err = unsafe { str_in(ptr::null(), 0, 10, "text") }.unwrap_err();
        assert_eq!(err.status(), KingupStatus::NullArgument);
        assert_eq!(err.reason(), "null_argument");
        // SAFETY: over the limit: refused before any read, whatever the length claims.
        let err = unsafe { str_in(bad.as_ptr(), usize::MAX, 10, "text") }.unwrap_err();
        assert_eq!(
            (err.status(), err.reason()),
            (KingupStatus::ParseError, "too_long")
        );
    }
}
