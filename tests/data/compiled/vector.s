	.file	"vector.c"
	.text
.Ltext0:
	.file 0 "/work/wt-mca/tests/data/compiled" "vector.c"
	.p2align 4
	.globl	add
	.type	add, @function
add:
.LVL0:
.LFB0:
	.file 1 "vector.c"
	.loc 1 4 1 view -0
	.cfi_startproc
	.loc 1 5 5 view .LVU1
	.loc 1 6 5 view .LVU2
	.loc 1 6 19 view .LVU3
	testl	%ecx, %ecx
	jle	.L17
	leal	-1(%rcx), %eax
	cmpl	$2, %eax
	jbe	.L8
	movl	%ecx, %r8d
	xorl	%eax, %eax
	shrl	$2, %r8d
	salq	$5, %r8
.LVL1:
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 7 9 discriminator 3 view .LVU4
	.loc 1 7 21 is_stmt 0 discriminator 3 view .LVU5
	vmovupd	(%rsi,%rax), %ymm1
	vaddpd	(%rdx,%rax), %ymm1, %ymm0
	.loc 1 7 14 discriminator 3 view .LVU6
	vmovupd	%ymm0, (%rdi,%rax)
	.loc 1 6 25 is_stmt 1 discriminator 3 view .LVU7
	.loc 1 6 19 discriminator 3 view .LVU8
	addq	$32, %rax
	cmpq	%rax, %r8
	jne	.L4
	movl	%ecx, %eax
	andl	$-4, %eax
	movl	%eax, %r8d
	cmpl	%eax, %ecx
	je	.L19
	vzeroupper
.LVL2:
.L3:
	.loc 1 6 19 is_stmt 0 discriminator 3 view .LVU9
	subl	%r8d, %ecx
.LVL3:
	.loc 1 6 19 discriminator 3 view .LVU10
	cmpl	$1, %ecx
	je	.L6
	.loc 1 7 9 is_stmt 1 view .LVU11
	.loc 1 7 21 is_stmt 0 view .LVU12
	vmovupd	(%rsi,%r8,8), %xmm2
	vaddpd	(%rdx,%r8,8), %xmm2, %xmm0
	.loc 1 7 14 view .LVU13
	vmovupd	%xmm0, (%rdi,%r8,8)
	.loc 1 6 25 is_stmt 1 view .LVU14
	.loc 1 6 19 view .LVU15
	testb	$1, %cl
	je	.L17
	andl	$-2, %ecx
	addl	%ecx, %eax
.L6:
.LVL4:
	.loc 1 7 9 view .LVU16
	.loc 1 7 17 is_stmt 0 view .LVU17
	cltq
	.loc 1 7 21 view .LVU18
	vmovsd	(%rsi,%rax,8), %xmm0
	vaddsd	(%rdx,%rax,8), %xmm0, %xmm0
	.loc 1 7 14 view .LVU19
	vmovsd	%xmm0, (%rdi,%rax,8)
	.loc 1 6 25 is_stmt 1 view .LVU20
	.loc 1 6 19 view .LVU21
.LVL5:
.L17:
	.loc 1 8 1 is_stmt 0 view .LVU22
	ret
.LVL6:
	.p2align 4,,10
	.p2align 3
.L19:
	.loc 1 8 1 view .LVU23
	vzeroupper
.LVL7:
	ret
.LVL8:
.L8:
	.loc 1 6 19 view .LVU24
	xorl	%r8d, %r8d
	.loc 1 6 12 view .LVU25
	xorl	%eax, %eax
	jmp	.L3
	.cfi_endproc
.LFE0:
	.size	add, .-add
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL9:
.LFB12:
	.loc 1 13 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 14 5 view .LVU27
.LBB8:
.LBI8:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 view .LVU28
.LBB9:
	.loc 2 364 3 view .LVU29
.LBE9:
.LBE8:
	.loc 1 13 1 is_stmt 0 view .LVU30
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
.LVL10:
.LBB14:
.LBB10:
	.loc 2 364 16 view .LVU31
	movl	$10, %edx
