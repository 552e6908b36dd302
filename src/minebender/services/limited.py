"""Run a function in a child process with a time limit and a memory cap.

Some work must never take the caller down with it: an exact analysis of a
pathological board can run for minutes and take gigabytes, and a parser
written in another language can abort the whole process (SIGABRT). Such
work runs here, in a child process that is:

- capped in memory: ``RLIMIT_AS`` is set in the child, so an allocation past
  the cap raises ``MemoryError`` there (the answer is ``OutOfMemory``), never
  the kernel's OOM killer picking a process of the server;
- limited in time: past ``Limits.seconds`` the child is killed
  (``TimedOut``);
- killable at any time by ``Job.cancel`` (``Cancelled``), from any thread;
- able to hand back partial results: the function gets a ``report``
  callable and sends each stage it finishes; every outcome carries the stages
  received, so a timed-out analysis still answers with what was known, and
  ``on_stage`` hears of each one as it arrives (a page can draw it at once).

A crash of the child (a signal, or an exit without an answer) is ``Crashed``
with its signal or exit code; an exception raised by the function is
``Failed`` with the exception's type name and message.

Children are forked from a *forkserver*: a clean process started once, which
imports ``preload``'s modules before its first fork, so a child starts with
the solver already loaded (a few milliseconds, not the 300 ms of a fresh
interpreter), and never inherits the server's threads, sockets or database
connections. Call ``preload`` before the first job (later calls have no
effect on the server already running); ``warm`` starts it ahead of need.

A daemonic process (a Dask worker's, a multiprocessing pool's) may not start
children with multiprocessing. There each child is a fresh interpreter
(``python -m minebender.services.limited``) on the same pipes, with the same limits and
outcomes: slower to start (no preload), as safe.

>>> def square(report, n):
...     report("started")
...     return n * n
>>> # run(square, 7) -> Done(value=49, stages=('started',)) when square is importable
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import ModuleType
from typing import Any

__all__ = [
    "OUT_OF_MEMORY_EXIT",
    "WARM_UP_AFTER",
    "Cancelled",
    "Crashed",
    "Done",
    "Failed",
    "Job",
    "Limits",
    "OutOfMemory",
    "Outcome",
    "Report",
    "TimedOut",
    "machine_memory",
    "preload",
    "run",
    "run_async",
    "start",
    "warm",
]

Report = Callable[[Any], None]
"""What the child's function calls with each finished stage (any picklable value)."""

WarmUp = Callable[[], Iterator[None]]
"""Work a spare child does while it waits for its task, in steps (a module-level
generator function, so that it can be pickled): see ``warm``."""

WARM_UP_AFTER = 0.5
"""Seconds a spare waits for its task before it warms up (``warm``): under a
flood of jobs the spares are taken first, and no processor goes to warming
them."""


OUT_OF_MEMORY_EXIT = 71
"""The child's exit status when it ran out of memory and could not even say so
(EX_OSERR, as ``minebender solve`` exits then)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How long a child may run and how much memory it may take.

    ``memory`` is the address space in bytes (``RLIMIT_AS``: what the process
    maps, a little more than it touches), None for no cap. ``nice`` lowers the
    child's priority once it has run ``nice_after`` seconds, so that the
    caller's own work (other players' moves) goes first on a busy machine
    while a long job runs, and a short one still runs at full speed."""

    seconds: float = 10.0
    memory: int | None = None
    nice: int = 0
    nice_after: float = 0.0


