"""Layouts and plans out to Triton 3.6 / Gluon: to_ttg, to_gluon, plan.to_gluon.

The text needs nothing; the Gluon objects and the round trip through
Triton's own parser run where Triton 3.6 is importable (not in CI)."""

import os
import tempfile

import linear_layout as ll
import pytest


def _layout(bases, shape):
    return ll.LinearLayout(bases, [(f"dim{i}", s) for i, s in enumerate(shape)])


TRANSPOSE_A = {
    "register": [[0, 1], [0, 2]],
    "lane": [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
    "warp": [[8, 0]],
    "block": [],
}
TRANSPOSE_B = {
    "register": [[1, 0], [2, 0]],
    "lane": [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]],
    "warp": [[0, 8]],
    "block": [],
}


def test_to_ttg_distributed_text():
    a = _layout(TRANSPOSE_A, [16, 16])
    assert a.to_ttg() == (
        "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], "
        "warp = [[8, 0]], block = []}>"
    )


def test_to_ttg_memory_text():
    m = ll.LinearLayout({"offset": [[0, 1], [1, 0]]}, [("dim0", 2), ("dim1", 2)])
    assert (
        m.to_ttg()
        == "#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = []}, alignment = 16>"
    )


def test_to_ttg_rejects_non_triton_layouts():
    with pytest.raises(ValueError, match="output dimensions dim0"):
        ll.LinearLayout({"register": [[1]]}, [("x", 2)]).to_ttg()
    with pytest.raises(ValueError, match="input dimensions"):
        ll.LinearLayout({"lane": [[1]], "register": [[0]]}, [("dim0", 2)]).to_ttg()
    with pytest.raises(ValueError, match="input dimensions"):
        ll.LinearLayout({"thread": [[1]]}, [("dim0", 2)]).to_ttg()
    from linear_layout import interop

    with pytest.raises(TypeError):
        interop.to_ttg("#ttg.linear<{}>")


def test_plan_to_gluon_refuses_what_it_cannot_express():
    a = _layout(TRANSPOSE_A, [16, 16])
    plan = ll.plan_conversion(a, a, 32)
    assert plan.kind == "noop"
    with pytest.raises(ValueError, match="does not go through shared memory"):
        plan.to_gluon()


gluon = pytest.importorskip(
    "triton.experimental.gluon.language", reason="needs Triton 3.6 (Gluon)"
)


def test_to_gluon_objects():
    a = _layout(TRANSPOSE_A, [16, 16])
    g = a.to_gluon()
    assert type(g).__name__ == "DistributedLinearLayout"
    assert (
        g.reg_bases == TRANSPOSE_A["register"] and g.lane_bases == TRANSPOSE_A["lane"]
    )
    assert list(g.shape) == [16, 16]
    plan = ll.plan_conversion(a, _layout(TRANSPOSE_B, [16, 16]), 32, allow_rounds=False)
    assert plan.kind == "shared_memory"
    gp = plan.to_gluon()
    assert type(gp.shared_layout).__name__ == "SharedLinearLayout"
    assert gp.shared_layout.offset_bases == [
        list(b) for b in plan.memory_layout.bases["offset"]
    ]
    assert (
        gp.store_wavefronts == plan.store_wavefronts
        and gp.load_wavefronts == plan.load_wavefronts
    )


def test_to_ttg_parses_with_triton_and_means_the_same_layout():
    from triton._C.libtriton import gluon_ir, ir

    a = _layout(TRANSPOSE_A, [16, 16])
    plan = ll.plan_conversion(a, _layout(TRANSPOSE_B, [16, 16]), 32, allow_rounds=False)
    text = f"""#a = {a.to_ttg()}
#s = {plan.memory_layout.to_ttg()}
#smem = #ttg.shared_memory
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @k(%arg0: tensor<16x16xf32, #a>) {{
    %0 = ttg.local_alloc %arg0 : (tensor<16x16xf32, #a>) -> !ttg.memdesc<16x16xf32, #s, #smem>
    tt.return
  }}
}}
"""
    ctx = ir.context()
    ir.load_dialects(ctx)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "k.ttgir")
        with open(path, "w") as f:
            f.write(text)
        module = ir.parse_mlir_module(path, ctx)
    ops = []
    module.walk(
        lambda op: ops.append(op) if op.get_name() == "ttg.local_alloc" else None
    )
    builder = gluon_ir.GluonOpBuilder(ctx)
    assert builder.get_gluon_layout_from_tensor(ops[0].get_operand(0)) == a.to_gluon()
    assert (
        builder.get_gluon_layout_from_memdesc(ops[0].get_result(0))
        == plan.memory_layout.to_gluon()
    )
