	.file	"kernels.c"
	.text
.Ltext0:
	.file 0 "/work/wt-mca/tests/data/compiled" "kernels.c"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL0:
.LFB11:
	.file 1 "kernels.c"
	.loc 1 7 1 view -0
	.cfi_startproc
	.loc 1 8 5 view .LVU1
.LBB4:
.LBI4:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 view .LVU2
.LBB5:
	.loc 2 364 3 view .LVU3
.LBE5:
.LBE4:
	.loc 1 7 1 is_stmt 0 view .LVU4
	pushq	%r13
	.cfi_def_cfa_offset 16
	.cfi_offset 13, -16
.LVL1:
.LBB9:
.LBB6:
	.loc 2 364 16 view .LVU5
	movl	$10, %edx
.LBE6:
.LBE9:
	.loc 1 7 1 view .LVU6
	pushq	%r12
	.cfi_def_cfa_offset 24
	.cfi_offset 12, -24
	pushq	%rbp
	.cfi_def_cfa_offset 32
	.cfi_offset 6, -32
	pushq	%rbx
	.cfi_def_cfa_offset 40
	.cfi_offset 3, -40
	subq	$24, %rsp
	.cfi_def_cfa_offset 64
.LBB10:
.LBB7:
	.loc 2 364 16 view .LVU7
	movq	8(%rsi), %rdi
.LVL2:
	.loc 2 364 16 view .LVU8
	xorl	%esi, %esi
.LVL3:
	.loc 2 364 16 view .LVU9
	call	strtol@PLT
.LVL4:
.LBE7:
.LBE10:
	.loc 1 11 17 view .LVU10
	movslq	%eax, %rdi
.LBB11:
.LBB8:
	.loc 2 364 16 view .LVU11
	movq	%rax, %r12
	.loc 2 364 10 view .LVU12
	movl	%eax, %ebp
.LVL5:
	.loc 2 364 10 view .LVU13
.LBE8:
.LBE11:
	.loc 1 9 5 is_stmt 1 view .LVU14
	.loc 1 10 5 view .LVU15
	.loc 1 11 5 view .LVU16
	.loc 1 11 17 is_stmt 0 view .LVU17
	salq	$3, %rdi
	call	malloc@PLT
.LVL6:
	.loc 1 11 17 view .LVU18
	movq	%rax, %rbx
.LVL7:
	.loc 1 12 5 is_stmt 1 view .LVU19
	.loc 1 12 19 view .LVU20
	testl	%r12d, %r12d
	jle	.L6
	leal	-1(%r12), %eax
.LVL8:
	.loc 1 12 19 is_stmt 0 view .LVU21
	movq	%rbx, %r12
	leaq	8(%rbx,%rax,8), %r13
.LVL9:
	.p2align 4,,10
	.p2align 3
.L3:
	.loc 1 13 9 is_stmt 1 discriminator 3 view .LVU22
	.loc 1 13 24 is_stmt 0 discriminator 3 view .LVU23
	call	rand@PLT
.LVL10:
	.loc 1 13 16 discriminator 3 view .LVU24
	pxor	%xmm0, %xmm0
	.loc 1 12 19 discriminator 3 view .LVU25
	addq	$8, %r12
.LVL11:
	.loc 1 13 16 discriminator 3 view .LVU26
	cvtsi2sdl	%eax, %xmm0
	.loc 1 13 31 discriminator 3 view .LVU27
	divsd	.LC1(%rip), %xmm0
	.loc 1 13 14 discriminator 3 view .LVU28
	movsd	%xmm0, -8(%r12)
	.loc 1 12 25 is_stmt 1 discriminator 3 view .LVU29
.LVL12:
	.loc 1 12 19 discriminator 3 view .LVU30
	cmpq	%r13, %r12
	jne	.L3
	.loc 1 14 12 is_stmt 0 view .LVU31
	xorl	%edi, %edi
	movq	%rbx, %rsi
	.loc 1 10 12 view .LVU32
	pxor	%xmm0, %xmm0