.LBE10:
.LBE14:
	.loc 1 13 1 view .LVU32
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%rbx
.LBB15:
.LBB11:
	.loc 2 364 16 view .LVU33
	movq	8(%rsi), %rdi
.LVL11:
	.loc 2 364 16 view .LVU34
	xorl	%esi, %esi
.LVL12:
	.loc 2 364 16 view .LVU35
.LBE11:
.LBE15:
	.loc 1 13 1 view .LVU36
	andq	$-32, %rsp
	.cfi_offset 14, -24
	.cfi_offset 13, -32
	.cfi_offset 12, -40
	.cfi_offset 3, -48
.LBB16:
.LBB12:
	.loc 2 364 16 view .LVU37
	call	strtol@PLT
.LVL13:
.LBE12:
.LBE16:
	.loc 1 15 17 view .LVU38
	movslq	%eax, %r14
.LBB17:
.LBB13:
	.loc 2 364 16 view .LVU39
	movq	%rax, %r12
.LVL14:
	.loc 2 364 16 view .LVU40
.LBE13:
.LBE17:
	.loc 1 15 5 is_stmt 1 view .LVU41
	.loc 1 15 17 is_stmt 0 view .LVU42
	salq	$3, %r14
	movq	%r14, %rdi
	call	malloc@PLT
.LVL15:
	.loc 1 15 50 view .LVU43
	movq	%r14, %rdi
	.loc 1 15 17 view .LVU44
	movq	%rax, %rbx
.LVL16:
	.loc 1 15 50 view .LVU45
	call	malloc@PLT
.LVL17:
	.loc 1 15 83 view .LVU46
	movq	%r14, %rdi
	.loc 1 15 50 view .LVU47
	movq	%rax, %r13
.LVL18:
	.loc 1 15 83 view .LVU48
	call	malloc@PLT
.LVL19:
	.loc 1 16 5 is_stmt 1 view .LVU49
.LBB18:
.LBI18:
	.loc 1 3 6 view .LVU50
.LBB19:
	.loc 1 6 19 view .LVU51
	testl	%r12d, %r12d
	jle	.L21
	movq	%rax, %rdx
	leal	-1(%r12), %eax
.LVL20:
	.loc 1 6 19 is_stmt 0 view .LVU52
	cmpl	$2, %eax
	jbe	.L27
	movl	%r12d, %ecx
	xorl	%eax, %eax
	shrl	$2, %ecx
	salq	$5, %rcx
.LVL21:
	.p2align 4,,10
	.p2align 3
.L23:
	.loc 1 7 9 is_stmt 1 view .LVU53
	.loc 1 7 21 is_stmt 0 view .LVU54
	vmovupd	0(%r13,%rax), %ymm2
	vaddpd	(%rdx,%rax), %ymm2, %ymm0
	.loc 1 7 14 view .LVU55
	vmovupd	%ymm0, (%rbx,%rax)
	.loc 1 6 25 is_stmt 1 view .LVU56
	.loc 1 6 19 view .LVU57
	addq	$32, %rax
	cmpq	%rax, %rcx
	jne	.L23
	testb	$3, %r12b
	je	.L38
	movl	%r12d, %ecx
	andl	$-4, %ecx
	movl	%ecx, %eax
	vzeroupper
.LVL22:
.L22:
	.loc 1 6 19 is_stmt 0 view .LVU58
	subl	%ecx, %r12d
.LVL23:
	.loc 1 6 19 view .LVU59
	cmpl	$1, %r12d
	je	.L25
	.loc 1 7 9 is_stmt 1 view .LVU60
	.loc 1 7 21 is_stmt 0 view .LVU61
	vmovupd	0(%r13,%rcx,8), %xmm3
	vaddpd	(%rdx,%rcx,8), %xmm3, %xmm0
	.loc 1 7 14 view .LVU62
	vmovupd	%xmm0, (%rbx,%rcx,8)
	.loc 1 6 25 is_stmt 1 view .LVU63
	.loc 1 6 19 view .LVU64
	testb	$1, %r12b
	je	.L21
	andl	$-2, %r12d
	addl	%r12d, %eax
