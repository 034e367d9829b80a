"""Where the parts of a long job run: here, on a ``concurrent.futures`` executor, or as Ray
tasks on a Ray cluster. One way for every job that splits into parts (arenas, simulations,
recordings of both games): the parts are independent, each gives its result, and the
results come back in the parts' order, so a job joined from them is the same wherever they
ran."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Literal, TypeVar, Union

__all__ = ["Backend", "parts_for", "run_parts", "split"]

Backend = Union[None, Literal["local", "ray"], Executor]
"""Where a job's parts run: ``None`` or ``"local"`` (here, one after the other), ``"ray"``
(Ray tasks on the cluster ``ray.init`` connected to, started on this machine if none was),
or any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, say)."""

T = TypeVar("T")


def _check(backend: object) -> None:
    if backend is None or backend in ("local", "ray") or isinstance(backend, Executor):
        return
    raise TypeError(
        "backend must be None, 'local', 'ray' or a concurrent.futures.Executor, "
        f"not {backend!r}"
    )


def parts_for(backend: Backend, parts: int | None) -> int:
    """How many parts to split a job into: ``parts`` if given (at least 1), else one per
    CPU of the Ray cluster (``"ray"``), one per core of this machine (an executor), or one
    (here)."""
    _check(backend)
    if parts is not None:
        if isinstance(parts, bool) or not isinstance(parts, int):
            raise TypeError(f"parts must be an int, not {type(parts).__name__}")
        if parts < 1:
            raise ValueError(f"parts must be at least 1, not {parts}")
        return parts
    if backend == "ray":
        return max(1, int(_ray().cluster_resources().get("CPU", 1)))
    if isinstance(backend, Executor):
        return os.cpu_count() or 1
    return 1


def split(total: int, parts: int) -> list[range]:
    """``range(total)`` cut into at most ``parts`` contiguous, non-empty pieces of sizes
    that differ by one at most, in order."""
    parts = max(1, min(parts, total))
    size, extra = divmod(total, parts)
    pieces, start = [], 0
    for k in range(parts):
        end = start + size + (k < extra)
        pieces.append(range(start, end))
        start = end
    return [p for p in pieces if p]


def run_parts(
    backend: Backend,
    function: Callable[..., T],
    parts: Sequence[tuple[Any, ...]],
    *,
    cpus: int = 1,
) -> list[T]:
    """``[function(*args) for args in parts]``, run on ``backend``; the results in the
    parts' order. ``function`` and its arguments must pickle for a remote backend. ``cpus``
    is what each part uses (the CPUs a Ray task reserves). The first part to fail raises
    its exception here; Ctrl-C (``KeyboardInterrupt``) cancels the parts not yet done."""
    _check(backend)
    if backend is None or backend == "local":
        return [function(*args) for args in parts]
    if backend == "ray":
        ray = _ray()
        remote = ray.remote(num_cpus=cpus, max_retries=0)(function)
        refs = [remote.remote(*args) for args in parts]
        try:
            return list(ray.get(refs))
        except BaseException as err:
            for ref in refs:
                ray.cancel(ref, force=True)
            # A part's own exception (an entrant's error, say), not Ray's wrapping of it.
            cause = getattr(err, "cause", None)
            if isinstance(err, ray.exceptions.RayTaskError) and isinstance(cause, BaseException):
                raise cause from None
            raise
    assert isinstance(backend, Executor)
    futures = [backend.submit(function, *args) for args in parts]
    try:
        return [future.result() for future in futures]
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def _ray() -> Any:
    """The ``ray`` module, connected to a cluster (``ray.init()`` with its defaults if this
    process has not connected yet: a local instance, or the cluster ``RAY_ADDRESS``
    names)."""
    try:
        import ray
    except ImportError as err:
        raise ImportError(
            'backend="ray" needs Ray: pip install "kingup[ray]" (or pip install ray)'
        ) from err
    if not ray.is_initialized():
        ray.init()
    return ray