.LVL13:
	.loc 1 14 25 is_stmt 1 view .LVU33
	addl	$1, %edi
.LVL14:
	.loc 1 14 19 view .LVU34
	movq	%rsi, %rcx
	addq	$8, %rsi
	cmpl	%ebp, %edi
	je	.L2
	.p2align 4,,10
	.p2align 3
.L11:
.LVL15:
	.loc 1 15 23 view .LVU35
	.loc 1 16 19 is_stmt 0 view .LVU36
	movsd	(%rsi), %xmm2
	movq	%rbx, %rax
.LVL16:
	.p2align 4,,10
	.p2align 3
.L5:
	.loc 1 16 13 is_stmt 1 discriminator 3 view .LVU37
	.loc 1 16 23 is_stmt 0 discriminator 3 view .LVU38
	movsd	(%rax), %xmm1
	movq	%rax, %rdx
	.loc 1 15 23 discriminator 3 view .LVU39
	addq	$8, %rax
.LVL17:
	.loc 1 16 23 discriminator 3 view .LVU40
	mulsd	%xmm2, %xmm1
	.loc 1 16 15 discriminator 3 view .LVU41
	addsd	%xmm1, %xmm0
.LVL18:
	.loc 1 15 29 is_stmt 1 discriminator 3 view .LVU42
	.loc 1 15 23 discriminator 3 view .LVU43
	cmpq	%rdx, %rcx
	jne	.L5
.LVL19:
	.loc 1 14 25 view .LVU44
	addl	$1, %edi
.LVL20:
	.loc 1 14 19 view .LVU45
	movq	%rsi, %rcx
	addq	$8, %rsi
	cmpl	%ebp, %edi
	jne	.L11
.LVL21:
.L2:
	.loc 1 17 5 is_stmt 0 view .LVU46
	movq	%rbx, %rdi
	movsd	%xmm0, 8(%rsp)
	.loc 1 17 5 is_stmt 1 view .LVU47
	call	free@PLT
.LVL22:
	.loc 1 18 5 view .LVU48
	.loc 1 18 14 is_stmt 0 view .LVU49
	movsd	8(%rsp), %xmm0
	pxor	%xmm1, %xmm1
	xorl	%eax, %eax
	comisd	%xmm1, %xmm0
	seta	%al
	.loc 1 19 1 view .LVU50
	addq	$24, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 40
	popq	%rbx
	.cfi_def_cfa_offset 32
.LVL23:
	.loc 1 19 1 view .LVU51
	popq	%rbp
	.cfi_def_cfa_offset 24
.LVL24:
	.loc 1 19 1 view .LVU52
	popq	%r12
	.cfi_def_cfa_offset 16
	popq	%r13
	.cfi_def_cfa_offset 8
	ret
.LVL25:
.L6:
	.cfi_restore_state
	.loc 1 10 12 view .LVU53
	pxor	%xmm0, %xmm0
	jmp	.L2
	.cfi_endproc
.LFE11:
	.size	main, .-main
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC1:
	.long	-4194304
	.long	1105199103
	.text