@dataclass(frozen=True, slots=True)
class Done:
    """The function returned ``value``."""

    value: Any
    stages: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The time limit passed: the child was killed."""

    stages: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class OutOfMemory:
    """The function ran past the memory cap (``MemoryError`` in the child)."""

    stages: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Crashed:
    """The child ended without an answer: killed by ``signal`` (SIGABRT, or SIGKILL
    from outside), or exited with ``exit_code``."""

    signal: int | None
    exit_code: int | None
    stages: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Failed:
    """The function raised: the exception's type name and message (the exception
    itself may not survive the trip between processes)."""

    kind: str
    message: str
    stages: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Cancelled:
    """``Job.cancel`` killed the child before it answered."""

    stages: tuple[Any, ...] = ()


Outcome = Done | TimedOut | OutOfMemory | Crashed | Failed | Cancelled

_PRELOAD: list[str] = ["minebender.services.limited"]
_started = False
_lock = threading.Lock()


def preload(*modules: str) -> None:
    """Have the forkserver import ``modules`` before its first fork, so that
    children start with them loaded. No effect once it runs (``warm``, ``start``)."""
    with _lock:
        for m in modules:
            if m not in _PRELOAD:
                _PRELOAD.append(m)


def _main_imports() -> list[str]:
    """The modules the main script takes its names from.

    Python's forkserver is meant to import the main script itself (the
    ``'__main__'`` preload), but 3.11 and 3.12 never hand it the script's path
    (they look for ``main_path`` where spawn writes ``init_main_from_path``).
    Each child then imported the script again as it started: for the
    ``minebender`` command, the whole command line, about 200 ms a child.
    Preloaded by name, those imports cost a child nothing."""
    main = sys.modules.get("__main__")
    names: set[str] = set()
    for value in vars(main).values() if main is not None else ():
        if isinstance(value, ModuleType):
            names.add(value.__name__)
        elif isinstance(module := getattr(value, "__module__", None), str):
            names.add(module)
    names.discard("__main__")
    return sorted(n for n in names if n in sys.modules)


def _context() -> Any:
    """The forkserver context, its preload set on first use; the spawn context
    where the system has no forkserver (Windows), slower but as safe."""
    global _started
    try:
        ctx = multiprocessing.get_context("forkserver")
    except ValueError:  # pragma: no cover - not POSIX
        return multiprocessing.get_context("spawn")
    with _lock:
        if not _started:
            # '__main__' as multiprocessing's default does: a child then need not
            # import the main script again (it has ``if __name__`` guards).
            ctx.set_forkserver_preload(["__main__", *_main_imports(), *_PRELOAD])
            _started = True
    return ctx


def warm(
    spares: int = 2, warm_up: WarmUp | None = None, warm_up_after: float = WARM_UP_AFTER
) -> None:
    """Start the forkserver now (about 0.3 s once, more with a big preload),
    and keep ``spares`` children forked ahead of the jobs.

    ``warm_up`` is run by each spare that has waited ``warm_up_after``
    seconds for its task, one step at a time, stopping as soon as the task
    is there. A child's first work costs
    several times what it costs after: each page of memory it touches is
    faulted in (copied from the forkserver, or mapped fresh). The first
    analysis of a 100x100 board took 45 ms of processor time in a fresh child
    and 3 to 10 ms in one that had analysed another board first."""
    if _context().get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()
    _SPARES.wanted = spares
    _SPARES.warm_up = None if warm_up is None else (warm_up, warm_up_after)
    _SPARES.refill()


def machine_memory() -> int | None:
    """The machine's physical memory in bytes, None where the system does not say."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return None


def _child(conn: Connection, fn: Callable[..., Any], args: tuple[Any, ...], limits: Limits) -> None:
    """The child's side: cap itself, run fn, send each stage and the answer.

    Its processor time is capped too, a little past the time limit: a child
    whose caller was killed (and so can no longer kill it) still stops.
    """
    try:
        import resource

        if limits.memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limits.memory, limits.memory))
        cpu = int(limits.seconds) + 2
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    except (ImportError, ValueError, OSError):
        pass  # not POSIX: the time limit still holds
    if limits.nice and limits.nice_after <= 0:
        with contextlib.suppress(OSError):
            os.nice(limits.nice)

    def report(stage: Any) -> None:
        conn.send(("stage", stage))

    try:
        message: tuple[str, Any] = ("done", fn(report, *args))
    except MemoryError:
        message = ("memory", None)
    except BaseException as exc:
        message = ("failed", (type(exc).__name__, str(exc)))
    try:
        conn.send(message)
    except MemoryError:
        os._exit(OUT_OF_MEMORY_EXIT)
    except OSError:
        os._exit(1)  # the caller is gone: nobody to answer
    except Exception as exc:  # an answer that cannot be pickled
        with contextlib.suppress(OSError):
            conn.send(("failed", (type(exc).__name__, f"the answer cannot be sent: {exc}")))
    conn.close()


