"""A NumPy interpreter for lowered `ll` kernels: the CPU check of the data
movement the NVVM and ROCDL lowerings emit.

It executes the output of ``convert-ll-to-rocdl`` / ``convert-ll-to-nvvm``
(LLVM dialect plus the target's thread-index, barrier and cross-lane ops,
with the prologue's ``gpu``/``arith`` ops and ``scf`` control flow still
structured) for one workgroup, every thread in lockstep: each SSA value is
a NumPy array with one entry per thread, ``scf.if`` runs its region under a
mask. Cross-lane ops read the other lanes of the same wave (``ds_bpermute``,
``ds_swizzle``, DPP ``quad_perm`` and mirrors, ``shfl.sync idx``).

Shared memory (LDS) is checked for races: between two barriers, a byte
written by one wave must not be read or written by another wave (lanes of
one wave execute in order, so they need no barrier between them). A race,
an op it does not know, or an out-of-bounds access raises
``InterpreterError``: the interpreter never guesses.

It is written independently of the lowering (it only knows the ops'
documented semantics), so agreement with NumPy's expected tile is evidence
that the emitted code is right, not that it agrees with itself.
"""

from __future__ import annotations

import re

import numpy as np
from mlir import ir

__all__ = ["InterpreterError", "run_workgroup"]


class InterpreterError(RuntimeError):
    pass


_FLOAT_DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64}


def _scalar_info(t: str):
    """(bits, kind) of a scalar type name: kind 'int', 'float', 'bf16',
    'index' or 'ptr'."""
    if t == "index":
        return 64, "int"
    m = re.fullmatch(r"i(\d+)", t)
    if m:
        return int(m.group(1)), "int"
    if t in _FLOAT_DTYPES:
        return {"f16": 16, "f32": 32, "f64": 64}[t], "float"
    if t == "bf16":
        return 16, "bf16"
    if t.startswith("f8"):
        return 8, "int"
    if t.startswith("!llvm.ptr"):
        return 64, "ptr"
    raise InterpreterError(f"unsupported type {t}")


def _ptr_space(t: str) -> int:
    m = re.fullmatch(r"!llvm\.ptr(?:<(\d+)>)?", t)
    if not m:
        raise InterpreterError(f"not a pointer type: {t}")
    return int(m.group(1) or 0)


def _vector(t: str):
    m = re.fullmatch(r"vector<(\d+)x([^>]+)>", t)
    return (int(m.group(1)), m.group(2)) if m else None


def _struct_members(t: str):
    m = re.fullmatch(r"!llvm\.struct<\((.*)\)>", t)
    if not m:
        return None
    return [s.strip() for s in m.group(1).split(",")] if m.group(1) else []