.Letext0:
	.file 3 "/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x23b
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x9
	.long	.LASF19
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL9
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0xa
	.long	.LASF20
	.byte	0x3
	.byte	0xd6
	.byte	0x17
	.long	0x36
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF2
	.uleb128 0xb
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x1
	.byte	0x8
	.byte	0x5
	.long	.LASF3
	.uleb128 0x1
	.byte	0x8
	.byte	0x5
	.long	.LASF4
	.uleb128 0x1
	.byte	0x1
	.byte	0x8
	.long	.LASF5
	.uleb128 0x1
	.byte	0x2
	.byte	0x7
	.long	.LASF6
	.uleb128 0x1
	.byte	0x4
	.byte	0x7
	.long	.LASF7
	.uleb128 0x1
	.byte	0x1
	.byte	0x6
	.long	.LASF8
	.uleb128 0x1
	.byte	0x2
	.byte	0x5
	.long	.LASF9
	.uleb128 0xc
	.byte	0x8
	.uleb128 0x4
	.long	0x7c
	.uleb128 0x1
	.byte	0x1
	.byte	0x6
	.long	.LASF10
	.uleb128 0xd
	.long	0x7c
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF11
	.uleb128 0xe
	.long	.LASF12
	.byte	0x2
	.byte	0xb1
	.byte	0x11
	.long	0x44
	.long	0xaf
	.uleb128 0x2
	.long	0xb4
	.uleb128 0x2
	.long	0xbe
	.uleb128 0x2
	.long	0x3d
	.byte	0
	.uleb128 0x4
	.long	0x83
	.uleb128 0x6
	.long	0xaf
	.uleb128 0x4
	.long	0x77
	.uleb128 0x6
	.long	0xb9
	.uleb128 0xf
	.long	.LASF17
	.byte	0x2
	.value	0x238
	.byte	0xd
	.long	0xd6
	.uleb128 0x2
	.long	0x75
	.byte	0
	.uleb128 0x10
	.long	.LASF21
	.byte	0x2
	.value	0x1c6
	.byte	0xc
	.long	0x3d
	.uleb128 0x11
	.long	.LASF13
	.byte	0x2
	.value	0x229
	.byte	0xe
	.long	0x75
	.long	0xfa
	.uleb128 0x2
	.long	0x2a
	.byte	0
	.uleb128 0x12
	.long	.LASF22
	.byte	0x1
	.byte	0x6
	.byte	0x5
	.long	0x3d
	.quad	.LFB11
	.quad	.LFE11-.LFB11
	.uleb128 0x1
	.byte	0x9c
	.long	0x216
	.uleb128 0x7
	.long	.LASF14
	.byte	0xe
	.long	0x3d
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x7
	.long	.LASF15
	.byte	0x1b
	.long	0xb9
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x3
	.string	"n"
	.byte	0x8
	.byte	0x9
	.long	0x3d
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0x3
	.string	"i"
	.byte	0x9
	.byte	0x9
	.long	0x3d
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0x3
	.string	"j"
	.byte	0x9
	.byte	0xc
	.long	0x3d
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x3
	.string	"s"
	.byte	0xa
	.byte	0xc
	.long	0x216
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0x3
	.string	"x"
	.byte	0xb
	.byte	0xd
	.long	0x21d
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0x13
	.long	0x222
	.quad	.LBI4
	.byte	.LVU2
	.long	.LLRL7
	.byte	0x1
	.byte	0x8
	.byte	0xd
	.long	0x1d4
	.uleb128 0x14
	.long	0x230
	.long	.LLST8
	.long	.LVUS8
	.uleb128 0x8
	.quad	.LVL4
	.long	0x8f
	.uleb128 0x5
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x5
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x1
	.byte	0x3a
	.byte	0
	.byte	0
	.uleb128 0x15
	.quad	.LVL6
	.long	0xe3
	.long	0x1f4
	.uleb128 0x5
	.uleb128 0x1
	.byte	0x55
	.uleb128 0xa
	.byte	0x76
	.sleb128 0
	.byte	0x8
	.byte	0x20
	.byte	0x24
	.byte	0x8
	.byte	0x20
	.byte	0x26
	.byte	0x33
	.byte	0x24
	.byte	0
	.uleb128 0x16
	.quad	.LVL10
	.long	0xd6
	.uleb128 0x8
	.quad	.LVL22
	.long	0xc3
	.uleb128 0x5
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x1
	.byte	0x8
	.byte	0x4
	.long	.LASF16
	.uleb128 0x4
	.long	0x216
	.uleb128 0x17
	.long	.LASF18
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x3d
	.byte	0x3
	.uleb128 0x18
	.long	.LASF23
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0xaf
	.byte	0
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0xe
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 6
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0x11
	.byte	0x1
	.uleb128 0x25
	.uleb128 0xe
	.uleb128 0x13
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x1f
	.uleb128 0x1b
	.uleb128 0x1f
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x10
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0x16
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x8
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x10
	.uleb128 0x2e
	.byte	0
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.byte	0
	.byte	0
	.uleb128 0x11
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x12
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x13
	.uleb128 0x1d
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x52
	.uleb128 0x1
	.uleb128 0x2138
	.uleb128 0xb
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x58
	.uleb128 0xb
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x14
	.uleb128 0x5
	.byte	0
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x15
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x16
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x17
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x20
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x18
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0x5
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.byte	0
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.Ldebug_loc0:
.LVUS0:
	.uleb128 0
	.uleb128 .LVU8
	.uleb128 .LVU8
	.uleb128 0