def _warm(tasks: Connection, warm_up: WarmUp, after: float) -> None:
    """Run warm_up's steps, once the spare has waited ``after`` seconds, until
    their end or until a task is waiting."""
    try:
        if after > 0 and tasks.poll(after):
            return
        for _ in warm_up():
            if tasks.poll(0):
                return
    except Exception:  # a failed warm-up leaves a cold child, as good as before
        pass


def _spare(
    tasks: Connection, conn: Connection, warm_up: tuple[WarmUp, float] | None = None
) -> None:
    """A child forked ahead of need: it warms up, waits for its one task, then
    runs it. A caller gone before sending one (EOF) ends it."""
    try:
        if warm_up is not None:
            _warm(tasks, *warm_up)
        fn, args, limits = tasks.recv()
    except (EOFError, OSError):
        return
    tasks.close()
    _child(conn, fn, args, limits)


class _Interpreter:
    """A child that is a fresh interpreter, for a daemonic caller: what ``Job``
    uses of a multiprocessing process (``exitcode``, ``kill``, ``sentinel``,
    ``join``, ``close``, ``pid``). The sentinel is a pipe the child holds open
    and never writes: it reads as ready once the child is gone."""

    def __init__(self, task_fd: int, answer_fd: int) -> None:
        life, held = os.pipe()
        try:
            self._popen = subprocess.Popen(
                [sys.executable, "-m", "minebender.services.limited", str(task_fd), str(answer_fd)],
                pass_fds=(task_fd, answer_fd, held),
                stdin=subprocess.DEVNULL,
            )
        except BaseException:
            os.close(life)
            raise
        finally:
            os.close(held)
        self.sentinel = life
        self.pid: int | None = self._popen.pid
        self._closed = False

    @property
    def exitcode(self) -> int | None:
        """None while it runs; minus the signal that killed it, as multiprocessing says."""
        return self._popen.poll()

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self._popen.kill()

    def join(self, timeout: float | None = None) -> None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._popen.wait(timeout)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            os.close(self.sentinel)


def _interpreter_main(argv: list[str]) -> None:
    """The fresh interpreter's side: the task and answer pipes are the fds in
    argv; the caller's ``sys.path`` comes first on the task pipe."""
    tasks = Connection(int(argv[1]), writable=False)
    answers = Connection(int(argv[2]), readable=False)
    try:
        sys.path[:] = tasks.recv()
    except (EOFError, OSError):
        return
    _spare(tasks, answers)


class _Spare:
    """A child waiting for its task: the pipe to send it, and the pipe its stages
    and answer come back on. Forked from the forkserver; a fresh interpreter
    where the caller is daemonic and so may not fork with multiprocessing."""

    def __init__(self, warm_up: tuple[WarmUp, float] | None = None) -> None:
        self.proc: BaseProcess | _Interpreter
        if multiprocessing.current_process().daemon:
            task_reader, task_writer = os.pipe()
            answer_reader, answer_writer = os.pipe()
            try:
                self.proc = _Interpreter(task_reader, answer_writer)
            except BaseException:
                os.close(task_writer)
                os.close(answer_reader)
                raise
            finally:
                os.close(task_reader)  # the child holds the only reader and writer
                os.close(answer_writer)
            self.tasks = Connection(task_writer, readable=False)
            self.answers = Connection(answer_reader, writable=False)
            # first the caller's import path, so the child can unpickle what it can import
            with contextlib.suppress(OSError):
                self.tasks.send(list(sys.path))
            return
        ctx = _context()
        task_reader, self.tasks = ctx.Pipe(duplex=False)
        self.answers, writer = ctx.Pipe(duplex=False)
        forked = ctx.Process(target=_spare, args=(task_reader, writer, warm_up), daemon=True)
        forked.start()
        self.proc = forked
        writer.close()  # the child holds the only writer: EOF when it ends
        task_reader.close()


