"""`from mlir.dialects import ll`: the op classes and builders generated from
the ODS (mlir-tblgen -gen-python-op-bindings), importable once
`linear_layout` is imported, and registered with the `mlir` package so that
an `ll` op's opview is its generated class."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("mlir.ir")

import linear_layout
from linear_layout import dialect as lld
from mlir import ir, passmanager
from mlir.dialects import func, ll

BLOCKED = "#ll.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = []}>"
MMA = "#ll.linear<{register = [[1, 0]], lane = [[0, 1], [0, 2], [0, 4], [2, 0], [0, 8]], warp = []}>"


def _types():
    f16 = ir.F16Type.get()
    return (lld.tensor_type([4, 16], f16, BLOCKED), lld.tensor_type([4, 16], f16, MMA))


def _convert_module():
    """func @f(%x: blocked) -> mma { ll.convert_layout } built with the
    generated builders."""
    blocked, mma = _types()
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        function = func.FuncOp("f", ir.FunctionType.get([blocked], [mma]))
        with ir.InsertionPoint(function.add_entry_block()):
            converted = ll.convert_layout(mma, function.arguments[0])
            func.ReturnOp([converted])
    return module, converted


def test_generated_module_names():
    assert ll.__name__ == "mlir.dialects.ll"
    assert ll.ConvertLayoutOp.OPERATION_NAME == "ll.convert_layout"
    for name in (
        "AllocSharedOp",
        "ConvertLayoutOp",
        "LoadSharedOp",
        "LoadTileOp",
        "StoreSharedOp",
        "StoreTileOp",
        "TileIndexOp",
        "alloc_shared",
        "convert_layout",
        "load_shared",
        "load_tile",
        "store_shared",
        "store_tile",
        "tile_index",
    ):
        assert hasattr(ll, name), name


def test_convert_layout_builder_verifies_and_prints():
    with ll.create_context(), ir.Location.unknown():
        module, converted = _convert_module()
        assert module.operation.verify()
        text = str(module)
        assert (
            "%0 = ll.convert_layout %arg0 : tensor<4x16xf16, #linear> -> "
            "tensor<4x16xf16, #linear1>" in text
        )
        assert str(ir.Module.parse(text)) == text
        # The result's owner is the typed op view, with ODS accessors.
        op = converted.owner
        assert isinstance(op, ll.ConvertLayoutOp)
        assert op.source == module.body.operations[0].regions[0].blocks[0].arguments[0]
        assert op.result.type == _types()[1]


def test_parsed_ops_get_their_op_views():
    with ll.create_context(), ir.Location.unknown():
        text = str(_convert_module()[0])
        parsed = ir.Module.parse(text)
        body = parsed.body.operations[0].regions[0].blocks[0]
        assert isinstance(body.operations[0], ll.ConvertLayoutOp)


def test_class_constructor_and_optional_operand():
    with ll.create_context(), ir.Location.unknown():
        blocked, _ = _types()
        ptr = ir.Type.parse("!llvm.ptr<1>")
        i32 = ir.IntegerType.get_signless(32)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("g", ir.FunctionType.get([ptr, ptr, i32], []))
            with ir.InsertionPoint(function.add_entry_block()):
                src, dst, stride = function.arguments
                # The classes take the ODS operand names, the functions
                # their snake_case spelling (as upstream's generator does).
                tile = ll.LoadTileOp(blocked, src, rowStride=stride)
                assert tile.rowStride == stride
                store = ll.StoreTileOp(tile.result, dst)
                assert store.rowStride is None
                func.ReturnOp([])
        assert module.operation.verify()
        assert "ll.load_tile %arg0 row_stride(%arg2 : i32)" in str(module)


def test_verifier_errors_raise():
    with ll.create_context(), ir.Location.unknown():
        blocked, _ = _types()
        bad = ir.RankedTensorType.get([4, 16], ir.F32Type.get(), blocked.encoding)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("h", ir.FunctionType.get([blocked], [bad]))
            block = function.add_entry_block()
            # The builder verifies what it builds: ValueError with the
            # verifier's message, and the bad op is erased.
            with ir.InsertionPoint(block), pytest.raises(
                    ValueError, match="ll.convert_layout"):
                ll.convert_layout(bad, function.arguments[0])
        assert len(block.operations) == 0


def test_convert_layout_from_i32_raises_at_construction():
    with ll.create_context(), ir.Location.unknown():
        blocked, _ = _types()
        i32 = ir.IntegerType.get_signless(32)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("f", ir.FunctionType.get([i32], []))
            block = function.add_entry_block()
            with ir.InsertionPoint(block):
                with pytest.raises(ValueError, match="must be ranked tensor"):
                    ll.convert_layout(blocked, function.arguments[0])
                func.ReturnOp([])
        assert module.operation.verify()


def test_compile_of_module_with_unverified_op_raises():
    """IR built with the generic Operation.create is not verified at
    construction; ll.compile verifies the module first (no crash)."""
    with ll.create_context(), ir.Location.unknown():
        blocked, _ = _types()
        i32 = ir.IntegerType.get_signless(32)
        module = ir.Module.create()
        module.operation.attributes["gpu.container_module"] = ir.UnitAttr.get()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("f", ir.FunctionType.get([i32], []))
            with ir.InsertionPoint(function.add_entry_block()):
                ir.Operation.create("ll.convert_layout", results=[blocked],
                                    operands=[function.arguments[0]])
                func.ReturnOp([])
        with pytest.raises(ValueError):
            linear_layout.compile(module)


def test_built_module_lowers_through_ll_to_ptx():
    with ll.create_context(), ir.Location.unknown():
        blocked, mma = _types()
        ptr = ir.Type.parse("!llvm.ptr<1>")
        module = ir.Module.parse("module attributes {gpu.container_module} {}")
        with ir.InsertionPoint(module.body):
            gpu_module = ir.Operation.create(
                "gpu.module", regions=1, attributes={"sym_name": ir.StringAttr.get("k")}
            )
            gpu_module.regions[0].blocks.append()
            with ir.InsertionPoint(gpu_module.regions[0].blocks[0]):
                kernel = ir.Operation.create(
                    "gpu.func",
                    regions=1,
                    attributes={
                        "sym_name": ir.StringAttr.get("copy"),
                        "function_type": ir.TypeAttr.get(
                            ir.FunctionType.get([ptr, ptr], [])
                        ),
                        "gpu.kernel": ir.UnitAttr.get(),
                    },
                )
                block = kernel.regions[0].blocks.append(ptr, ptr)
                with ir.InsertionPoint(block):
                    tile = ll.load_tile(blocked, block.arguments[0])
                    ll.store_tile(ll.convert_layout(mma, tile), block.arguments[1])
                    ir.Operation.create("gpu.return")
        assert module.operation.verify()
        passmanager.PassManager.parse(
            "builtin.module(ll-to-ptx{chip=sm_90 format=none})"
        ).run(module.operation)
        assert "ll." not in str(module)


def test_bad_pipeline_option_raises():
    with ll.create_context(), pytest.raises(ValueError, match="format must be"):
        passmanager.PassManager.parse("builtin.module(ll-to-ptx{format=xyz})")


def test_mlir_dialects_ll_imports_first():
    # `from mlir.dialects import ll` works in a fresh interpreter without
    # importing linear_layout first: ll.py sits in the mlir.dialects namespace.
    code = (
        "from mlir.dialects import ll\n"
        "assert ll.ConvertLayoutOp.OPERATION_NAME == 'll.convert_layout'\n"
        "from mlir import ir\n"
        "with ll.create_context():\n"
        "    ir.Module.parse('func.func @f() { return }')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_tile_index_builder_and_its_verifier():
    with ll.create_context(), ir.Location.unknown():
        blocked, _ = _types()
        i32 = ir.RankedTensorType.get(blocked.shape,
                                      ir.IntegerType.get_signless(32),
                                      blocked.encoding)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("t", ir.FunctionType.get([], [i32]))
            with ir.InsertionPoint(function.add_entry_block()):
                func.ReturnOp([ll.tile_index(i32)])
        assert module.operation.verify()
        assert "ll.tile_index : tensor<4x16xi32" in str(module)
        with ir.InsertionPoint(module.body):
            function = func.FuncOp("bad", ir.FunctionType.get([], [blocked]))
            with ir.InsertionPoint(function.add_entry_block()):
                with pytest.raises(ValueError, match="signless integer element"):
                    ll.tile_index(blocked)
                with pytest.raises(ValueError, match="signless integer element"):
                    lld.tile_index(blocked)