.LLST0:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL2-.LVL0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL2-.LVL0
	.uleb128 .LFE11-.LVL0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS1:
	.uleb128 0
	.uleb128 .LVU9
	.uleb128 .LVU9
	.uleb128 0
.LLST1:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL3-.LVL0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL3-.LVL0
	.uleb128 .LFE11-.LVL0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS2:
	.uleb128 .LVU13
	.uleb128 .LVU18
	.uleb128 .LVU18
	.uleb128 .LVU52
	.uleb128 .LVU53
	.uleb128 0
.LLST2:
	.byte	0x6
	.quad	.LVL5
	.byte	0x4
	.uleb128 .LVL5-.LVL5
	.uleb128 .LVL6-1-.LVL5
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL6-1-.LVL5
	.uleb128 .LVL24-.LVL5
	.uleb128 0x1
	.byte	0x56
	.byte	0x4
	.uleb128 .LVL25-.LVL5
	.uleb128 .LFE11-.LVL5
	.uleb128 0x1
	.byte	0x56
	.byte	0
.LVUS3:
	.uleb128 .LVU20
	.uleb128 .LVU22
	.uleb128 .LVU22
	.uleb128 .LVU26
	.uleb128 .LVU26
	.uleb128 .LVU30
	.uleb128 .LVU34
	.uleb128 .LVU44
	.uleb128 .LVU45
	.uleb128 .LVU46
	.uleb128 .LVU53
	.uleb128 0
.LLST3:
	.byte	0x6
	.quad	.LVL7
	.byte	0x4
	.uleb128 .LVL7-.LVL7
	.uleb128 .LVL9-.LVL7
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL9-.LVL7
	.uleb128 .LVL11-.LVL7
	.uleb128 0x8
	.byte	0x7c
	.sleb128 0
	.byte	0x73
	.sleb128 0
	.byte	0x1c
	.byte	0x33
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL11-.LVL7
	.uleb128 .LVL12-.LVL7
	.uleb128 0xa
	.byte	0x7c
	.sleb128 0
	.byte	0x73
	.sleb128 0
	.byte	0x1c
	.byte	0x38
	.byte	0x1c
	.byte	0x33
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL14-.LVL7
	.uleb128 .LVL19-.LVL7
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL20-.LVL7
	.uleb128 .LVL21-.LVL7
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL25-.LVL7
	.uleb128 .LFE11-.LVL7
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS4:
	.uleb128 .LVU35
	.uleb128 .LVU37
	.uleb128 .LVU37
	.uleb128 .LVU40
	.uleb128 .LVU40
	.uleb128 .LVU43
.LLST4:
	.byte	0x6
	.quad	.LVL15
	.byte	0x4
	.uleb128 .LVL15-.LVL15
	.uleb128 .LVL16-.LVL15
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL16-.LVL15
	.uleb128 .LVL17-.LVL15
	.uleb128 0x8
	.byte	0x70
	.sleb128 0
	.byte	0x73
	.sleb128 0
	.byte	0x1c
	.byte	0x33
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL17-.LVL15
	.uleb128 .LVL18-.LVL15
	.uleb128 0x8
	.byte	0x71
	.sleb128 0
	.byte	0x73
	.sleb128 0
	.byte	0x1c
	.byte	0x33
	.byte	0x25
	.byte	0x9f
	.byte	0