def _bytes_of(t: str) -> int:
    v = _vector(t)
    if v:
        return v[0] * _bytes_of(v[1])
    m = re.fullmatch(r"!llvm\.array<(\d+) x (.+)>", t)
    if m:
        return int(m.group(1)) * _bytes_of(m.group(2))
    bits, _ = _scalar_info(t)
    return max(1, bits // 8)


def _mask(bits: int) -> np.uint64:
    return np.uint64((1 << bits) - 1) if bits < 64 else np.uint64(~0 & (2**64 - 1))


def _to_float(bits_arr, t):
    """Raw bits -> NumPy floats (float32 for bf16)."""
    if t == "bf16":
        return (bits_arr.astype(np.uint32) << np.uint32(16)).view(np.float32)
    dt = _FLOAT_DTYPES[t]
    width = np.dtype(dt).itemsize * 8
    return bits_arr.astype({16: np.uint16, 32: np.uint32, 64: np.uint64}[width]).view(dt)


def _from_float(f, t):
    if t == "bf16":
        u = f.astype(np.float32).view(np.uint32).astype(np.uint64)
        # round to nearest even
        u = (u + np.uint64(0x7FFF) + ((u >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)
        return u & np.uint64(0xFFFF)
    dt = _FLOAT_DTYPES[t]
    width = np.dtype(dt).itemsize * 8
    return f.astype(dt).view({16: np.uint16, 32: np.uint32, 64: np.uint64}[width]).astype(np.uint64)


class _Memory:
    """A flat byte space; for shared memory also the race bookkeeping."""

    def __init__(self, size: int, shared: bool, threads: int, wave: int):
        self.data = np.zeros(size, dtype=np.uint8)
        self.shared = shared
        self.wave = wave
        if shared:
            self.write_epoch = np.full(size, -1, dtype=np.int64)
            self.write_wave = np.full(size, -1, dtype=np.int64)
            self.read_epoch = np.full(size, -1, dtype=np.int64)
            self.read_wave = np.full(size, -1, dtype=np.int64)  # -2: several

    def _addresses(self, addr, nbytes, active):
        a = addr[active].astype(np.int64)
        idx = a[:, None] + np.arange(nbytes, dtype=np.int64)[None, :]
        if idx.size and (idx.min() < 0 or idx.max() >= self.data.size):
            raise InterpreterError(
                f"access out of bounds: bytes {idx.min()}..{idx.max()} of "
                f"{self.data.size}")
        return idx

    def load(self, addr, nbytes, active, epoch):
        idx = self._addresses(addr, nbytes, active)
        if self.shared and idx.size:
            waves = (np.nonzero(active)[0] // self.wave)[:, None]
            waves = np.broadcast_to(waves, idx.shape)
            we = self.write_epoch[idx]
            ww = self.write_wave[idx]
            bad = (we == epoch) & (ww != waves)
            if bad.any():
                raise InterpreterError(
                    "shared-memory race: a wave reads bytes another wave "
                    "wrote since the last barrier")
            flat_i, flat_w = idx.ravel(), waves.ravel()
            re_ = self.read_epoch[flat_i]
            rw = self.read_wave[flat_i]
            several = (re_ == epoch) & (rw != flat_w)
            self.read_wave[flat_i] = np.where(several, -2, flat_w)
            # Several writers of one byte in one statement: any stays -2.
            self.read_epoch[flat_i] = epoch
            # Bytes read twice by different waves in this statement.
            uniq, counts = np.unique(flat_i, return_counts=True)
            multi = uniq[counts > 1]
            if multi.size:
                for b in multi:
                    if len(set(flat_w[flat_i == b])) > 1:
                        self.read_wave[b] = -2
        return self.data[idx]

    def store(self, addr, data_bytes, active, epoch):
        idx = self._addresses(addr, data_bytes.shape[1], active)
        if self.shared and idx.size:
            waves = np.broadcast_to(
                (np.nonzero(active)[0] // self.wave)[:, None], idx.shape)
            bad_w = (self.write_epoch[idx] == epoch) & \
                (self.write_wave[idx] != waves)
            bad_r = (self.read_epoch[idx] == epoch) & \
                (self.read_wave[idx] != waves)
            if bad_w.any() or bad_r.any():
                raise InterpreterError(
                    "shared-memory race: a wave writes bytes another wave "
                    "accessed since the last barrier")
            flat_i, flat_w = idx.ravel(), waves.ravel()
            uniq, counts = np.unique(flat_i, return_counts=True)
            for b in uniq[counts > 1]:
                if len(set(flat_w[flat_i == b])) > 1:
                    raise InterpreterError(
                        "shared-memory race: two waves write one byte in "
                        "one instruction")
            self.write_epoch[flat_i] = epoch
            self.write_wave[flat_i] = flat_w
        self.data[idx.ravel()] = data_bytes.ravel()


def _pack(values, nbytes):
    """[T] uint64 -> [T, nbytes] little-endian bytes."""
    shifts = (np.arange(nbytes, dtype=np.uint64) * np.uint64(8))
    return ((values[:, None] >> shifts[None, :]) & np.uint64(0xFF)).astype(np.uint8)


def _unpack(b):
    """[T, nbytes] bytes -> [T] uint64."""
    shifts = (np.arange(b.shape[1], dtype=np.uint64) * np.uint64(8))
    return np.bitwise_or.reduce(b.astype(np.uint64) << shifts[None, :], axis=1) \
        if b.shape[1] else np.zeros(b.shape[0], np.uint64)


class _Interpreter:
    def __init__(self, threads, wave, block_id, global_mem, args, shared_size):
        self.threads = threads
        self.wave = wave
        self.block_id = block_id
        self.memories = {1: global_mem, 0: global_mem}
        self.shared = _Memory(shared_size, True, threads, wave)
        self.memories[3] = self.shared
        self.globals = {}
        self.args = args
        self.epoch = 0
        self.env = {}
        # Where a list: one (wave, sectors) per global store and wave with
        # an active lane, sectors the 32-byte sectors its lanes write.
        self.store_trace = None

    # -- values ----------------------------------------------------------
    def full(self, v):
        return np.full(self.threads, v & (2**64 - 1), dtype=np.uint64)

    def get(self, value):
        try:
            return self.env[value]
        except KeyError:
            raise InterpreterError(f"value used before definition: {value}") from None

    def zero_of(self, t: str):
        members = _struct_members(t)
        if members is not None:
            return [self.zero_of(m) for m in members]
        v = _vector(t)
        if v:
            return np.zeros((self.threads, v[0]), dtype=np.uint64)
        return self.full(0)

    # -- memory ----------------------------------------------------------
    def to_bytes(self, value, t):
        v = _vector(t)
        if v:
            eb = _bytes_of(v[1])
            return np.concatenate([_pack(value[:, i], eb) for i in range(v[0])],
                                  axis=1)
        return _pack(value, _bytes_of(t))

    def from_bytes(self, b, t):
        v = _vector(t)
        if v:
            eb = _bytes_of(v[1])
            return np.stack([_unpack(b[:, i * eb:(i + 1) * eb])
                             for i in range(v[0])], axis=1)
        return _unpack(b)

    # -- execution -------------------------------------------------------
    def run_block(self, block, mask):
        for op in block.operations:
            self.run_op(op.operation, mask)

    def bind(self, op, values):
        for r, v in zip(op.results, values):
            self.env[r] = v

    def run_op(self, op, mask):
        name = op.name
        handler = getattr(self, "op_" + name.replace(".", "_"), None)
        if handler is None:
            raise InterpreterError(f"op {name} is not interpreted")
        out = handler(op, mask)
        if out is not None:
            self.bind(op, out if isinstance(out, tuple) else (out,))

    def int_binary(self, op, fn):
        t = str(op.results[0].type)
        a, b = self.get(op.operands[0]), self.get(op.operands[1])
        if _vector(t):
            bits, _ = _scalar_info(_vector(t)[1])
        else:
            bits, _ = _scalar_info(t)
        return fn(a, b, bits) & _mask(bits)

    # constants and casts
    def op_llvm_mlir_constant(self, op, mask):
        attr = op.attributes["value"]
        t = str(op.results[0].type)
        if isinstance(attr, ir.IntegerAttr):
            return self.full(attr.value & int(_mask(_scalar_info(t)[0])))
        if isinstance(attr, ir.FloatAttr):
            return _from_float(np.full(self.threads, attr.value), t)
        raise InterpreterError(f"constant {attr} is not interpreted")

    op_arith_constant = op_llvm_mlir_constant

    def op_llvm_mlir_poison(self, op, mask):
        return self.zero_of(str(op.results[0].type))

    op_llvm_mlir_undef = op_llvm_mlir_poison

    def op_llvm_mlir_addressof(self, op, mask):
        name = op.attributes["global_name"].value
        if name not in self.globals:
            raise InterpreterError(f"unknown global @{name}")
        return self.full(self.globals[name])

    def op_llvm_mlir_global(self, op, mask):
        return None

    def op_llvm_bitcast(self, op, mask):
        src_t, dst_t = str(op.operands[0].type), str(op.results[0].type)
        return self.from_bytes(self.to_bytes(self.get(op.operands[0]), src_t),
                               dst_t)

    def op_llvm_zext(self, op, mask):
        return self.get(op.operands[0]).copy()

    def op_llvm_trunc(self, op, mask):
        bits, _ = _scalar_info(str(op.results[0].type))
        return self.get(op.operands[0]) & _mask(bits)

    # the elementwise ops the ll lowering leaves per register (masks)
    op_arith_extui = op_llvm_zext
    op_arith_trunci = op_llvm_trunc

    def op_arith_index_cast(self, op, mask):
        return self.get(op.operands[0]).copy()

    # integer arithmetic
    def op_llvm_and(self, op, mask):
        return self.int_binary(op, lambda a, b, n: a & b)

    def op_llvm_or(self, op, mask):
        return self.int_binary(op, lambda a, b, n: a | b)

    def op_llvm_xor(self, op, mask):
        return self.int_binary(op, lambda a, b, n: a ^ b)

    def op_llvm_add(self, op, mask):
        return self.int_binary(op, lambda a, b, n: a + b)

    op_arith_addi = op_llvm_add

    def op_llvm_sub(self, op, mask):
        return self.int_binary(op, lambda a, b, n: a - b)

    def op_llvm_mul(self, op, mask):
        return self.int_binary(op, lambda a, b, n: a * b)

    op_arith_muli = op_llvm_mul

    def op_llvm_shl(self, op, mask):
        return self.int_binary(op, lambda a, b, n: np.where(
            b < n, a << np.minimum(b, np.uint64(63)), np.uint64(0)))

    def op_llvm_lshr(self, op, mask):
        return self.int_binary(op, lambda a, b, n: np.where(
            b < n, a >> np.minimum(b, np.uint64(63)), np.uint64(0)))

    def op_llvm_icmp(self, op, mask):
        pred = str(op.attributes["predicate"])
        a, b = self.get(op.operands[0]), self.get(op.operands[1])
        bits, _ = _scalar_info(str(op.operands[0].type))
        sa = a.astype(np.int64) if bits == 64 else \
            ((a ^ np.uint64(1 << (bits - 1))).astype(np.int64) - (1 << (bits - 1)))
        sb = b.astype(np.int64) if bits == 64 else \
            ((b ^ np.uint64(1 << (bits - 1))).astype(np.int64) - (1 << (bits - 1)))
        table = {"0": a == b, "eq": a == b, "1": a != b, "ne": a != b,
                 "slt": sa < sb, "sle": sa <= sb, "sgt": sa > sb,
                 "sge": sa >= sb, "ult": a < b, "ule": a <= b, "ugt": a > b,
                 "uge": a >= b}
        key = pred.strip('"')
        m = re.search(r"(\d+)\s*:\s*i64", key)
        if m:
            key = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule",
                   "ugt", "uge"][int(m.group(1))]
        if key not in table:
            raise InterpreterError(f"icmp predicate {pred} is not interpreted")
        return table[key].astype(np.uint64)

    # arith.cmpi's predicates are numbered as llvm.icmp's (eq = 0 ... uge = 9)
    op_arith_cmpi = op_llvm_icmp

    @staticmethod
    def _permute_bytes(lo, hi, sel, field_bits, what):
        """Byte k of the result is the byte of the 8 bytes hi:lo (0-3 from
        lo) that field k of `sel` (`field_bits` wide) names; fields above
        7 (sign replication, constant bytes) are not interpreted."""
        pool = (lo & np.uint64(0xFFFFFFFF)) | \
            ((hi & np.uint64(0xFFFFFFFF)) << np.uint64(32))
        field = np.uint64((1 << field_bits) - 1)
        out = np.zeros_like(lo)
        for k in range(4):
            pick = (sel >> np.uint64(field_bits * k)) & field
            if (pick > np.uint64(7)).any():
                raise InterpreterError(f"{what} selector values above 7 are "
                                       "not interpreted")
            byte = (pool >> (pick * np.uint64(8))) & np.uint64(0xFF)
            out |= byte << np.uint64(8 * k)
        return out

    def op_nvvm_prmt(self, op, mask):
        """PTX prmt in its default mode: nibble k of the selector picks byte
        k of the result from the 8 bytes of (lo, hi)."""
        if str(op.attributes["mode"]) != "#nvvm.permute_mode<default>":
            raise InterpreterError(f"prmt mode {op.attributes['mode']} is "
                                   "not interpreted")
        lo, hi, sel = (self.get(v) for v in op.operands)
        return self._permute_bytes(lo, hi, sel, 4, "prmt")

    def op_llvm_call_intrinsic(self, op, mask):
        """llvm.amdgcn.perm(src0, src1, sel) (v_perm_b32): byte k of the
        result is byte sel.byte[k] of the 8 bytes src0:src1 (0-3 from
        src1, 4-7 from src0)."""
        name = str(op.attributes["intrin"]).strip('"')
        if name != "llvm.amdgcn.perm":
            raise InterpreterError(f"intrinsic {name} is not interpreted")
        src0, src1, sel = (self.get(v) for v in op.operands)
        return self._permute_bytes(src1, src0, sel, 8, "v_perm_b32")

    def op_llvm_select(self, op, mask):
        c = self.get(op.operands[0])
        a, b = self.get(op.operands[1]), self.get(op.operands[2])
        if isinstance(a, list):
            raise InterpreterError("select of structs is not interpreted")
        cond = c.astype(bool)
        if a.ndim == 2:
            cond = cond[:, None]
        return np.where(cond, a, b)

    op_arith_select = op_llvm_select

    # floating point (conv_loop's + 1)
    def _float_cast(self, op):
        value = _to_float(self.get(op.operands[0]), str(op.operands[0].type))
        with np.errstate(all="ignore"):
            return _from_float(value, str(op.results[0].type))

    def op_arith_extf(self, op, mask):
        return self._float_cast(op)

    def op_arith_truncf(self, op, mask):
        # NumPy's astype rounds to nearest even, as arith.truncf's default.
        return self._float_cast(op)

    def op_arith_sitofp(self, op, mask):
        # The signed integer (raw bits, sign-extended) rounded to the
        # nearest float of the result type, ties to even.
        bits, _ = _scalar_info(str(op.operands[0].type))
        u = self.get(op.operands[0]).astype(np.uint64) & _mask(bits)
        signed = u.astype(np.int64) - np.where(
            u >> np.uint64(bits - 1) & np.uint64(1), np.int64(1) << bits, 0) \
            if bits < 64 else u.view(np.int64)
        with np.errstate(over="ignore"):
            return _from_float(signed.astype(np.float64),
                               str(op.results[0].type))

    def op_arith_addf(self, op, mask):
        # A vector (packed halves) is an array of (threads, lanes): the
        # same element-wise add.
        t = str(op.results[0].type)
        t = _vector(t)[1] if _vector(t) else t
        a = _to_float(self.get(op.operands[0]), t)
        b = _to_float(self.get(op.operands[1]), t)
        with np.errstate(all="ignore"):
            return _from_float(a + b, t)

    # aggregates
    def op_llvm_extractvalue(self, op, mask):
        v = self.get(op.operands[0])
        for i in op.attributes["position"]:
            v = v[i]
        return v

    def op_llvm_insertvalue(self, op, mask):
        agg = self.get(op.operands[0])
        pos = list(op.attributes["position"])
        if len(pos) != 1:
            raise InterpreterError("nested insertvalue is not interpreted")
        out = list(agg)
        out[pos[0]] = self.get(op.operands[1])
        return (out,)

    def op_llvm_extractelement(self, op, mask):
        vec, idx = self.get(op.operands[0]), self.get(op.operands[1])
        return vec[np.arange(self.threads), idx.astype(np.int64)]

    def op_llvm_insertelement(self, op, mask):
        vec = self.get(op.operands[0]).copy()
        val, idx = self.get(op.operands[1]), self.get(op.operands[2])
        vec[np.arange(self.threads), idx.astype(np.int64)] = val
        return vec

    def op_llvm_shufflevector(self, op, mask):
        both = np.concatenate(
            [self.get(op.operands[0]), self.get(op.operands[1])], axis=1)
        picks = list(op.attributes["mask"])
        if any(p < 0 for p in picks):
            raise InterpreterError("shufflevector with poison lanes")
        return both[:, picks]

    # addresses and memory
    def op_llvm_getelementptr(self, op, mask):
        raw = list(op.attributes["rawConstantIndices"])
        elem = str(op.attributes["elem_type"].value)
        base = self.get(op.operands[0]).astype(np.int64)
        dynamic = [self.get(v) for v in list(op.operands)[1:]]
        if len(raw) != 1:
            raise InterpreterError("multi-index getelementptr is not interpreted")
        if raw[0] == -2**31:
            d = dynamic[0]
            bits, _ = _scalar_info(str(op.operands[1].type))
            idx = d.astype(np.int64)
            if bits < 64:  # sign-extend
                idx = np.where(idx >= 1 << (bits - 1), idx - (1 << bits), idx)
        else:
            idx = np.int64(raw[0])
        return (base + idx * _bytes_of(elem)).astype(np.uint64)

    def op_llvm_load(self, op, mask):
        t = str(op.results[0].type)
        space = _ptr_space(str(op.operands[0].type))
        mem = self.memories[space]
        active = mask.astype(bool)
        b = mem.load(self.get(op.operands[0]), _bytes_of(t), active, self.epoch)
        out = self.zero_of(t)
        vals = self.from_bytes(b, t)
        out[active] = vals
        return out

    def op_llvm_store(self, op, mask):
        t = str(op.operands[0].type)
        space = _ptr_space(str(op.operands[1].type))
        active = mask.astype(bool)
        data = self.to_bytes(self.get(op.operands[0])[active], t)
        self.memories[space].store(self.get(op.operands[1]), data, active,
                                   self.epoch)
        if self.store_trace is not None and space in (0, 1):
            addr = self.get(op.operands[1]).astype(np.int64)
            nbytes = _bytes_of(t)
            for w in np.unique(np.nonzero(active)[0] // self.wave):
                lanes = active[w * self.wave:(w + 1) * self.wave]
                first = addr[w * self.wave:(w + 1) * self.wave][lanes]
                sectors = np.unique(np.concatenate(
                    [first // 32, (first + nbytes - 1) // 32]))
                self.store_trace.append((int(w), frozenset(sectors.tolist())))

    # threads, barriers, cross-lane moves
    def op_rocdl_workitem_id_x(self, op, mask):
        return np.arange(self.threads, dtype=np.uint64)

    op_nvvm_read_ptx_sreg_tid_x = op_rocdl_workitem_id_x

    def op_gpu_block_id(self, op, mask):
        if str(op.attributes["dimension"]) not in ("#gpu<dim x>",):
            return self.full(0)
        return self.full(self.block_id)

    def barrier(self, mask):
        if not mask.all():
            raise InterpreterError("barrier under divergent control flow")
        self.epoch += 1

    def op_rocdl_s_barrier(self, op, mask):
        self.barrier(mask)

    def op_nvvm_barrier0(self, op, mask):
        self.barrier(mask)

    def op_nvvm_barrier(self, op, mask):
        self.barrier(mask)

    def op_nvvm_bar_warp_sync(self, op, mask):
        """Synchronises (and orders the shared-memory accesses of) the lanes
        of one warp only: no ordering between warps, so it does not end the
        race-checking epoch."""
        lanes = (self.get(op.operands[0]) & 0xFFFFFFFF).astype(np.uint64)
        # A warp none of whose lanes runs it is not involved (a branch on
        # the warp); in a warp that runs it, the lanes that run it are
        # exactly the member mask's, which they all name alike (PTX ISA:
        # every lane in the mask must execute the same bar.warp.sync).
        per_warp = mask.reshape(-1, self.wave)
        per_lanes = lanes.reshape(-1, self.wave)
        bits = np.uint64(1) << np.arange(self.wave, dtype=np.uint64)
        for active, named in zip(per_warp, per_lanes):
            if not active.any():
                continue
            running = int(np.bitwise_or.reduce(bits[active]))
            if (named[active] != named[active][0]).any() or \
                    int(named[active][0]) != running:
                raise InterpreterError("bar.warp.sync: the lanes that run it "
                                       "must be exactly its member mask")

    def op_llvm_fence(self, op, mask):
        return None

    def lane_read(self, value, src_lane):
        """value of lane src_lane (per thread) of the reader's wave."""
        tid = np.arange(self.threads)
        base = tid - tid % self.wave
        return value[base + src_lane.astype(np.int64) % self.wave]

    def op_rocdl_ds_bpermute(self, op, mask):
        index, src = self.get(op.operands[0]), self.get(op.operands[1])
        if not mask.all():
            raise InterpreterError("ds_bpermute under divergent control flow")
        return self.lane_read(src, (index >> np.uint64(2)) & np.uint64(63))

    def op_rocdl_ds_swizzle(self, op, mask):
        src, offset = self.get(op.operands[0]), self.get(op.operands[1])
        off = int(offset[0])
        if (offset != offset[0]).any() or off & 0x8000:
            raise InterpreterError("only uniform bit-mask ds_swizzle is interpreted")
        and_m, or_m, xor_m = off & 31, (off >> 5) & 31, (off >> 10) & 31
        lane = np.arange(self.threads) % self.wave
        group = lane - lane % 32
        src_lane = group + (((lane % 32) & and_m) | or_m) ^ xor_m
        return self.lane_read(src, src_lane)

    def op_rocdl_update_dpp(self, op, mask):
        old, src = self.get(op.operands[0]), self.get(op.operands[1])
        ctrl = op.attributes["dppCtrl"].value
        bank_mask = op.attributes["bankMask"].value
        if op.attributes["rowMask"].value != 0xF:
            raise InterpreterError("DPP with a row mask is not interpreted")
        lane = np.arange(self.threads) % self.wave
        in_row = lane % 16
        if ctrl <= 0xFF:
            sel = np.array([(ctrl >> (2 * p)) & 3 for p in range(4)])
            src_lane = lane - lane % 4 + sel[lane % 4]
        elif 0x101 <= ctrl <= 0x10F:  # row_shl:N: lane l reads l + N
            src_lane = lane + (ctrl - 0x100)
            valid = in_row + (ctrl - 0x100) < 16
        elif 0x111 <= ctrl <= 0x11F:  # row_shr:N: lane l reads l - N
            src_lane = lane - (ctrl - 0x110)
            valid = in_row - (ctrl - 0x110) >= 0
        elif ctrl == 0x140:  # row_mirror
            src_lane = lane - in_row + (15 - in_row)
        elif ctrl == 0x141:  # row_half_mirror
            src_lane = lane - lane % 8 + (7 - lane % 8)
        else:
            raise InterpreterError(f"DPP control {ctrl:#x} is not interpreted")
        enabled = ((bank_mask >> ((lane % 16) // 4)) & 1).astype(bool)
        if 0x101 <= ctrl <= 0x11F:
            if (enabled & ~valid).any():
                raise InterpreterError("DPP row shift reads outside its row")
            src_lane = np.where(valid, src_lane, lane)
        moved = self.lane_read(src, src_lane)
        return np.where(enabled, moved, old)

    def op_nvvm_shfl_sync(self, op, mask):
        kind = str(op.attributes["kind"])
        if "idx" not in kind:
            raise InterpreterError(f"shfl.sync {kind} is not interpreted")
        if not mask.all():
            raise InterpreterError("shfl.sync under divergent control flow")
        value, lane = self.get(op.operands[1]), self.get(op.operands[2])
        clamp = self.get(op.operands[3])
        if (clamp != 31).any():
            raise InterpreterError("shfl.sync with a segment mask")
        return self.lane_read(value, lane & np.uint64(31))

    # warp-wide matrix moves (PTX ISA: ldmatrix / stmatrix, m8n8, b16)
    def _matrix_slots(self, op, mask, count):
        """The shared addresses of each thread's words: [count, threads,
        parts] and the part size in bytes, and the threads taking part (a
        warp takes part with all its lanes or none). Lane 8 i + r of a warp
        gives the address of row r of its matrix i; lane t's word j is the
        32-bit column pair t % 4 of row t / 4 of matrix j, or, transposed,
        the two 16-bit elements at column t / 4 of rows 2 (t % 4) and
        2 (t % 4) + 1."""
        if str(op.attributes["shape"]) != \
                "#nvvm.ld_st_matrix_shape<m = 8, n = 8>" or \
                str(op.attributes["eltType"]) != \
                "#nvvm.ld_st_matrix_elt_type<b16>":
            raise InterpreterError("only m8n8 b16 matrix moves are interpreted")
        trans = str(op.attributes["layout"]) == "#nvvm.mma_layout<col>"
        ptr = self.get(op.operands[0]).astype(np.int64)
        parts, size = (2, 2) if trans else (1, 4)
        slots = np.zeros((count, self.threads, parts), dtype=np.int64)
        active = np.zeros(self.threads, dtype=bool)
        t = np.arange(32)
        for start in range(0, self.threads, 32):
            taking = mask[start:start + 32]
            if not taking.any():
                continue
            if taking.size < 32 or not taking.all():
                raise InterpreterError(f"{op.name} needs every lane of the warp")
            rows = ptr[start:start + 8 * count].reshape(count, 8)
            if (rows % 16).any():
                raise InterpreterError(f"{op.name}: a row address is not "
                                       "16-byte aligned")
            active[start:start + 32] = True
            if trans:
                slots[:, start:start + 32, 0] = rows[:, 2 * (t % 4)] + 2 * (t // 4)
                slots[:, start:start + 32, 1] = \
                    rows[:, 2 * (t % 4) + 1] + 2 * (t // 4)
            else:
                slots[:, start:start + 32, 0] = rows[:, t // 4] + 4 * (t % 4)
        return slots.astype(np.uint64), size, active

    def op_nvvm_ldmatrix(self, op, mask):
        count = op.attributes["num"].value
        slots, size, active = self._matrix_slots(op, mask, count)
        words = []
        for j in range(count):
            word = self.full(0)
            for part in range(slots.shape[2]):
                got = self.shared.load(slots[j, :, part], size, active,
                                       self.epoch)
                word[active] |= _unpack(got) << np.uint64(8 * size * part)
            words.append(word)
        return (words,)

    def op_nvvm_stmatrix(self, op, mask):
        values = [self.get(v) for v in list(op.operands)[1:]]
        slots, size, active = self._matrix_slots(op, mask, len(values))
        for j, value in enumerate(values):
            for part in range(slots.shape[2]):
                piece = value[active] >> np.uint64(8 * size * part)
                self.shared.store(slots[j, :, part], _pack(piece, size),
                                  active, self.epoch)

    _LINE_LOAD = re.compile(r"ld\.global\.L2::128B(?:\.v(\d))?\.b(32|64) "
                            r"[^\[]*\[\$(\d+)([+-]\d+)?\];")

    def op_llvm_inline_asm(self, op, mask):
        """The one inline PTX the NVVM lowering writes: ld.global with the
        L2::128B prefetch size (1, 2 or 4 words of 32 or 64 bits)."""
        text = op.attributes["asm_string"].value
        m = self._LINE_LOAD.fullmatch(text)
        if not m:
            raise InterpreterError(f"inline asm {text!r} is not interpreted")
        words, word_bytes = int(m.group(1) or 1), int(m.group(2)) // 8
        ptr = self.get(op.operands[int(m.group(3)) - words])
        space = _ptr_space(str(op.operands[0].type))
        addr = ptr.astype(np.int64) + int(m.group(4) or 0)
        active = mask.astype(bool)
        got = self.memories[space].load(addr.astype(np.uint64),
                                        words * word_bytes, active, self.epoch)
        out = [self.full(0) for _ in range(words)]
        for w in range(words):
            out[w][active] = _unpack(got[:, w * word_bytes:(w + 1) * word_bytes])
        return out[0] if words == 1 else (out,)

    # structured control flow
    def op_scf_if(self, op, mask):
        cond = self.get(op.operands[0]).astype(bool)
        taken = self.run_branch(op.regions[0].blocks[0], mask & cond)
        if not len(op.results):
            if len(op.regions) > 1 and len(op.regions[1].blocks):
                self.run_block(op.regions[1].blocks[0], mask & ~cond)
            return None
        # Each thread's results come from the branch it took (a value of the
        # branch it did not take is whatever that branch computed for it).
        other = self.run_branch(op.regions[1].blocks[0], mask & ~cond)
        return tuple(
            np.where(cond.reshape(cond.shape + (1,) * (np.ndim(t) - 1)), t, o)
            for t, o in zip(taken, other))

    def run_branch(self, block, mask):
        """Runs the block of an scf.if or scf.for region; returns the values
        of its scf.yield."""
        for op in block.operations:
            op = op.operation
            if op.name == "scf.yield":
                return [self.get(v) for v in op.operands]
            self.run_op(op, mask)
        return []

    def op_scf_for(self, op, mask):
        lb, ub, step = (int(self.get(op.operands[i])[0]) for i in range(3))
        carried = [self.get(v) for v in list(op.operands)[3:]]
        body = op.regions[0].blocks[0]
        args = list(body.arguments)
        for i in range(lb, ub, step):
            self.env[args[0]] = self.full(i)
            for a, v in zip(args[1:], carried):
                self.env[a] = v
            carried = self.run_branch(body, mask)
        return tuple(carried)

    def op_gpu_return(self, op, mask):
        return None

    def op_scf_yield(self, op, mask):
        # Never reached with values: scf.if and scf.for read their yields
        # themselves.
        if len(op.operands):
            raise InterpreterError("scf.yield with values outside scf.for")


def _globals_of(gpu_module):
    """(name -> LDS offset, total LDS bytes) of the addrspace(3) globals."""
    out, size = {}, 0
    for op in gpu_module.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "llvm.mlir.global":
            continue
        space = op.attributes["addr_space"].value \
            if "addr_space" in op.attributes else 0
        if space != 3:
            raise InterpreterError("only shared-memory globals are interpreted")
        t = str(op.attributes["global_type"].value)
        size = (size + 15) // 16 * 16
        out[op.attributes["sym_name"].value] = size
        size += max(_bytes_of(t), 1)
    return out, size


def run_workgroup(module_text: str, kernel: str, args: list, threads: int,
                  wave: int, block_id: int = 0, dynamic_shared: int = 0,
                  store_trace: list | None = None):
    """Runs `kernel` (a gpu.func of the module's single gpu.module) for one
    workgroup of `threads` threads in waves of `wave` lanes.

    `args` are NumPy arrays (one per pointer argument, in order); they are
    laid out in one global memory and written back after the run. A list
    `store_trace` receives (wave, 32-byte sectors) for each global store
    each wave executes (global memory is 256-byte aligned)."""
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = False
        module = ir.Module.parse(module_text)
        gpu_modules = [op.operation for op in module.body.operations
                       if op.operation.name == "gpu.module"]
        if len(gpu_modules) != 1:
            raise InterpreterError("expected one gpu.module")
        func = None
        for op in gpu_modules[0].regions[0].blocks[0].operations:
            op = op.operation
            if op.name == "gpu.func" and op.attributes["sym_name"].value == kernel:
                func = op
        if func is None:
            raise InterpreterError(f"no gpu.func @{kernel}")
        lds, lds_size = _globals_of(gpu_modules[0])
        # Global memory: the arguments back to back, 256-byte aligned.
        offsets, total = [], 0
        for a in args:
            offsets.append(total)
            total += (a.nbytes + 255) // 256 * 256 + 256
        gmem = _Memory(total, False, threads, wave)
        for a, off in zip(args, offsets):
            gmem.data[off:off + a.nbytes] = np.frombuffer(a.tobytes(), np.uint8)
        it = _Interpreter(threads, wave, block_id, gmem, args,
                          lds_size + dynamic_shared)
        it.globals = lds
        it.store_trace = store_trace
        block = func.regions[0].blocks[0]
        for arg, off in zip(block.arguments, offsets):
            it.env[arg] = it.full(off)
        it.run_block(block, np.ones(threads, dtype=bool))
        for a, off in zip(args, offsets):
            a[...] = np.frombuffer(gmem.data[off:off + a.nbytes].tobytes(),
                                   a.dtype).reshape(a.shape)
        return it.epoch
