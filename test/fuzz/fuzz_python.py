"""Hypothesis-driven fuzzing of the Python API: bad types, huge ints, empty
containers, wrong dimension names and uninitialised objects, given to every
entry point of `linear_layout` (LinearLayout and its methods, planning, the
families, the dialect helpers). The only exceptions allowed are ValueError
and TypeError; anything else is a failure, and a crash (the worker process
dying) is a crash.

Every call is a (function, arguments) pair of Python literals and tags
("@layout0", "@uninit", ...) so that it can be written down and replayed:
the worker writes each call to a progress file before making it, and the
driver reads the last one back when the worker dies.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

ALLOWED = (ValueError, TypeError)

# Tags the worker resolves to objects.
TAGS = [
    "@layout0",
    "@layout1",
    "@layout2",
    "@memory",
    "@uninit",
    "@items_bad",
    "@big_int_like",
]

METHODS = [
    "apply",
    "compose",
    "invert",
    "pseudoinvert",
    "invert_and_compose",
    "divide_left",
    "divide_right",
    "sublayout",
    "reshape_ins",
    "reshape_outs",
    "transpose_ins",
    "transpose_outs",
    "flatten_ins",
    "flatten_outs",
    "matrix",
    "columns",
    "element_table",
    "free_variable_masks",
    "num_consecutive_elements",
    "num_consecutive_elements_flat",
    "is_injective",
    "is_surjective",
    "is_invertible",
    "in_dims",
    "out_dims",
    "bases",
    "rank",
    "total_in_bits",
    "total_out_bits",
    "to_mlir",
    "__repr__",
    "__str__",
    "__eq__",
    "__hash__",
    "__reduce__",
]
FUNCTIONS = [
    "LinearLayout",
    "LinearLayout.identity_1d",
    "LinearLayout.strided_1d",
    "LinearLayout.zeros_1d",
    "LinearLayout.empty",
    "LinearLayout.from_mlir",
    "plan_conversion",
    "optimal_swizzle",
    "wavefronts",
    "select_free_layouts",
    "BlockedLayout",
    "SliceLayout",
    "NvidiaMmaLayout",
    "DotOperandLayout",
    "AmdMfmaLayout",
    "AmdWmmaLayout",
    "SwizzledSharedLayout",
    "NvmmaSharedLayout",
    "dialect.parse_attribute",
    "dialect.parse_type",
    "dialect.linear_attr",
    "dialect.layout_from_mlir",
    "dialect.tensor_type",
    "dialect.shared_type",
]


def _objects():
    import linear_layout as ll

    class ItemsBad:
        def items(self):
            return [("register",), 5]

    class BigIntLike:
        def __index__(self):
            return 2**70

    good = ll.LinearLayout(
        {
            "register": [[0, 1], [0, 2]],
            "lane": [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
            "warp": [[4, 0], [8, 0]],
            "block": [],
        },
        {"dim0": 16, "dim1": 32},
    )
    other = ll.LinearLayout(
        {
            "register": [[1, 0], [2, 0]],
            "lane": [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]],
            "warp": [[0, 8], [0, 16]],
            "block": [],
        },
        {"dim0": 16, "dim1": 32},
    )
    small = ll.LinearLayout({"register": [[1]]}, {"dim0": 2})
    memory = ll.LinearLayout(
        {
            "offset": [
                [0, 1],
                [0, 2],
                [0, 4],
                [0, 8],
                [0, 16],
                [1, 4],
                [2, 8],
                [4, 16],
                [8, 0],
            ]
        },
        {"dim0": 16, "dim1": 32},
    )
    return {
        "@layout0": good,
        "@layout1": other,
        "@layout2": small,
        "@memory": memory,
        "@uninit": ll.LinearLayout.__new__(ll.LinearLayout),
        "@items_bad": ItemsBad(),
        "@big_int_like": BigIntLike(),
    }


def _resolve(value, objects):
    if isinstance(value, str) and value in objects:
        return objects[value]
    if isinstance(value, list):
        return [_resolve(v, objects) for v in value]
    if isinstance(value, tuple):
        return tuple(_resolve(v, objects) for v in value)
    if isinstance(value, dict):
        return {
            _resolve(k, objects) if isinstance(k, str) else k: _resolve(v, objects)
            for k, v in value.items()
        }
    return value


def _function(name):
    import linear_layout as ll

    if name.startswith("dialect."):
        from linear_layout import dialect

        return getattr(dialect, name.split(".", 1)[1])
    if name.startswith("LinearLayout."):
        return getattr(ll.LinearLayout, name.split(".", 1)[1])
    return getattr(ll, name)


def make_call(call, objects, context=None, outcomes=None):
    """Makes one call: ("method", receiver, name, args, kwargs) or
    ("function", name, args, kwargs). Returns None or the unexpected
    exception's description; counts the outcome in `outcomes`."""
    outcome = "returned"
    try:
        if call[0] == "method":
            _, receiver, name, args, kwargs = call
            target = getattr(_resolve(receiver, objects), name)
        else:
            _, name, args, kwargs = call
            target = _function(name)
            if name.startswith("dialect.") and context is not None:
                kwargs = dict(kwargs)
                if name in (
                    "dialect.parse_attribute",
                    "dialect.parse_type",
                    "dialect.linear_attr",
                ):
                    kwargs.setdefault("context", context)
        result = target(
            *_resolve(list(args), objects), **_resolve(dict(kwargs), objects)
        )
        # Use the result the way a user would.
        if (
            call[0] == "function"
            and name == "BlockedLayout"
            or hasattr(result, "to_linear")
        ):
            result.to_linear()
    except ALLOWED as e:
        outcome = type(e).__name__
    except Exception as e:  # noqa: BLE001 - every other exception is a finding
        return f"{type(e).__name__}: {e}"[:300]
    finally:
        if outcomes is not None:
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return None