class _Spares:
    """Children forked ahead of need, so that a job starts with a pipe write, not
    a fork (a fork and a child's start cost 5 to 50 ms on a busy machine).
    Each child runs one job and exits, so a job's memory cap, its kill and
    its crash touch no other job."""

    def __init__(self) -> None:
        self.ready: list[_Spare] = []
        self.wanted = 0
        self.warm_up: tuple[WarmUp, float] | None = None  # and the wait before it
        self.lock = threading.Lock()
        self.filling = False

    def take(self) -> _Spare:
        with self.lock:
            # the oldest first: a child just forked may still be starting
            spare = self.ready.pop(0) if self.ready else None
        if spare is None or spare.proc.exitcode is not None:
            spare = _Spare()
        if not self.ready:
            self.refill()
        # else the job refills once its first stage or its end comes (Job):
        # a fork and a warm-up beside a starting job took its processor
        return spare

    def refill(self) -> None:
        with self.lock:
            if self.filling or len(self.ready) >= self.wanted:
                return
            self.filling = True
        threading.Thread(target=self._fill, name="limited-spares", daemon=True).start()

    def _fill(self) -> None:
        try:
            while True:
                with self.lock:
                    if len(self.ready) >= self.wanted:
                        return
                spare = _Spare(self.warm_up)
                with self.lock:
                    self.ready.append(spare)
        except Exception:  # pragma: no cover - no fork left: jobs fork their own
            return
        finally:
            with self.lock:
                self.filling = False


_SPARES = _Spares()


def _stop_filling() -> None:
    """At exit, fork no more spares and let one half forked finish (5 s at
    most): a script that exited in the middle of a fork left the forkserver
    a cut message, and it printed a traceback."""
    _SPARES.wanted = 0
    until = time.monotonic() + 5
    while _SPARES.filling and time.monotonic() < until:
        time.sleep(0.01)


atexit.register(_stop_filling)  # before multiprocessing's own exit hook (atexit is LIFO)