.L25:
.LVL24:
	.loc 1 7 9 view .LVU65
	.loc 1 7 17 is_stmt 0 view .LVU66
	cltq
	.loc 1 7 21 view .LVU67
	vmovsd	0(%r13,%rax,8), %xmm0
	vaddsd	(%rdx,%rax,8), %xmm0, %xmm0
	.loc 1 7 14 view .LVU68
	vmovsd	%xmm0, (%rbx,%rax,8)
	.loc 1 6 25 is_stmt 1 view .LVU69
	.loc 1 6 19 view .LVU70
.LVL25:
.L21:
	.loc 1 6 19 is_stmt 0 view .LVU71
.LBE19:
.LBE18:
	.loc 1 17 5 is_stmt 1 view .LVU72
	.loc 1 17 17 is_stmt 0 view .LVU73
	vmovsd	(%rbx), %xmm1
	vxorpd	%xmm0, %xmm0, %xmm0
	xorl	%eax, %eax
	vcomisd	%xmm0, %xmm1
	seta	%al
	.loc 1 18 1 view .LVU74
	leaq	-32(%rbp), %rsp
	popq	%rbx
.LVL26:
	.loc 1 18 1 view .LVU75
	popq	%r12
	popq	%r13
.LVL27:
	.loc 1 18 1 view .LVU76
	popq	%r14
	popq	%rbp
	.cfi_remember_state
	.cfi_def_cfa 7, 8
	ret
.LVL28:
.L38:
	.cfi_restore_state
	.loc 1 18 1 view .LVU77
	vzeroupper
.LVL29:
	jmp	.L21
.LVL30:
.L27:
.LBB21:
.LBB20:
	.loc 1 6 19 view .LVU78
	xorl	%ecx, %ecx
	.loc 1 6 12 view .LVU79
	xorl	%eax, %eax
	jmp	.L22
.LBE20:
.LBE21:
	.cfi_endproc
.LFE12:
	.size	main, .-main
	.text
