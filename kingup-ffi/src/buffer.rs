//! Reading caller pointers and filling caller-owned buffers.
//!
//! Every access to caller memory goes through these helpers, so the pointer rules of the
//! C API (documented in `docs/c-api.md`) are enforced in one place. Output is copied with
//! `ptr::copy_nonoverlapping` rather than through Rust references, so caller buffers may
//! be uninitialized.

use std::ffi::c_char;
use std::ptr;

use crate::error::{Error, KingupStatus, Result, reason};

/// Writes `value` through the out-pointer `out`, named `name` in the error message.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of `T` (aligned, not aliased by a live Rust
/// reference).
pub(crate) unsafe fn write_out<T>(out: *mut T, name: &str, value: T) -> Result {
    if out.is_null() {
        return Err(Error::null(name));
    }
    // SAFETY: `out` is not NULL and the caller guarantees it is valid for a write.
    unsafe { out.write(value) };
    Ok(())
}

/// Copies `src` into the caller's buffer `dst` of `cap` elements and its length into
/// `*out_len`.
///
/// `*out_len` always receives `src.len()`, so a caller can ask for the size with
/// `dst = NULL, cap = 0`. A buffer shorter than `src` gets `KINGUP_STATUS_BUFFER_TOO_SMALL`
/// and is left untouched.
///
/// # Safety
///
/// `dst` must be NULL or valid for writes of `cap` elements of `T`; `out_len` must be NULL
/// or valid for a write.
pub(crate) unsafe fn copy_out<T: Copy>(
    src: &[T],
    dst: *mut T,
    cap: usize,
    out_len: *mut usize,
) -> Result {
    // SAFETY: forwarded from this function's contract.
    unsafe { write_out(out_len, "out_len", src.len())? };
    if cap < src.len() {
        return Err(Error::new(
            KingupStatus::BufferTooSmall,
            reason::BUFFER_TOO_SMALL,
            format_args!("the buffer holds {cap} elements, {} are needed", src.len()),
        ));
    }
    if src.is_empty() {
        return Ok(());
    }
    if dst.is_null() {
        return Err(Error::null("the output buffer"));
    }
    // SAFETY: `dst` is not NULL and valid for `cap >= src.len()` writes (the caller's
    // contract); it cannot overlap `src`, which is memory this library owns.
    unsafe { ptr::copy_nonoverlapping(src.as_ptr(), dst, src.len()) };
    Ok(())
}

/// Copies `text` into the caller's buffer as NUL-terminated UTF-8; `*out_len` receives the
/// bytes needed, NUL included.
///
/// # Safety
///
/// As [`copy_out`] with `T = c_char`.
pub(crate) unsafe fn copy_str_out(
    text: &str,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> Result {
    let mut bytes = Vec::with_capacity(text.len() + 1);
    bytes.extend(text.bytes().map(|b| b as c_char));
    bytes.push(0);
    // SAFETY: forwarded from this function's contract.
    unsafe { copy_out(&bytes, buf, cap, out_len) }
}

/// Borrows the caller's UTF-8 text of `len` bytes (no NUL needed).
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes that stay unchanged for `'a`.
pub(crate) unsafe fn str_in<'a>(text: *const c_char, len: usize) -> Result<&'a str> {
    if text.is_null() {
        return Err(Error::null("the text"));
    }
    if len > isize::MAX as usize {
        return Err(Error::invalid(
            reason::TOO_LONG,
            format_args!("text length {len} is too large"),
        ));
    }
    // SAFETY: not NULL, `len <= isize::MAX`, and the caller guarantees `len` readable
    // bytes that do not change while borrowed.
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
    std::str::from_utf8(bytes).map_err(|e| {
        Error::parse(
            reason::INVALID_UTF8,
            format_args!("the text is not UTF-8: {e}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_out_reports_the_size_needed_and_leaves_short_buffers_alone() {
        let mut buf = [7u32; 2];
        let mut len = 0;
        // SAFETY: `buf` holds 2 elements and `len` is a live local.
        let err = unsafe { copy_out(&[1, 2, 3], buf.as_mut_ptr(), 2, &mut len) }.unwrap_err();
        assert_eq!(err.status(), KingupStatus::BufferTooSmall);
        assert_eq!(err.reason(), "buffer_too_small");
        assert_eq!((len, buf), (3, [7, 7]));
        // SAFETY: a NULL buffer with capacity 0 is a size query.
        let err = unsafe { copy_out(&[1, 2, 3], ptr::null_mut(), 0, &mut len) }.unwrap_err();
        assert_eq!(err.status(), KingupStatus::BufferTooSmall);
        // SAFETY: as above; the source is empty so nothing is written.
        unsafe { copy_out::<u32>(&[], ptr::null_mut(), 0, &mut len) }.unwrap();
        assert_eq!(len, 0);
    }

    #[test]
    fn text_must_be_utf8() {
        let bad = [0xffu8 as c_char, b'a' as c_char];
        // SAFETY: `bad` holds 2 bytes.
        let err = unsafe { str_in(bad.as_ptr(), 2) }.unwrap_err();
        assert_eq!(err.status(), KingupStatus::ParseError);
        assert_eq!(err.reason(), "invalid_utf8");
        // SAFETY: a NULL pointer is rejected before any read.
        let err = unsafe { str_in(ptr::null(), 0) }.unwrap_err();
        assert_eq!(err.status(), KingupStatus::NullArgument);
        assert_eq!(err.reason(), "null_argument");
    }
}
