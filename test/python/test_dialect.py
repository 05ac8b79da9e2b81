"""The `ll` dialect from MLIR's Python bindings: parsing, attributes <->
LinearLayout, op construction and pass pipelines (linear_layout.dialect)."""

from __future__ import annotations

import subprocess
import sys

import linear_layout as ll
import pytest
import strategies as s
from hypothesis import given, settings

ir = pytest.importorskip("mlir.ir")
passmanager = pytest.importorskip("mlir.passmanager")
lld = pytest.importorskip("linear_layout.dialect")

BLOCKED = ("#ll.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], "
           "[0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>")
MMA = ("#ll.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16]], lane = [[0, 2], "
       "[0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>")
TRANSPOSED = ("#ll.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], "
              "[0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>")
SWIZZLED = "#ll.linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 4], [2, 8], [4, 16], [8, 0]]}>"


def _fresh_python(code: str) -> str:
    """The stdout of `code` run by a new interpreter, which must succeed:
    what a script sees that imported nothing before."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.fixture
def ctx():
    with lld.create_context() as context, ir.Location.unknown():
        yield context


def blocked_16x32() -> ll.LinearLayout:
    return ll.LinearLayout(
        {"register": [[0, 1], [0, 2]],
         "lane": [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]],
         "warp": [[4, 0], [8, 0]], "block": []},
        {"dim0": 16, "dim1": 32})


# ---------------------------------------------------------------------------
# Attribute <-> LinearLayout
# ---------------------------------------------------------------------------


def test_attribute_from_layout_prints_canonical_form(ctx):
    attr = lld.linear_attr(blocked_16x32())
    assert lld.is_linear_attr(attr)
    assert str(attr) == BLOCKED
    assert ll.LinearLayout.from_mlir(attr) == blocked_16x32()


def test_standalone_layout_keeps_out_dims(ctx):
    memory = ll.LinearLayout({"offset": [[0, 1], [1, 0]]}, {"row": 2, "col": 4})
    attr = lld.linear_attr(memory)
    assert str(attr) == memory.to_mlir()
    assert str(attr) == "#ll.linear<{offset = [[0, 1], [1, 0]]} -> {row = 2, col = 4}>"
    assert ll.LinearLayout.from_mlir(attr) == memory


@settings(max_examples=150, deadline=None)
@given(s.layouts())
def test_to_mlir_from_mlir_round_trip(layout):
    lib = ll.LinearLayout(layout.bases, list(layout.out_dims))
    text = lib.to_mlir()
    assert ll.LinearLayout.from_mlir(text) == lib
    with lld.create_context():
        attr = lld.linear_attr(lib)
        assert ll.LinearLayout.from_mlir(attr) == lib
        # The printed form parses to the same attribute (exact round trip).
        assert ir.Attribute.parse(str(attr)) == attr


def test_from_mlir_accepts_encoding_form_and_ttg_prefix():
    expected = blocked_16x32()
    assert ll.LinearLayout.from_mlir(BLOCKED) == expected
    assert ll.LinearLayout.from_mlir(BLOCKED.replace("#ll.", "#ttg.")) == expected


def test_from_mlir_of_tensor_type(ctx):
    tensor = ir.Type.parse(f"tensor<16x32xf16, {BLOCKED}>")
    assert ll.LinearLayout.from_mlir(tensor) == blocked_16x32()


@pytest.mark.parametrize("text, message", [
    ("#ll.linear<{register = [[0, -1]]}>", "basis value -1 is negative"),
    ("#ll.linear<{register = [[1]], register = [[2]]}>", "listed twice"),
    ("#ll.linear<{register = [[1]]} -> {dim0 = 3}>", "not a positive power of two"),
    ("#ll.linear<{register = [[1, 0], [1]]}>", "has 1 values"),
    ("#ll.linear<{register = [[1]]", "unbalanced"),
    ("#ll.linear<{register = [[1]]} -> {dim0 2}>", "expected '='"),
    ("#ll.linear<{register = [[99999999999999999999]]}>", "too large"),
])
def test_from_mlir_rejects_bad_text(text, message):
    with pytest.raises(ValueError, match=message):
        ll.LinearLayout.from_mlir(text)


def test_from_mlir_rejects_wrong_kinds(ctx):
    with pytest.raises(ValueError, match="not an #ll.linear attribute"):
        ll.LinearLayout.from_mlir(ir.Attribute.parse("1 : i32"))
    with pytest.raises(ValueError, match="not a ranked tensor type"):
        ll.LinearLayout.from_mlir(ir.Type.parse("i32"))
    with pytest.raises(ValueError, match="no #ll.linear encoding"):
        ll.LinearLayout.from_mlir(ir.Type.parse("tensor<4xf32>"))
    with pytest.raises(TypeError, match="source must be"):
        ll.LinearLayout.from_mlir(42)
    with pytest.raises(TypeError, match="layout must be"):
        lld.linear_attr(42)
    with pytest.raises(ValueError, match="is not an #ll.linear attribute"):
        lld.linear_attr("unit")


# ---------------------------------------------------------------------------
# Types, parsing, verification
# ---------------------------------------------------------------------------


def test_parse_module_with_encodings(ctx):
    module = ir.Module.parse(f"""
      func.func @f(%x: tensor<16x32xf16, {BLOCKED}>) -> tensor<16x32xf16, {MMA}> {{
        %y = ll.convert_layout %x : tensor<16x32xf16, {BLOCKED}> -> tensor<16x32xf16, {MMA}>
        return %y : tensor<16x32xf16, {MMA}>
      }}""")
    assert module.operation.verify()
    func = module.body.operations[0]
    convert = func.regions[0].blocks[0].operations[0]
    assert convert.operation.name == "ll.convert_layout"
    result_type = ir.RankedTensorType(convert.results[0].type)
    assert ll.LinearLayout.from_mlir(result_type.encoding) == ll.LinearLayout.from_mlir(MMA)
    # Printing and parsing again gives the same module text.
    assert str(ir.Module.parse(str(module))) == str(module)


def test_type_builders_verify(ctx):
    f16 = ir.F16Type.get()
    tensor = lld.tensor_type([16, 32], f16, blocked_16x32())
    assert str(tensor) == f"tensor<16x32xf16, {BLOCKED}>"
    with pytest.raises(ValueError, match="the layout has 2 output dimensions, but the tensor has rank 1"):
        lld.tensor_type([16], f16, blocked_16x32())
    with pytest.raises(ValueError, match="out of range for dim1 of size 16"):
        lld.tensor_type([16, 16], f16, blocked_16x32())
    shared = lld.shared_type([16, 32], f16, SWIZZLED)
    assert str(shared) == f"!ll.shared<16x32xf16, {SWIZZLED}>"
    with pytest.raises(ValueError, match="not invertible"):
        lld.shared_type([2, 2], f16, "#ll.linear<{offset = [[1, 0], [1, 0]]} -> {dim0 = 2, dim1 = 2}>")
    with pytest.raises(TypeError, match="shape must"):
        lld.tensor_type("16x32", f16, blocked_16x32())


def test_parse_error_is_an_mlir_error(ctx):
    with pytest.raises(ir.MLIRError, match="does not cover the tensor"):
        ir.Type.parse("tensor<8x4xf32, #ll.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0]]}>>")


# ---------------------------------------------------------------------------
# Building ops and running pipelines
# ---------------------------------------------------------------------------


def build_kernel():
    """func @copy(%src, %dst, %ld): load a 16x32 tile, convert it twice,
    round-trip it through shared memory, and store it."""
    f16 = ir.F16Type.get()
    ptr = ir.Type.parse("!llvm.ptr<1>")
    i32 = ir.IntegerType.get_signless(32)
    blocked = lld.tensor_type([16, 32], f16, BLOCKED)
    transposed = lld.tensor_type([16, 32], f16, TRANSPOSED)
    mma = lld.tensor_type([16, 32], f16, MMA)
    buffer = lld.shared_type([16, 32], f16, SWIZZLED)
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        func_type = ir.FunctionType.get([ptr, ptr, i32], [])
        func = ir.Operation.create(
            "func.func", regions=1,
            attributes={"sym_name": ir.StringAttr.get("copy"),
                        "function_type": ir.TypeAttr.get(func_type)})
        block = func.regions[0].blocks.append(ptr, ptr, i32)
        with ir.InsertionPoint(block):
            src, dst, ld = block.arguments
            tile = lld.load_tile(src, blocked, row_stride=ld)
            step = lld.convert_layout(tile, transposed)
            back = lld.convert_layout(step, mma)
            smem = lld.alloc_shared(buffer)
            lld.store_shared(back, smem)
            ir.Operation.create("gpu.barrier")
            again = lld.load_shared(smem, blocked)
            lld.store_tile(again, dst)
            ir.Operation.create("func.return")
    return module


def test_build_ops_and_verify(ctx):
    module = build_kernel()
    assert module.operation.verify()
    text = str(module)
    for op in ("ll.load_tile %arg0 row_stride(%arg2 : i32)", "ll.convert_layout",
               "ll.alloc_shared", "ll.store_shared", "ll.load_shared",
               "ll.store_tile"):
        assert op in text
    assert str(ir.Module.parse(text)) == text


def test_op_verifier_errors_raise(ctx):
    f16 = ir.F16Type.get()
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        buffer = lld.alloc_shared(lld.shared_type([16, 32], f16, SWIZZLED))
        # The helpers build with the generated builders, which verify: the
        # bad op raises at construction and is erased.
        with pytest.raises(ValueError, match="differs from the buffer element type"):
            lld.load_shared(buffer, lld.tensor_type([16, 32], ir.F32Type.get(), BLOCKED))
    assert module.operation.verify()


def test_helpers_verify_without_mlir_dialects_ll():
    """The helpers verify what they build even where nothing imported
    mlir.dialects.ll first (an unverified op crashed the lowering)."""
    code = (
        "from mlir import ir\n"
        "import linear_layout.dialect as lld\n"
        f"B = {BLOCKED!r}\n"
        "with lld.create_context(), ir.Location.unknown():\n"
        "    m = ir.Module.create()\n"
        "    with ir.InsertionPoint(m.body):\n"
        "        t = lld.tensor_type([16, 32], ir.IntegerType.get_signless(32), B)\n"
        "        x = lld.tile_index(t)\n"
        "        try:\n"
        "            lld.load_shared(x, t)\n"
        "        except ValueError as e:\n"
        "            print('raised', 'must be shared-memory buffer' in str(e))\n")
    assert "raised True" in _fresh_python(code)


def test_lowering_verifies_generic_ops_first(ctx):
    """An op made with the generic Operation.create is not verified; the
    lowering verifies before its patterns run, which assume valid ops."""
    module = ir.Module.parse("gpu.module @k { gpu.func @f() kernel { gpu.return } }")
    func = module.body.operations[0].regions[0].blocks[0].operations[0]
    with ir.InsertionPoint(func.regions[0].blocks[0].operations[0]):
        t = lld.tensor_type([16, 32], ir.IntegerType.get_signless(32), BLOCKED)
        ir.Operation.create("ll.load_shared", results=[t], operands=[lld.tile_index(t)])
    pm = passmanager.PassManager.parse("builtin.module(gpu.module(convert-ll-to-nvvm))")
    with pytest.raises(ir.MLIRError, match="must be shared-memory buffer"):
        pm.run(module.operation)


def test_canonicalize_composes_chain(ctx):
    module = build_kernel()
    pm = passmanager.PassManager.parse("builtin.module(canonicalize)")
    pm.run(module.operation)
    text = str(module)
    # blocked -> transposed -> mma became blocked -> mma.
    assert text.count("ll.convert_layout") == 1
    assert "ll.load_shared" in text  # its result is stored: not dead


def test_ll_pass_from_python(ctx):
    module = build_kernel()
    passmanager.PassManager.parse(
        "builtin.module(func.func(ll-fold-conversions{max-rewrites=-1}))").run(module.operation)
    assert str(module).count("ll.convert_layout") == 1


# ---------------------------------------------------------------------------
# #ll.plan
# ---------------------------------------------------------------------------


def test_plan_from_mlir_reads_every_field(ctx):
    text = ("#ll.plan<kind = shared_memory, memory_layout = " + SWIZZLED +
            ', vector_bits = 32, rounds = 1, shared_bytes = 2048, store_instruction = '
            '"st.shared", load_instruction = "ldmatrix", store_wavefronts = 16, '
            "load_wavefronts = 16, owner_loads = true>")
    attr = lld.parse_attribute(text)
    assert lld.is_plan_attr(attr) and not lld.is_linear_attr(attr)
    assert not lld.is_plan_attr(lld.linear_attr(SWIZZLED))
    plan = lld.plan_from_mlir(attr)
    assert plan == {
        "kind": "shared_memory", "memory_layout": ll.LinearLayout.from_mlir(SWIZZLED),
        "vector_bits": 32, "rounds": 1, "shared_bytes": 2048,
        "store_instruction": "st.shared", "load_instruction": "ldmatrix",
        "store_wavefronts": 16, "load_wavefronts": 16, "owner_loads": True}
    assert lld.plan_from_mlir(text) == plan
    assert lld.plan_from_mlir("#ll.plan<kind = shared_memory, owner_loads = false>") == {
        "kind": "shared_memory", "owner_loads": False}
    # Absent fields are absent.
    assert lld.plan_from_mlir("#ll.plan<kind = registers>") == {"kind": "registers"}


@pytest.mark.parametrize("text, message", [
    ("#ll.plan<kind = magic>", "to be one of: noop, registers, shuffle, shared_memory"),
    ("#ll.plan<vector_bits = 32>", "missing required parameter: kind"),
    ("#ll.plan<kind = shuffle, vector_bits = 32, rounds = 1, shuffles = -1, selects = 0>",
     "shuffles must not be negative"),
    (("#ll.plan<kind = shared_memory, vector_bits = 32, rounds = 1, shared_bytes = 64, "
      'store_instruction = "st.shared", load_instruction = "ld.shared", '
      "store_wavefronts = 1, load_wavefronts = 1>"), "needs its memory_layout"),
    ("#ll.plan<kind = shuffle", "unbalanced"),
])
def test_plan_from_mlir_rejects_bad_text(text, message):
    with pytest.raises(ValueError, match=message):
        lld.plan_from_mlir(text)


def test_plan_from_mlir_rejects_wrong_kinds(ctx):
    with pytest.raises(ValueError, match="not an #ll.plan attribute"):
        lld.plan_from_mlir(lld.linear_attr(SWIZZLED))
    with pytest.raises(ValueError, match="not an #ll.plan attribute"):
        lld.plan_from_mlir("unit")
    with pytest.raises(TypeError, match="source must be"):
        lld.plan_from_mlir(42)


def test_conversion_plans_after_planning(ctx):
    module = build_kernel()
    passmanager.PassManager.parse(
        "builtin.module(ll-plan-conversions{target=sm_90})").run(module.operation)
    plans = lld.conversion_plans(module)
    assert len(plans) == str(module).count("ll.convert_layout") > 0
    for plan in plans:
        assert plan["kind"] in ("noop", "registers", "shuffle", "shared_memory")
        if plan["kind"] == "shared_memory":
            assert isinstance(plan["memory_layout"], ll.LinearLayout)
            assert plan["shared_bytes"] > 0
    # The same from the printed text, and None for a conversion not planned.
    assert lld.conversion_plans(str(module)) == plans
    assert lld.conversion_plans(build_kernel()) == [None] * len(plans)
    with pytest.raises(ValueError, match="module"):
        lld.conversion_plans("func.func @f() { ll.plan }")


def test_conversion_plans_rejects_a_plan_that_is_not_a_plan(ctx):
    # An ll.plan replaced from Python by another attribute is an error, not
    # a plan of kind "".
    module = build_kernel()
    for op in lld._walk(module.operation):
        if op.name == "ll.convert_layout":
            op.attributes["ll.plan"] = ir.UnitAttr.get()
    with pytest.raises(ValueError, match="not an #ll.plan attribute"):
        lld.conversion_plans(module)


def test_register_dialect_type_errors():
    with pytest.raises(TypeError, match="context must be"):
        lld.register_dialect(object())


def test_import_without_mlir_package():
    """`import linear_layout` must not need the mlir bindings."""
    code = ("import sys; sys.modules['mlir'] = None\n"
            "import linear_layout as ll\n"
            "l = ll.LinearLayout.identity_1d(4, 'register', 'dim0')\n"
            "assert l.to_mlir().startswith('#ll.linear<')\n"
            "try:\n"
            "    ll.LinearLayout.from_mlir(l.to_mlir())\n"
            "except ImportError:\n"
            "    print('no-mlir-ok')\n")
    assert "no-mlir-ok" in _fresh_python(code)


def test_lazy_dialect_attribute():
    assert ll.dialect is lld
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        ll.no_such_thing  # noqa: B018