.Letext0:
	.file 3 "/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x333
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x10
	.long	.LASF19
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL16
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0x11
	.long	.LASF20
	.byte	0x3
	.byte	0xd6
	.byte	0x17
	.long	0x36
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF2
	.uleb128 0x12
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
	.uleb128 0x13
	.byte	0x8
	.uleb128 0x3
	.long	0x7c
	.uleb128 0x1
	.byte	0x1
	.byte	0x6
	.long	.LASF10
	.uleb128 0xc
	.long	0x7c
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF11
	.uleb128 0x14
	.long	.LASF12
	.byte	0x2
	.byte	0xb1
	.byte	0x11
	.long	0x44
	.long	0xaf
	.uleb128 0x5
	.long	0xb4
	.uleb128 0x5
	.long	0xbe
	.uleb128 0x5
	.long	0x3d
	.byte	0
	.uleb128 0x3
	.long	0x83
	.uleb128 0x6
	.long	0xaf
	.uleb128 0x3
	.long	0x77
	.uleb128 0x6
	.long	0xb9
	.uleb128 0x15
	.long	.LASF13
	.byte	0x2
	.value	0x229
	.byte	0xe
	.long	0x75
	.long	0xda
	.uleb128 0x5
	.long	0x2a
	.byte	0
	.uleb128 0x16
	.long	.LASF21
	.byte	0x1
	.byte	0xc
	.byte	0x5
	.long	0x3d
	.quad	.LFB12
	.quad	.LFE12-.LFB12
	.uleb128 0x1
	.byte	0x9c
	.long	0x261
	.uleb128 0xd
	.long	.LASF14
	.byte	0xe
	.long	0x3d
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0xd
	.long	.LASF15
	.byte	0x1b
	.long	0xb9
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0x7
	.string	"n"
	.byte	0xe
	.byte	0x9
	.long	0x3d
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x7
	.string	"a"
	.byte	0xf
	.byte	0xd
	.long	0x261
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0x7
	.string	"b"
	.byte	0xf
	.byte	0x2e
	.long	0x261
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0x7
	.string	"c"
	.byte	0xf
	.byte	0x4f
	.long	0x261
	.long	.LLST7
	.long	.LVUS7
	.uleb128 0xe
	.long	0x277
	.quad	.LBI8
	.byte	.LVU28
	.long	.LLRL8
	.byte	0xe
	.byte	0xd
	.long	0x1a2
	.uleb128 0x2
	.long	0x289
	.long	.LLST9
	.long	.LVUS9
	.uleb128 0x17
	.quad	.LVL13
	.long	0x8f
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x1
	.byte	0x3a
	.byte	0
	.byte	0
	.uleb128 0xe
	.long	0x297
	.quad	.LBI18
	.byte	.LVU50
	.long	.LLRL10
	.byte	0x10
	.byte	0x5
	.long	0x202
	.uleb128 0x2
	.long	0x2bc
	.long	.LLST11
	.long	.LVUS11
	.uleb128 0x2
	.long	0x2b4
	.long	.LLST12
	.long	.LVUS12
	.uleb128 0x2
	.long	0x2ac
	.long	.LLST13
	.long	.LVUS13
	.uleb128 0x2
	.long	0x2a4
	.long	.LLST14
	.long	.LVUS14
	.uleb128 0x18
	.long	.LLRL10
	.uleb128 0xf
	.long	0x2c4
	.long	.LLST15
	.long	.LVUS15
	.byte	0
	.byte	0
	.uleb128 0xa
	.quad	.LVL15
	.long	0xc3
	.long	0x21a
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7e
	.sleb128 0
	.byte	0
	.uleb128 0xa
	.quad	.LVL17
	.long	0xc3
	.long	0x232
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7e
	.sleb128 0
	.byte	0
	.uleb128 0xa
	.quad	.LVL19
	.long	0xc3
	.long	0x24a
	.uleb128 0x4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x2
	.byte	0x7e
	.sleb128 0
	.byte	0
	.uleb128 0x8
	.quad	.LVL22
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x8
	.quad	.LVL29
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x3
	.long	0x26b
	.uleb128 0x6
	.long	0x261
	.uleb128 0x1
	.byte	0x8
	.byte	0x4
	.long	.LASF16
	.uleb128 0xc
	.long	0x26b
	.uleb128 0x19
	.long	.LASF17
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x3d
	.byte	0x3
	.long	0x297
	.uleb128 0x1a
	.long	.LASF18
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0xaf
	.byte	0
	.uleb128 0x1b
	.string	"add"
	.byte	0x1
	.byte	0x3
	.byte	0x6
	.byte	0x1
	.long	0x2cf
	.uleb128 0x9
	.string	"a"
	.byte	0x1b
	.long	0x266
	.uleb128 0x9
	.string	"b"
	.byte	0x35
	.long	0x2d4
	.uleb128 0x9
	.string	"c"
	.byte	0x4f
	.long	0x2d4
	.uleb128 0x9
	.string	"n"
	.byte	0x56
	.long	0x3d
	.uleb128 0x1c
	.string	"i"
	.byte	0x1
	.byte	0x5
	.byte	0x9
	.long	0x3d
	.byte	0
	.uleb128 0x3
	.long	0x272
	.uleb128 0x6
	.long	0x2cf
	.uleb128 0x1d
	.long	0x297
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.uleb128 0xb
	.long	0x2a4
	.uleb128 0x1
	.byte	0x55
	.uleb128 0xb
	.long	0x2ac
	.uleb128 0x1
	.byte	0x54
	.uleb128 0xb
	.long	0x2b4
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x2
	.long	0x2bc
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0xf
	.long	0x2c4
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x8
	.quad	.LVL2
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x8
	.quad	.LVL7
	.uleb128 0x1
	.byte	0x30
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
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
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
	.uleb128 0x8
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x83
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 3
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
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
	.uleb128 0xb
	.uleb128 0x5
	.byte	0
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 12
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
	.uleb128 0xe
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
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x59
	.uleb128 0xb
	.uleb128 0x57
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x34
	.byte	0
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x10
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
	.uleb128 0x11
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
	.uleb128 0x12
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
	.uleb128 0x13
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x14
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
	.uleb128 0x15
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
	.uleb128 0x16
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
	.uleb128 0x17
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x18
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x19
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
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1a
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
	.uleb128 0x1b
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x20
	.uleb128 0xb
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x1c
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
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
	.uleb128 0x1d
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x31
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
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
.LVUS2:
	.uleb128 0
	.uleb128 .LVU34
	.uleb128 .LVU34
	.uleb128 0