# ---------------------------------------------------------------------------
# Hypothesis strategies
# ---------------------------------------------------------------------------


def strategies():
    from hypothesis import strategies as st

    names = st.sampled_from(
        [
            "register",
            "lane",
            "warp",
            "block",
            "offset",
            "dim0",
            "dim1",
            "regisyer",
            "",
            "a.b",
            "é",
            "x" * 70,
            "0x",
        ]
    )
    huge = st.sampled_from(
        [
            2**31,
            2**32,
            2**62,
            2**63 - 1,
            2**63,
            2**64,
            -(2**63),
            -1,
            0,
            1,
            3,
            10**30,
            -(10**30),
        ]
    )
    ints = st.one_of(st.integers(-4, 70), huge)
    scalars = st.one_of(
        ints,
        names,
        st.none(),
        st.booleans(),
        st.floats(allow_nan=True),
        st.binary(max_size=4),
        st.sampled_from(TAGS),
    )
    values = st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.tuples(children, children),
            st.tuples(children),
            st.dictionaries(names, children, max_size=4),
        ),
        max_leaves=12,
    )
    bases = st.one_of(
        st.dictionaries(
            names, st.lists(st.lists(ints, max_size=3), max_size=4), max_size=4
        ),
        st.lists(
            st.tuples(names, st.lists(st.lists(ints, max_size=2), max_size=3)),
            max_size=3,
        ),
        values,
    )
    dims = st.one_of(
        st.dictionaries(names, ints, max_size=4),
        st.lists(st.tuples(names, ints), max_size=3),
        values,
    )
    args = st.lists(values, max_size=4)
    kwargs = st.dictionaries(
        st.sampled_from(
            [
                "target",
                "kind",
                "allow_rounds",
                "allow_matrix",
                "context",
                "element_bits",
                "warps",
            ]
        ),
        values,
        max_size=2,
    )
    receivers = st.sampled_from(TAGS[:5])
    method_calls = st.tuples(
        st.just("method"), receivers, st.sampled_from(METHODS), args, st.just({})
    )
    function_calls = st.tuples(
        st.just("function"), st.sampled_from(FUNCTIONS), args, kwargs
    )
    constructions = st.tuples(
        st.just("function"),
        st.just("LinearLayout"),
        st.tuples(bases, dims).map(list),
        st.just({}),
    )
    plans = st.tuples(
        st.just("function"),
        st.sampled_from(["plan_conversion", "optimal_swizzle"]),
        st.tuples(
            st.sampled_from(TAGS[:5]),
            st.sampled_from(TAGS[:5]),
            st.one_of(st.sampled_from([8, 16, 32, 64]), ints),
        ).map(list),
        kwargs,
    )
    return st.one_of(method_calls, function_calls, constructions, constructions, plans)


def worker(seed: int, examples: int, progress: str) -> dict:
    """Runs `examples` generated calls; returns counts and failures."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hseed

    try:
        from linear_layout import dialect as lld
        from mlir import ir  # noqa: F401

        context = lld.create_context()
    except ImportError:
        context = None
    objects = _objects()
    counts = {"python_calls": 0, "failures": [], "outcomes": {}}
    log = open(progress, "w")  # noqa: SIM115 - kept open for the run

    @hseed(seed)
    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategies())
    def run(call):
        log.write(repr(call) + "\n")
        log.flush()
        counts["python_calls"] += 1
        failure = make_call(call, objects, context, counts["outcomes"])
        if failure:
            counts["failures"].append({"call": repr(call), "error": failure})

    run()
    log.close()
    return counts


def run_worker(seed: int, examples: int) -> dict:
    """Runs a worker in a subprocess; on a crash, the call it died on."""
    with tempfile.NamedTemporaryFile("r", suffix=".log", delete=False) as f:
        progress = f.name
    try:
        proc = subprocess.Popen(
            [
                sys.executable,
                os.path.abspath(__file__),
                "--worker",
                str(seed),
                str(examples),
                progress,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        out, err = proc.communicate()
        if proc.returncode == 0:
            return json.loads(out.decode().strip().splitlines()[-1])
        with open(progress) as f:
            lines = f.read().splitlines()
        return {
            "python_calls": len(lines),
            "failures": [],
            "crash": {
                "call": lines[-1] if lines else None,
                "returncode": proc.returncode,
                "stderr": err.decode("utf-8", "replace")[-1500:],
            },
        }
    finally:
        os.unlink(progress)


def replay(call_text: str) -> str | None:
    """Replays one recorded call in a subprocess: None if it raised only
    ValueError/TypeError (or nothing), else what went wrong."""
    here = os.path.dirname(os.path.abspath(__file__))
    code = (
        f"import sys; sys.path.insert(0, {here!r}); import fuzz_python as f; "
        f"call = eval({call_text!r}, {{'__builtins__': {{}}}}, "
        "{'nan': float('nan'), 'inf': float('inf')}); o = f._objects(); "
        "r = f.make_call(call, o, f._context()); "
        "print(r or 'ok')"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if proc.returncode != 0:
        return f"crash (exit status {proc.returncode}): {proc.stderr[-800:]}"
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "ok"
    return None if last == "ok" else last


def _context():
    try:
        from linear_layout import dialect as lld

        return lld.create_context()
    except ImportError:
        return None


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        result = worker(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        sys.stdout.write("\n" + json.dumps(result) + "\n")
        sys.exit(0)
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    examples = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    print(json.dumps(run_worker(seed, examples), indent=1))
