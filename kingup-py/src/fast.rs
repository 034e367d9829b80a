//! The three calls of a Python game loop without PyO3's argument handling:
//! `game.is_over`, `game.legal_actions()` and `game.apply(action)`.
//!
//! A loop such as `while not g.is_over: g.apply(choice(g.legal_actions()))` spends most of
//! a step in the interpreter; of what kingup adds, PyO3's generic argument parsing and its
//! call wrapper were about a third (measured with `bench/bench_steps.py --instructions`).
//! So, once the class exists, these three attributes are replaced by descriptors whose C
//! functions take the common call (no argument but the action, an exact `int`) straight to
//! the session, and hand every other call to the method PyO3 generated, which they keep:
//! keyword or seat arguments, other types, a locked or poisoned session, an illegal action,
//! any error. The fast path never raises: where it cannot answer, nothing has changed yet,
//! and the full method answers and raises exactly as before.

use std::ffi::{CStr, CString, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;

use kingup_core::kingup_table::Rules;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyTuple};

use crate::shell::{PyRules, Shell, action_at, action_list};

/// A `Game` class the fast paths serve: a frozen class around a [`Shell`].
pub(crate) trait FastGame:
    pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync
{
    /// The game its shell plays.
    type Rules: PyRules;
    /// The class's shell.
    fn shell(&self) -> &Shell<Self::Rules>;
    /// Where the class keeps the methods PyO3 generated, which the fast paths fall back on.
    fn generated() -> &'static PyOnceLock<Generated>;
}

/// The descriptors PyO3 generated for the three attributes.
#[derive(Debug)]
pub(crate) struct Generated {
    is_over: Py<PyAny>,
    legal_actions: Py<PyAny>,
    apply: Py<PyAny>,
}

/// Replaces `is_over`, `legal_actions` and `apply` of class `C` by their fast paths. Runs
/// once, when the module is imported.
pub(crate) fn install<C: FastGame>(py: Python<'_>) -> PyResult<()> {
    let class = py.get_type::<C>();
    let generated = Generated {
        is_over: class.getattr("__dict__")?.get_item("is_over")?.unbind(),
        legal_actions: class.getattr("legal_actions")?.unbind(),
        apply: class.getattr("apply")?.unbind(),
    };
    let getter = getset::<C>(c"is_over", &generated.is_over, is_over::<C>, py)?;
    let legal = method::<C>(
        c"legal_actions",
        &generated.legal_actions,
        legal_actions::<C>,
        py,
    )?;
    let apply = method::<C>(c"apply", &generated.apply, apply::<C>, py)?;
    C::generated().set(py, generated).map_err(|_| {
        PyRuntimeError::new_err("internal error (kingup bug): fast paths installed twice")
    })?;
    for (name, def) in [
        ("is_over", getter),
        ("legal_actions", legal),
        ("apply", apply),
    ] {
        class.setattr(name, def)?;
    }
    Ok(())
}

/// The signature line and docstring of a generated method, as `ml_doc` wants them.
fn doc_of(name: &CStr, generated: &Bound<'_, PyAny>) -> PyResult<&'static CStr> {
    let doc: Option<String> = generated.getattr("__doc__")?.extract()?;
    let signature: Option<String> = generated
        .getattr("__text_signature__")
        .ok()
        .and_then(|s| s.extract().ok())
        .flatten();
    let name = name.to_string_lossy();
    let text = match signature {
        Some(signature) => format!("{name}{signature}\n--\n\n{}", doc.unwrap_or_default()),
        None => doc.unwrap_or_default(),
    };
    let text = CString::new(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    // Leaked on purpose: a method definition lives as long as its class, here the process.
    Ok(Box::leak(text.into_boxed_c_str()))
}

/// A method descriptor of class `C` calling `function` with the vectorcall convention.
fn method<'py, C: FastGame>(
    name: &'static CStr,
    generated: &Py<PyAny>,
    function: ffi::PyCFunctionFastWithKeywords,
    py: Python<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: function,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: doc_of(name, generated.bind(py))?.as_ptr(),
    }));
    let class = py.get_type::<C>();
    // SAFETY: `class` is a live type object and `def` a method definition leaked to live
    // as long as the process; the call returns a new reference or null with an exception
    // set, which `from_owned_ptr_or_err` checks.
    unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(class.as_type_ptr(), def)) }
}