.LLST2:
	.byte	0x6
	.quad	.LVL9
	.byte	0x4
	.uleb128 .LVL9-.LVL9
	.uleb128 .LVL11-.LVL9
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL11-.LVL9
	.uleb128 .LFE12-.LVL9
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS3:
	.uleb128 0
	.uleb128 .LVU35
	.uleb128 .LVU35
	.uleb128 0
.LLST3:
	.byte	0x6
	.quad	.LVL9
	.byte	0x4
	.uleb128 .LVL9-.LVL9
	.uleb128 .LVL12-.LVL9
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL12-.LVL9
	.uleb128 .LFE12-.LVL9
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS4:
	.uleb128 .LVU40
	.uleb128 .LVU43
.LLST4:
	.byte	0x8
	.quad	.LVL14
	.uleb128 .LVL15-1-.LVL14
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS5:
	.uleb128 .LVU45
	.uleb128 .LVU46
	.uleb128 .LVU46
	.uleb128 .LVU75
	.uleb128 .LVU77
	.uleb128 0
.LLST5:
	.byte	0x6
	.quad	.LVL16
	.byte	0x4
	.uleb128 .LVL16-.LVL16
	.uleb128 .LVL17-1-.LVL16
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL17-1-.LVL16
	.uleb128 .LVL26-.LVL16
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL28-.LVL16
	.uleb128 .LFE12-.LVL16
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS6:
	.uleb128 .LVU48
	.uleb128 .LVU49
	.uleb128 .LVU49
	.uleb128 .LVU76
	.uleb128 .LVU77
	.uleb128 0
.LLST6:
	.byte	0x6
	.quad	.LVL18
	.byte	0x4
	.uleb128 .LVL18-.LVL18
	.uleb128 .LVL19-1-.LVL18
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL19-1-.LVL18
	.uleb128 .LVL27-.LVL18
	.uleb128 0x1
	.byte	0x5d
	.byte	0x4
	.uleb128 .LVL28-.LVL18
	.uleb128 .LFE12-.LVL18
	.uleb128 0x1
	.byte	0x5d
	.byte	0
.LVUS7:
	.uleb128 .LVU49
	.uleb128 .LVU52
	.uleb128 .LVU52
	.uleb128 .LVU71
	.uleb128 .LVU77
	.uleb128 0
.LLST7:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL20-.LVL19
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL20-.LVL19
	.uleb128 .LVL25-.LVL19
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL28-.LVL19
	.uleb128 .LFE12-.LVL19
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS9:
	.uleb128 .LVU28
	.uleb128 .LVU31
.LLST9:
	.byte	0x8
	.quad	.LVL9
	.uleb128 .LVL10-.LVL9
	.uleb128 0x2
	.byte	0x74
	.sleb128 8
	.byte	0
.LVUS11:
	.uleb128 .LVU50
	.uleb128 .LVU59
	.uleb128 .LVU77
	.uleb128 0
.LLST11:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL23-.LVL19
	.uleb128 0x1
	.byte	0x5c
	.byte	0x4
	.uleb128 .LVL28-.LVL19
	.uleb128 .LFE12-.LVL19
	.uleb128 0x1
	.byte	0x5c
	.byte	0
.LVUS12:
	.uleb128 .LVU50
	.uleb128 .LVU52
	.uleb128 .LVU52
	.uleb128 .LVU71
	.uleb128 .LVU77
	.uleb128 0
.LLST12:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL20-.LVL19
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL20-.LVL19
	.uleb128 .LVL25-.LVL19
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL28-.LVL19
	.uleb128 .LFE12-.LVL19
	.uleb128 0x1
	.byte	0x51
	.byte	0
