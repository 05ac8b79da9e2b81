"""Hardening (docs/hardening.md): sizes are checked, never wrapped; bad
Python arguments are TypeError/ValueError, never IndexError, RuntimeError or
a crash; one limit on the number of dimensions for LinearLayout and
#ll.linear."""

from __future__ import annotations

import pickle

import linear_layout as ll
import pytest
from linear_layout import LinearLayout


class Items:
    """A mapping-like object whose items() are whatever it was given."""

    def __init__(self, items):
        self._items = items

    def items(self):
        return self._items


def _conversion(n: int):
    """A 2^n-element transpose-like conversion over 512 threads (shared
    memory): registers of A become lanes and warps of B."""
    src = LinearLayout(
        {
            "register": [[1 << i] for i in range(n - 9)],
            "lane": [[1 << (n - 9 + i)] for i in range(5)],
            "warp": [[1 << (n - 4 + i)] for i in range(4)],
        },
        {"dim0": 1 << n},
    )
    dst = LinearLayout(
        {
            "register": [[1 << (9 + i)] for i in range(n - 9)],
            "lane": [[1 << i] for i in range(5)],
            "warp": [[1 << (5 + i)] for i in range(4)],
        },
        {"dim0": 1 << n},
    )
    return src, dst


@pytest.mark.parametrize("n", [31, 32, 62])
@pytest.mark.parametrize("bits", [8, 32, 64])
def test_shared_bytes_of_large_conversions_is_exact_or_an_error(n, bits):
    src, dst = _conversion(n)
    plan = ll.plan_conversion(src, dst, bits)  # with rounds: a small scratch
    assert 0 < plan.shared_bytes < 2**63
    if n + (bits // 8).bit_length() - 1 < 63:
        one = ll.plan_conversion(src, dst, bits, allow_rounds=False)
        assert one.shared_bytes == (1 << n) * bits // 8
    else:
        with pytest.raises(ValueError, match="more than 2\\^63 - 1 bytes"):
            ll.plan_conversion(src, dst, bits, allow_rounds=False)


def test_the_issue_conversion_2p61_f32_is_an_error_not_negative():
    src, dst = _conversion(61)
    with pytest.raises(ValueError, match="more than 2\\^63 - 1 bytes"):
        ll.plan_conversion(src, dst, 32, allow_rounds=False)


@pytest.mark.parametrize("log2", [63, 64])
def test_layouts_of_2p63_and_2p64_elements(log2):
    # Two output dimensions (one holds at most 2^62): the layout is valid;
    # planning reports no wrapped size.
    half = log2 // 2
    out = {"dim0": 1 << (log2 - half), "dim1": 1 << half}
    regs = [[0, 1 << i] for i in range(half)]
    lanes = [[1 << i, 0] for i in range(log2 - half)]
    layout = LinearLayout({"register": regs, "lane": lanes}, out)
    try:
        plan = ll.plan_conversion(layout, layout, 32)
    except ValueError:
        return
    assert plan.kind == "noop"


@pytest.mark.parametrize("size", [2**63, 2**64, -(2**63), -1, 3, 0])
def test_out_of_range_dimension_sizes_are_value_errors(size):
    with pytest.raises(ValueError):
        LinearLayout({"register": [[1]]}, {"dim0": size})


def test_a_dimension_of_2p62_is_the_largest():
    assert LinearLayout({"register": [[1 << 61]]}, {"dim0": 2**62}).apply(
        {"register": 1}
    ) == {"dim0": 2**61}


def test_items_that_are_not_pairs_are_type_errors():
    with pytest.raises(TypeError, match="pairs"):
        LinearLayout(Items([("a",)]), {"x": 2})
    with pytest.raises(TypeError, match="pairs"):
        LinearLayout(Items([("a", [[1]], 3)]), {"x": 2})
    with pytest.raises(TypeError, match="pairs"):
        LinearLayout(Items([5]), {"x": 2})
    with pytest.raises(TypeError, match="pairs"):
        LinearLayout({"a": [[1]]}, Items([("x",)]))
    layout = LinearLayout({"a": [[1]]}, {"x": 2})
    with pytest.raises(TypeError, match="pairs"):
        layout.apply(Items([("a",)]))
    with pytest.raises(TypeError, match="pairs"):
        layout.apply(Items(["ab"]))
    assert layout.apply(Items([("a", 1)])) == {"x": 1}


def test_uninitialised_layouts_are_value_errors():
    bare = LinearLayout.__new__(LinearLayout)
    good = LinearLayout({"register": [[1]]}, {"dim0": 2})
    for args in ((bare, bare), (bare, good), (good, bare)):
        with pytest.raises((ValueError, TypeError)):
            ll.plan_conversion(*args, 32)
        with pytest.raises((ValueError, TypeError)):
            ll.optimal_swizzle(*args, 32)
    with pytest.raises((ValueError, TypeError)):
        pickle.dumps(bare)
    with pytest.raises((ValueError, TypeError)):
        bare.apply({"register": 0})
    with pytest.raises((ValueError, TypeError)):
        repr(bare)


def test_one_limit_on_the_number_of_dimensions():
    # 64 input dimensions: LinearLayout and #ll.linear both accept them.
    many = LinearLayout({f"d{i}": [] for i in range(64)}, {"x": 1})
    pytest.importorskip("mlir.ir")
    from linear_layout import dialect as lld

    with lld.create_context():
        attr = lld.linear_attr(many)
        assert LinearLayout.from_mlir(attr) == many
    # 65: both refuse.
    with pytest.raises(ValueError, match="at most 64"):
        LinearLayout({f"d{i}": [] for i in range(65)}, {"x": 1})
    with pytest.raises(ValueError, match="at most 64"):
        LinearLayout({"a": []}, {f"o{i}": 1 for i in range(65)})
    text = ", ".join(f"d{i} = []" for i in range(65))
    with (
        lld.create_context(),
        pytest.raises(ValueError, match="more than 64 input dimensions"),
    ):
        lld.parse_attribute(f"#ll.linear<{{{text}}} -> {{x = 1}}>")


def test_compile_verifies_a_module_built_in_python_first():
    ir = pytest.importorskip("mlir.ir")
    from linear_layout import compiler
    from linear_layout import dialect as lld

    with lld.create_context(), ir.Location.unknown():
        module = ir.Module.create()
        i32 = ir.IntegerType.get_signless(32)
        with ir.InsertionPoint(module.body):
            # A convert_layout from an i32 (the issue's case): not verified
            # by the generic builder; the passes would assert on it.
            c = ir.Operation.create(
                "arith.constant",
                results=[i32],
                attributes={"value": ir.IntegerAttr.get(i32, 1)},
            )
            ir.Operation.create("ll.convert_layout", results=[i32], operands=[c.result])
        with pytest.raises(ValueError, match="does not verify"):
            compiler.compile(module)
        with pytest.raises(ValueError, match="does not verify"):
            compiler.lower(module, "builtin.module(ll-plan-conversions)")


_A = {
    "register": [[0, 1], [0, 2], [0, 4], [0, 8]],
    "lane": [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]],
    "warp": [],
}
_B = {
    "register": [[1, 0], [2, 0], [4, 0], [8, 0]],
    "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]],
    "warp": [],
}


