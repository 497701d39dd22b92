"""The carried register chain of a generated loop (interp/models/asm_chain.py), by hand.

Latencies (arbitrary units): double add 3, double mul 4, double div 13, int add 1, int mul 3,
int div 20: the chain is the longest cycle of these through the registers a pass writes.
"""
import pytest

from interp.models import asm_chain
from interp.models.asm_loops import Insn, _operands

LAT = {"double_add": 3.0, "double_mul": 4.0, "double_div": 13.0, "int_add": 1.0, "int_mul": 3.0,
       "int_div": 20.0, "int_to_real": 5.0}


def block(text: str) -> list[Insn]:
    out = []
    for line in text.strip().splitlines():
        mnemonic, _, rest = line.strip().partition(" ")
        out.append(Insn(mnemonic, _operands(rest.strip()), line.strip(), None, None))
    return out


def test_horner_is_a_multiply_and_an_add_per_pass():
    # p = p*x + c[k]: xmm0 <- xmm0 * xmm1 (4) + a load (3); the counter's add is 1
    insns = block("""
        mulsd %xmm1, %xmm0
        addsd -8(%rdx), %xmm0
        addq $8, %rdx
        cmpq %rdx, %rax
        jne .L3
    """)
    assert asm_chain.carried(insns, LAT) == (7.0, ["v0"])


def test_a_load_starts_a_fresh_value():
    # the multiply reads this pass's loads only: the sum's add is the chain (3), not 4 + 3
    insns = block("""
        movsd (%rax,%rdx,8), %xmm1
        mulsd (%rcx,%rdx,8), %xmm1
        addsd %xmm1, %xmm0
        addq $1, %rdx
    """)
    assert asm_chain.carried(insns, LAT) == (3.0, ["v0"])


def test_two_accumulators_are_two_chains():
    # an integer sum the compiler split over two vector registers: each carries one add
    insns = block("""
        paddd (%rax), %xmm0
        paddd 16(%rax), %xmm1
        addq $32, %rax
    """)
    assert asm_chain.carried(insns, LAT) == (1.0, ["rax", "v0", "v1"])


def test_a_zeroing_idiom_carries_nothing():
    insns = block("""
        xorl %eax, %eax
        addq %rcx, %rax
        pxor %xmm0, %xmm0
        addsd %xmm1, %xmm0
        addsd %xmm0, %xmm0
    """)
    assert asm_chain.carried(insns, LAT) == (0.0, [])


def test_a_chain_through_a_copy():
    # xmm2 = xmm0 (free) * xmm1 (4); xmm3 += xmm2 (3); xmm0 = xmm3 (free): last pass's xmm0
    # reaches this pass's xmm0 through 7; xmm3 to itself through 3
    insns = block("""
        movapd %xmm0, %xmm2
        mulsd %xmm1, %xmm2
        addsd %xmm2, %xmm3
        movapd %xmm3, %xmm0
    """)
    assert asm_chain.carried(insns, LAT) == (7.0, ["v0"])


def test_a_cycle_over_two_passes_counts_its_mean():
    # xmm0 <- xmm1 + xmm2 (3), then xmm1 <- this pass's xmm0 * xmm3 (4): one pass, 7
    insns = block("""
        vaddsd %xmm2, %xmm1, %xmm0
        vmulsd %xmm3, %xmm0, %xmm1
    """)
    assert asm_chain.carried(insns, LAT) == (7.0, ["v1"])
    # xmm1 <- last pass's xmm0 (4, through xmm4), xmm0 <- last pass's xmm1 (3): a cycle of two
    # passes, 7 over 2
    swapped = block("""
        vmulsd %xmm3, %xmm0, %xmm4
        vaddsd %xmm2, %xmm1, %xmm0
        vmovapd %xmm4, %xmm1
    """)
    assert asm_chain.carried(swapped, LAT) == (pytest.approx(3.5), ["v0", "v1"])


def test_an_integer_division_carries_rax_and_rdx():
    # Euclid: rax = rdx:rax / rcx, then rax <- rcx, rcx <- rdx: the divide is on the cycle
    insns = block("""
        cqto
        idivq %rcx
        movq %rcx, %rax
        movq %rdx, %rcx
        testq %rcx, %rcx
        jne .L5
    """)
    chain, regs = asm_chain.carried(insns, LAT)
    assert chain == 20.0 and "rcx" in regs


def test_a_fused_multiply_add_reads_its_destination():
    insns = block("vfmadd231sd %xmm2, %xmm1, %xmm0")
    assert asm_chain.carried(insns, LAT) == (4.0, ["v0"])


def test_a_store_and_a_compare_write_no_register():
    insns = block("""
        movsd %xmm0, (%rdi)
        ucomisd %xmm0, %xmm1
        cmpq $5, %rax
    """)
    assert asm_chain.carried(insns, LAT) == (0.0, [])


def test_multiplies_by_operand_count():
    # the lcg x = x*a + c: imul by a register holding a (3), then an add of c (1): 4
    lcg = block("""
        imulq %rsi, %rax
        addq %rdi, %rax
    """)
    assert asm_chain.carried(lcg, LAT) == (4.0, ["rax"])
    # imul $k, src, dst does not read dst: rdx = rax * 3 (3), rax = rdx (free): rax to itself, 3
    three = block("""
        imulq $3, %rax, %rdx
        movq %rdx, %rax
    """)
    assert asm_chain.carried(three, LAT) == (3.0, ["rax"])
    # mulq %rcx: rdx:rax = rax * rcx, through rax and rdx (3)
    wide = block("mulq %rcx")
    assert asm_chain.carried(wide, LAT) == (3.0, ["rax"])


def test_a_division_by_memory_still_carries_rax():
    # idivl 12(%rsp): the divisor from memory, the dividend through eax:edx (20); cltd, which has
    # no operand, is not followed, so edx keeps its own cycle through the division too
    insns = block("""
        cltd
        idivl 12(%rsp)
        movl %edx, %eax
    """)
    assert asm_chain.carried(insns, LAT) == (20.0, ["rax", "rdx"])