.LVUS5:
	.uleb128 .LVU16
	.uleb128 .LVU33
	.uleb128 .LVU34
	.uleb128 .LVU44
	.uleb128 .LVU45
	.uleb128 .LVU46
	.uleb128 .LVU53
	.uleb128 0
.LLST5:
	.byte	0x6
	.quad	.LVL5
	.byte	0x4
	.uleb128 .LVL5-.LVL5
	.uleb128 .LVL13-.LVL5
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0x4
	.uleb128 .LVL14-.LVL5
	.uleb128 .LVL19-.LVL5
	.uleb128 0x1
	.byte	0x61
	.byte	0x4
	.uleb128 .LVL20-.LVL5
	.uleb128 .LVL21-.LVL5
	.uleb128 0x1
	.byte	0x61
	.byte	0x4
	.uleb128 .LVL25-.LVL5
	.uleb128 .LFE11-.LVL5
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0
.LVUS6:
	.uleb128 .LVU19
	.uleb128 .LVU21
	.uleb128 .LVU21
	.uleb128 .LVU51
	.uleb128 .LVU53
	.uleb128 0
.LLST6:
	.byte	0x6
	.quad	.LVL7
	.byte	0x4
	.uleb128 .LVL7-.LVL7
	.uleb128 .LVL8-.LVL7
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL8-.LVL7
	.uleb128 .LVL23-.LVL7
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL25-.LVL7
	.uleb128 .LFE11-.LVL7
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS8:
	.uleb128 .LVU2
	.uleb128 .LVU5
.LLST8:
	.byte	0x8
	.quad	.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x2
	.byte	0x74
	.sleb128 8
	.byte	0
.Ldebug_loc3:
	.section	.debug_aranges,"",@progbits
	.long	0x2c
	.value	0x2
	.long	.Ldebug_info0
	.byte	0x8
	.byte	0
	.value	0
	.value	0
	.quad	.LFB11
	.quad	.LFE11-.LFB11
	.quad	0
	.quad	0
	.section	.debug_rnglists,"",@progbits
.Ldebug_ranges0:
	.long	.Ldebug_ranges3-.Ldebug_ranges2
.Ldebug_ranges2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.LLRL7:
	.byte	0x5
	.quad	.LBB4
	.byte	0x4
	.uleb128 .LBB4-.LBB4
	.uleb128 .LBE4-.LBB4
	.byte	0x4
	.uleb128 .LBB9-.LBB4
	.uleb128 .LBE9-.LBB4
	.byte	0x4
	.uleb128 .LBB10-.LBB4
	.uleb128 .LBE10-.LBB4
	.byte	0x4
	.uleb128 .LBB11-.LBB4
	.uleb128 .LBE11-.LBB4
	.byte	0
.LLRL9:
	.byte	0x7
	.quad	.LFB11
	.uleb128 .LFE11-.LFB11
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF4:
	.string	"long long int"
.LASF20:
	.string	"size_t"
.LASF22:
	.string	"main"
.LASF17:
	.string	"free"
.LASF2:
	.string	"long unsigned int"
.LASF11:
	.string	"long long unsigned int"
.LASF12:
	.string	"strtol"
.LASF10:
	.string	"char"
.LASF5:
	.string	"unsigned char"
.LASF19:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fasynchronous-unwind-tables"
.LASF3:
	.string	"long int"
.LASF23:
	.string	"__nptr"
.LASF18:
	.string	"atoi"
.LASF21:
	.string	"rand"
.LASF16:
	.string	"double"
.LASF14:
	.string	"argc"
.LASF6:
	.string	"short unsigned int"
.LASF8:
	.string	"signed char"
.LASF15:
	.string	"argv"
.LASF9:
	.string	"short int"
.LASF7:
	.string	"unsigned int"
.LASF13:
	.string	"malloc"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"/work/wt-mca/tests/data/compiled"
.LASF0:
	.string	"kernels.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