@pytest.mark.parametrize(
    "call,error,message",
    [
        # int() would truncate a float or parse a str: refused instead.
        (lambda k: k.conv(_A, _B, [16.9, 32], "fp32"), TypeError, "shape"),
        (lambda k: k.conv(_A, _B, ["16", "32"], "fp32"), TypeError, "shape"),
        (lambda k: k.conv(_A, _B, [16, 32], "fp32", warps=4.7), TypeError, "warps"),
        (lambda k: k.conv(_A, _B, [16, 32], "fp32", lanes=32.0), TypeError, "lanes"),
        (
            lambda k: k.conv_loop(_A, _B, [16, 32], "fp32", rounds=True),
            ValueError,
            "rounds",
        ),
        (lambda k: k.threads(_A, lanes=0), ValueError, "lanes"),
        (
            lambda k: k.conv({"register": 5}, _B, [16, 32], "fp32"),
            TypeError,
            "register bases",
        ),
        (
            lambda k: k.conv({"register": [[1.9, 0]]}, _B, [16, 32], "fp32"),
            TypeError,
            "basis entry",
        ),
        # The layout must hold the tensor it is written on.
        (lambda k: k.conv(_A, _B, [64, 64], "fp32"), ValueError, "bases reach"),
        (lambda k: k.conv(_A, _B, [32, 16], "fp32"), ValueError, "outside"),
        (lambda k: k.gather_reference([[1, 2]], [[0, 1]], 5), ValueError, "axis"),
        (lambda k: k.gather_reference([[]], [[]], 1), ValueError, "no element"),
        (
            lambda k: k.epilogue_reference((16, 32), "int8", tiles=2**40),
            ValueError,
            "tiles",
        ),
        (lambda k: k.epilogue_reference((2**40, 2**40), "fp32"), ValueError, "tiles"),
    ],
)
def test_kernel_generators_refuse_what_they_would_coerce(call, error, message):
    from linear_layout import kernels

    with pytest.raises(error, match=message):
        call(kernels)


def test_cli_input_that_is_not_utf8_is_an_error(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "garbage.bin"
    bad.write_bytes(b"\xae\xff\x00module")
    for args, stdin in (([str(bad)], None), (["-"], bad.read_bytes())):
        proc = subprocess.run(
            [sys.executable, "-m", "linear_layout", "compile", *args],
            input=stdin,
            capture_output=True,
            check=False,
        )
        assert proc.returncode == 1
        assert b"not UTF-8 text" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "options,message",
    [
        ({"index_bitwidth": 64.0}, "index_bitwidth"),
        ({"index_bitwidth": True}, "index_bitwidth"),
        ({"min_round_bytes": 2**63}, "min_round_bytes"),
    ],
)
def test_compile_checks_its_numbers_in_python(options, message):
    """Refused before ll-opt runs, not as its command-line parse error."""
    with pytest.raises(ValueError, match=message):
        ll.compile("module {}", **options)