class Job:
    """One function running in a child process; ``wait`` for its ``Outcome``.

    ``cancel`` may be called from any thread (the web server calls it from the
    event loop when the client goes away) and ends the child at once.
    ``on_stage`` is called with each stage as it arrives, in the thread that
    waits."""

    def __init__(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        limits: Limits,
        on_stage: Report | None = None,
    ) -> None:
        self.limits = limits
        self.stages: list[Any] = []
        self._on_stage = on_stage
        self._cancelled = False
        self._kill_lock = threading.Lock()
        self._exitcode: int | None = None
        self._outcome: Outcome | None = None
        spare = _SPARES.take()
        self._conn: Connection = spare.answers
        self._proc: BaseProcess | _Interpreter = spare.proc
        self.started = time.monotonic()
        try:
            spare.tasks.send((fn, args, limits))
        except (OSError, ValueError):
            pass  # the child is gone: wait() says how it ended
        finally:
            spare.tasks.close()

    def cancel(self) -> None:
        """Kill the child now; ``wait`` then answers ``Cancelled`` (unless the
        answer came first)."""
        with self._kill_lock:
            self._cancelled = True
            self._kill()

    def _kill(self) -> None:
        try:
            if self._proc.exitcode is None:
                self._proc.kill()
        except (OSError, ValueError):
            pass  # ended meanwhile, or already reaped and closed

    def wait(self) -> Outcome:
        """Block until the child answers, crashes, is cancelled or runs out of time."""
        if self._outcome is None:
            try:
                self._outcome = self._wait()
            finally:
                _SPARES.refill()
        return self._outcome

    def _wait(self) -> Outcome:
        deadline = self.started + self.limits.seconds
        answer: tuple[str, Any] | None = None
        conn, sentinel = self._conn, self._proc.sentinel
        open_ = True
        renice = self.limits.nice > 0 and self.limits.nice_after > 0
        while answer is None:
            now = time.monotonic()
            if renice and now >= self.started + self.limits.nice_after:
                renice = False
                self._renice()
            remaining = deadline - now
            if remaining <= 0:
                with self._kill_lock:
                    self._kill()
                self._finish()
                if self._cancelled:
                    return Cancelled(tuple(self.stages))
                return TimedOut(tuple(self.stages))
            waits: list[Any] = [conn, sentinel] if open_ else [sentinel]
            if renice:
                remaining = min(remaining, self.started + self.limits.nice_after - now)
            ready = multiprocessing.connection.wait(waits, timeout=max(remaining, 0))
            if conn in ready:
                try:
                    kind, payload = conn.recv()
                except (EOFError, OSError):
                    open_ = False
                    continue
                except MemoryError:  # the answer is too big for the caller
                    with self._kill_lock:
                        self._kill()
                    self._finish()
                    return OutOfMemory(tuple(self.stages))
                if kind == "stage":
                    self.stages.append(payload)
                    if self._on_stage is not None:
                        self._on_stage(payload)
                    if len(self.stages) == 1:
                        _SPARES.refill()  # its first stage is out: a spare may start
                else:
                    answer = (kind, payload)
            elif sentinel in ready and not (open_ and conn.poll(0)):
                break
        stages = tuple(self.stages)
        if answer is not None:
            # The child exits right after its answer: reap it in the
            # background rather than wait for its interpreter to wind down.
            # Not a daemon: at exit, multiprocessing joins every child it
            # knows, and one closed meanwhile by this thread made it raise.
            threading.Thread(target=self._finish, name="limited-reaper").start()
            kind, payload = answer
            if kind == "done":
                return Done(payload, stages)
            if kind == "memory":
                return OutOfMemory(stages)
            return Failed(payload[0], payload[1], stages)
        self._finish()
        if self._cancelled:
            return Cancelled(stages)
        code = self._exitcode
        if code == OUT_OF_MEMORY_EXIT:
            return OutOfMemory(stages)
        if code is not None and code < 0:
            return Crashed(-code, None, stages)
        return Crashed(None, code, stages)

    def _renice(self) -> None:
        """Lower the running child's priority by ``limits.nice``."""
        pid = self._proc.pid
        if pid is None:  # pragma: no cover - started in __init__
            return
        with contextlib.suppress(OSError, AttributeError):
            now = os.getpriority(os.PRIO_PROCESS, pid)
            os.setpriority(os.PRIO_PROCESS, pid, min(now + self.limits.nice, 19))

    def _finish(self) -> None:
        """Reap the child (it has answered or been killed) and free its handles."""
        self._proc.join(1.0)
        if self._proc.exitcode is None:
            with self._kill_lock:
                self._kill()
            self._proc.join()
        self._exitcode = self._proc.exitcode
        self._conn.close()
        self._proc.close()


def start(
    fn: Callable[..., Any],
    *args: Any,
    limits: Limits | None = None,
    on_stage: Report | None = None,
) -> Job:
    """Start ``fn(report, *args)`` in a child process. fn and args are pickled, so
    fn must be a module-level function."""
    return Job(fn, args, limits or Limits(), on_stage)


def run(fn: Callable[..., Any], *args: Any, limits: Limits | None = None) -> Outcome:
    """Run ``fn(report, *args)`` in a child process and wait for its outcome."""
    return start(fn, *args, limits=limits).wait()


async def run_async(
    fn: Callable[..., Any],
    *args: Any,
    limits: Limits | None = None,
    on_stage: Report | None = None,
) -> Outcome:
    """``run`` for an event loop: the waiting happens in a worker thread, and a
    cancelled task (a client that went away) kills the child at once.
    ``on_stage`` is called in that worker thread (hand its stages to the loop
    with ``call_soon_threadsafe``)."""
    # One worker thread starts the job and waits for it: a thread handed each
    # step costs a wake-up of its own, 5 to 50 ms on a busy machine.
    started: list[Job] = []
    cancelled = threading.Event()

    def start_and_wait() -> Outcome:
        job = start(fn, *args, limits=limits, on_stage=on_stage)
        started.append(job)
        if cancelled.is_set():  # cancelled while the child was being started
            job.cancel()
        return job.wait()

    try:
        return await asyncio.shield(asyncio.to_thread(start_and_wait))
    except asyncio.CancelledError:
        cancelled.set()
        for job in started:
            job.cancel()
        raise


if __name__ == "__main__":
    _interpreter_main(sys.argv)