.LVUS13:
	.uleb128 .LVU50
	.uleb128 .LVU71
	.uleb128 .LVU77
	.uleb128 0
.LLST13:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL25-.LVL19
	.uleb128 0x1
	.byte	0x5d
	.byte	0x4
	.uleb128 .LVL28-.LVL19
	.uleb128 .LFE12-.LVL19
	.uleb128 0x1
	.byte	0x5d
	.byte	0
.LVUS14:
	.uleb128 .LVU50
	.uleb128 .LVU71
	.uleb128 .LVU77
	.uleb128 0
.LLST14:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL25-.LVL19
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL28-.LVL19
	.uleb128 .LFE12-.LVL19
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS15:
	.uleb128 .LVU51
	.uleb128 .LVU53
	.uleb128 .LVU78
	.uleb128 0
.LLST15:
	.byte	0x6
	.quad	.LVL19
	.byte	0x4
	.uleb128 .LVL19-.LVL19
	.uleb128 .LVL21-.LVL19
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL30-.LVL19
	.uleb128 .LFE12-.LVL19
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS0:
	.uleb128 0
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU23
	.uleb128 .LVU23
	.uleb128 0
.LLST0:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL3-.LVL0
	.uleb128 0x1
	.byte	0x52
	.byte	0x4
	.uleb128 .LVL3-.LVL0
	.uleb128 .LVL6-.LVL0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x52
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.LVL0
	.uleb128 .LFE0-.LVL0
	.uleb128 0x1
	.byte	0x52
	.byte	0
.LVUS1:
	.uleb128 .LVU3
	.uleb128 .LVU4
	.uleb128 .LVU24
	.uleb128 0
.LLST1:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL1-.LVL0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL8-.LVL0
	.uleb128 .LFE0-.LVL0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.Ldebug_loc3:
	.section	.debug_aranges,"",@progbits
	.long	0x3c
	.value	0x2
	.long	.Ldebug_info0
	.byte	0x8
	.byte	0
	.value	0
	.value	0
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.quad	.LFB12
	.quad	.LFE12-.LFB12
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
.LLRL8:
	.byte	0x5
	.quad	.LBB8
	.byte	0x4
	.uleb128 .LBB8-.LBB8
	.uleb128 .LBE8-.LBB8
	.byte	0x4
	.uleb128 .LBB14-.LBB8
	.uleb128 .LBE14-.LBB8
	.byte	0x4
	.uleb128 .LBB15-.LBB8
	.uleb128 .LBE15-.LBB8
	.byte	0x4
	.uleb128 .LBB16-.LBB8
	.uleb128 .LBE16-.LBB8
	.byte	0x4
	.uleb128 .LBB17-.LBB8
	.uleb128 .LBE17-.LBB8
	.byte	0
.LLRL10:
	.byte	0x5
	.quad	.LBB18
	.byte	0x4
	.uleb128 .LBB18-.LBB18
	.uleb128 .LBE18-.LBB18
	.byte	0x4
	.uleb128 .LBB21-.LBB18
	.uleb128 .LBE21-.LBB18
	.byte	0
.LLRL16:
	.byte	0x7
	.quad	.Ltext0
	.uleb128 .Letext0-.Ltext0
	.byte	0x7
	.quad	.LFB12
	.uleb128 .LFE12-.LFB12
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF4:
	.string	"long long int"
.LASF20:
	.string	"size_t"
.LASF21:
	.string	"main"
.LASF2:
	.string	"long unsigned int"
.LASF11:
	.string	"long long unsigned int"
.LASF12:
	.string	"strtol"
.LASF5:
	.string	"unsigned char"
.LASF10:
	.string	"char"
.LASF3:
	.string	"long int"
.LASF18:
	.string	"__nptr"
.LASF17:
	.string	"atoi"
.LASF16:
	.string	"double"
.LASF14:
	.string	"argc"
.LASF6:
	.string	"short unsigned int"
.LASF8:
	.string	"signed char"
.LASF19:
	.string	"GNU C17 12.2.0 -mavx2 -mtune=generic -march=x86-64 -g -O3 -fasynchronous-unwind-tables"
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
	.string	"vector.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