/// A getter descriptor of class `C` calling `get`.
fn getset<'py, C: FastGame>(
    name: &'static CStr,
    generated: &Py<PyAny>,
    get: ffi::getter,
    py: Python<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let doc: Option<String> = generated.bind(py).getattr("__doc__")?.extract()?;
    let doc =
        CString::new(doc.unwrap_or_default()).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let def = Box::leak(Box::new(ffi::PyGetSetDef {
        name: name.as_ptr(),
        get: Some(get),
        set: None,
        doc: Box::leak(doc.into_boxed_c_str()).as_ptr(),
        closure: ptr::null_mut(),
    }));
    let class = py.get_type::<C>();
    // SAFETY: as in `method`, with a leaked get-set definition.
    unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewGetSet(class.as_type_ptr(), def)) }
}

/// Runs `fast`; where it has no answer (or panics), `fallback`, the generated code.
/// Returns a new reference, or null with an exception set.
fn answer<'py>(
    py: Python<'py>,
    fast: impl FnOnce() -> Option<*mut ffi::PyObject>,
    fallback: impl FnOnce(&Generated) -> PyResult<Bound<'py, PyAny>>,
    generated: &'static PyOnceLock<Generated>,
) -> *mut ffi::PyObject {
    if let Ok(Some(result)) = catch_unwind(AssertUnwindSafe(fast)) {
        return result;
    }
    let result = match generated.get(py) {
        Some(methods) => {
            catch_unwind(AssertUnwindSafe(|| fallback(methods))).unwrap_or_else(|_| {
                Err(PanicException::new_err(
                    "internal error (kingup bug): a call panicked",
                ))
            })
        }
        None => Err(PyRuntimeError::new_err(
            "internal error (kingup bug): no generated method",
        )),
    };
    match result {
        Ok(value) => value.into_ptr(),
        Err(err) => {
            err.restore(py);
            ptr::null_mut()
        }
    }
}

/// A vectorcall's arguments.
#[derive(Clone, Copy)]
struct Args {
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: usize,
    kwnames: *mut ffi::PyObject,
}

impl Args {
    fn new(
        slf: *mut ffi::PyObject,
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> Args {
        let nargs = usize::try_from(nargs).unwrap_or(0);
        Args {
            slf,
            args,
            nargs,
            kwnames,
        }
    }

    /// Answers the call: `fast`, else the generated method `generated` picks (see
    /// [`answer`]).
    ///
    /// # Safety
    ///
    /// The fields are the arguments of a method call CPython makes, with the GIL held.
    unsafe fn answer<C: FastGame>(
        self,
        fast: impl FnOnce(Python<'_>) -> Option<*mut ffi::PyObject>,
        generated: fn(&Generated) -> &Py<PyAny>,
    ) -> *mut ffi::PyObject {
        // SAFETY: the caller's contract: CPython holds the GIL while it calls.
        let py = unsafe { Python::assume_attached() };
        // SAFETY: the arguments are the call's own.
        let fallback = |g: &Generated| unsafe { self.call(py, generated(g)) };
        answer(py, || fast(py), fallback, C::generated())
    }

    /// The one positional argument of a call without keywords.
    ///
    /// # Safety
    ///
    /// The fields are a vectorcall's arguments, alive for `'py`.
    unsafe fn only<'a, 'py>(&'a self, py: Python<'py>) -> Option<Borrowed<'a, 'py, PyAny>> {
        // SAFETY: `args` holds `nargs` live objects (the contract).
        (self.nargs == 1 && self.kwnames.is_null())
            .then(|| unsafe { Borrowed::from_ptr(py, *self.args) })
    }

    /// Calls `method` (a generated method descriptor) with these arguments.
    ///
    /// # Safety
    ///
    /// As [`only`](Self::only).
    unsafe fn call<'py>(self, py: Python<'py>, method: &Py<PyAny>) -> PyResult<Bound<'py, PyAny>> {
        // SAFETY: `slf`, the `nargs` positional arguments and the keyword values after them
        // are live objects, and `kwnames` a tuple of names or null (the contract).
        unsafe {
            let value = |i: usize| Borrowed::from_ptr(py, *self.args.add(i));
            let mut items = vec![Borrowed::from_ptr(py, self.slf)];
            items.extend((0..self.nargs).map(value));
            let positional = PyTuple::new(py, items)?;
            let keywords = PyDict::new(py);
            if !self.kwnames.is_null() {
                let names = Borrowed::from_ptr(py, self.kwnames).cast::<PyTuple>()?;
                for (i, name) in names.iter().enumerate() {
                    keywords.set_item(name, value(self.nargs + i))?;
                }
            }
            method.bind(py).call(positional, Some(&keywords))
        }
    }
}

/// Runs `f` on the shell of `slf`, without checking its type again.
///
/// # Safety
///
/// `slf` must be a live instance of `C`, with the GIL held. It is when CPython calls one of
/// the functions below: they are reached only through the descriptors `install` made for
/// `C`, and a descriptor checks that its object is an instance of its class before it calls
/// (`descr_check`, for methods and getters alike).
unsafe fn with_shell<C: FastGame, R>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    f: impl FnOnce(&Shell<C::Rules>) -> R,
) -> R {
    // SAFETY: the caller's contract.
    let game = unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<C>() };
    f(game.get().shell())
}

/// `game.is_over`.
unsafe extern "C" fn is_over<C: FastGame>(
    slf: *mut ffi::PyObject,
    _closure: *mut c_void,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a getter with the GIL held, on a live instance of the class.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: as `with_shell` requires (a getter of `C`'s).
    let fast = || {
        let over = unsafe { with_shell::<C, _>(py, slf, |s| s.try_with_game(C::Rules::is_over)) }?;
        // SAFETY: a getter returns a new reference, which `PyBool_FromLong` gives.
        Some(unsafe { ffi::PyBool_FromLong(over.into()) })
    };
    answer(
        py,
        fast,
        // SAFETY: `slf` is a live object (CPython's call).
        |g| {
            g.is_over
                .bind(py)
                .call_method1("__get__", (unsafe { Borrowed::from_ptr(py, slf) },))
        },
        C::generated(),
    )
}

/// `game.legal_actions(seat=None)`.
unsafe extern "C" fn legal_actions<C: FastGame>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let call = Args::new(slf, args, nargs, kwnames);
    let fast = |py: Python<'_>| {
        if call.nargs != 0 || !kwnames.is_null() {
            return None;
        }
        let mask = |g: &C::Rules| g.next_seat().map(|s| g.legal_mask(s)).unwrap_or_default();
        // SAFETY: as `with_shell` requires (a method of `C`'s).
        let mask = unsafe { with_shell::<C, _>(py, slf, |s| s.try_with_game(mask)) }?;
        action_list(py, &mask).ok().map(Bound::into_ptr)
    };
    // SAFETY: CPython's call, with its own arguments.
    unsafe { call.answer::<C>(fast, |g| &g.legal_actions) }
}

/// `game.apply(action, seat=None)`.
unsafe extern "C" fn apply<C: FastGame>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let call = Args::new(slf, args, nargs, kwnames);
    let fast = |py: Python<'_>| {
        // SAFETY: the arguments are the call's own.
        let action = unsafe { call.only(py) }?;
        let index = exact_int(&action)?;
        let action = action_at::<C::Rules>(index).ok()?;
        // SAFETY: as `with_shell` requires (a method of `C`'s).
        unsafe { with_shell::<C, _>(py, slf, |s| s.try_apply_next(action)) }?;
        // SAFETY: `None` is immortal; a method returns a new reference.
        Some(unsafe { ffi::Py_NewRef(ffi::Py_None()) })
    };
    // SAFETY: CPython's call, with its own arguments.
    unsafe { call.answer::<C>(fast, |g| &g.apply) }
}

/// The value of an exact `int` that fits an `i64`, without raising.
fn exact_int(obj: &Borrowed<'_, '_, PyAny>) -> Option<i64> {
    if !obj.is_exact_instance_of::<PyInt>() {
        return None;
    }
    // SAFETY: `obj` is a live `int`; an overflow sets an error, cleared here.
    unsafe {
        let value = ffi::PyLong_AsLongLong(obj.as_ptr());
        if value == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        Some(value)
    }
}
