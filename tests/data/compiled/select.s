	.file	"select.c"
	.text
.Ltext0:
	.file 0 "/work/main/tests/data/compiled" "select.c"
	.p2align 4
	.globl	largest
	.type	largest, @function
largest:
.LVL0:
.LFB11:
	.file 1 "select.c"
	.loc 1 5 1 view -0
	.cfi_startproc
	.loc 1 6 5 view .LVU1
	.loc 1 6 12 is_stmt 0 view .LVU2
	movsd	(%rdi), %xmm1
.LVL1:
	.loc 1 7 5 is_stmt 1 view .LVU3
	.loc 1 8 5 view .LVU4
.LBB4:
	.loc 1 8 10 view .LVU5
	.loc 1 8 23 view .LVU6
	testl	%esi, %esi
	jle	.L8
	movslq	%esi, %rsi
	.loc 1 8 23 is_stmt 0 view .LVU7
.LBE4:
	.loc 1 7 9 view .LVU8
	xorl	%eax, %eax
.LBB5:
	.loc 1 11 12 view .LVU9
	pxor	%xmm2, %xmm2
	leaq	(%rdi,%rsi,8), %rsi
.LVL2:
	.p2align 4,,10
	.p2align 3
.L7:
	.loc 1 9 9 is_stmt 1 view .LVU10
	.loc 1 9 14 is_stmt 0 view .LVU11
	movsd	(%rdi), %xmm0
	.loc 1 12 18 view .LVU12
	xorl	%ecx, %ecx
	.loc 1 9 14 view .LVU13
	movapd	%xmm0, %xmm3
	.loc 1 12 18 view .LVU14
	comisd	%xmm2, %xmm0
	.loc 1 9 14 view .LVU15
	maxsd	%xmm1, %xmm3
	.loc 1 12 18 view .LVU16
	seta	%cl
	.loc 1 8 23 view .LVU17
	addq	$8, %rdi
.LVL3:
	.loc 1 9 14 view .LVU18
	movapd	%xmm3, %xmm1
.LVL4:
	.loc 1 11 9 is_stmt 1 view .LVU19
	.loc 1 12 18 is_stmt 0 view .LVU20
	addl	%ecx, %eax
.LVL5:
	.loc 1 8 29 is_stmt 1 view .LVU21
	.loc 1 8 23 view .LVU22
	cmpq	%rdi, %rsi
	jne	.L7
.LBE5:
	.loc 1 14 5 view .LVU23
	.loc 1 14 15 is_stmt 0 view .LVU24
	movl	%eax, (%rdx)
	.loc 1 15 5 is_stmt 1 view .LVU25
	.loc 1 16 1 is_stmt 0 view .LVU26
	movapd	%xmm1, %xmm0
	ret
.LVL6:
	.p2align 4,,10
	.p2align 3
.L8:
	.loc 1 7 9 view .LVU27
	xorl	%eax, %eax
	.loc 1 14 5 is_stmt 1 view .LVU28
	.loc 1 16 1 is_stmt 0 view .LVU29
	movapd	%xmm1, %xmm0
	.loc 1 14 15 view .LVU30
	movl	%eax, (%rdx)
	.loc 1 15 5 is_stmt 1 view .LVU31
	.loc 1 16 1 is_stmt 0 view .LVU32
	ret
	.cfi_endproc
.LFE11:
	.size	largest, .-largest
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL7:
.LFB12:
	.loc 1 19 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 20 5 view .LVU34
.LBB6:
.LBI6:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 view .LVU35
.LBB7:
	.loc 2 364 3 view .LVU36
.LBE7:
.LBE6:
	.loc 1 19 1 is_stmt 0 view .LVU37
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset 3, -16
.LVL8:
.LBB11:
.LBB8:
	.loc 2 364 16 view .LVU38
	movl	$10, %edx
.LBE8:
.LBE11:
	.loc 1 19 1 view .LVU39
	subq	$16, %rsp
	.cfi_def_cfa_offset 32
.LBB12:
.LBB9:
	.loc 2 364 16 view .LVU40
	movq	8(%rsi), %rdi
.LVL9:
	.loc 2 364 16 view .LVU41
	xorl	%esi, %esi
.LVL10:
	.loc 2 364 16 view .LVU42
	call	strtol@PLT
.LVL11:
.LBE9:
.LBE12:
	.loc 1 21 17 view .LVU43
	movl	$8, %esi
	movslq	%eax, %rdi
.LBB13:
.LBB10:
	.loc 2 364 10 view .LVU44
	movl	%eax, %ebx
.LVL12:
	.loc 2 364 10 view .LVU45
.LBE10:
.LBE13:
	.loc 1 21 5 is_stmt 1 view .LVU46
	.loc 1 21 17 is_stmt 0 view .LVU47
	call	calloc@PLT
.LVL13:
	.loc 1 22 12 view .LVU48
	leaq	12(%rsp), %rdx
	movl	%ebx, %esi
	.loc 1 21 17 view .LVU49
	movq	%rax, %rdi
.LVL14:
	.loc 1 22 5 is_stmt 1 view .LVU50
	.loc 1 22 12 is_stmt 0 view .LVU51
	call	largest
.LVL15:
	.loc 1 22 37 view .LVU52
	xorl	%eax, %eax
	.loc 1 22 12 view .LVU53
	movapd	%xmm0, %xmm1
	.loc 1 22 37 view .LVU54
	pxor	%xmm0, %xmm0
	comisd	%xmm0, %xmm1
	seta	%al
	.loc 1 23 1 view .LVU55
	addq	$16, %rsp
	.cfi_def_cfa_offset 16
	popq	%rbx
	.cfi_def_cfa_offset 8
.LVL16:
	.loc 1 23 1 view .LVU56
	ret
	.cfi_endproc
.LFE12:
	.size	main, .-main
	.text
.Letext0:
	.file 3 "/usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x292
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0xc
	.long	.LASF20
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.long	.LLRL12
	.quad	0
	.long	.Ldebug_line0
	.uleb128 0xd
	.long	.LASF21
	.byte	0x3
	.byte	0xd6
	.byte	0x17
	.long	0x36
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF2
	.uleb128 0xe
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
	.uleb128 0xf
	.byte	0x8
	.uleb128 0x2
	.long	0x7c
	.uleb128 0x1
	.byte	0x1
	.byte	0x6
	.long	.LASF10
	.uleb128 0x6
	.long	0x7c
	.uleb128 0x1
	.byte	0x8
	.byte	0x7
	.long	.LASF11
	.uleb128 0x10
	.long	.LASF12
	.byte	0x2
	.byte	0xb1
	.byte	0x11
	.long	0x44
	.long	0xaf
	.uleb128 0x4
	.long	0xb4
	.uleb128 0x4
	.long	0xbe
	.uleb128 0x4
	.long	0x3d
	.byte	0
	.uleb128 0x2
	.long	0x83
	.uleb128 0x7
	.long	0xaf
	.uleb128 0x2
	.long	0x77
	.uleb128 0x7
	.long	0xb9
	.uleb128 0x11
	.long	.LASF13
	.byte	0x2
	.value	0x22c
	.byte	0xe
	.long	0x75
	.long	0xdf
	.uleb128 0x4
	.long	0x2a
	.uleb128 0x4
	.long	0x2a
	.byte	0
	.uleb128 0x8
	.long	.LASF17
	.byte	0x12
	.byte	0x5
	.long	0x3d
	.quad	.LFB12
	.quad	.LFE12-.LFB12
	.uleb128 0x1
	.byte	0x9c
	.long	0x1d2
	.uleb128 0x9
	.long	.LASF14
	.byte	0xe
	.long	0x3d
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0x9
	.long	.LASF15
	.byte	0x1b
	.long	0xb9
	.long	.LLST7
	.long	.LVUS7
	.uleb128 0x5
	.string	"n"
	.byte	0x14
	.byte	0x9
	.long	0x3d
	.long	.LLST8
	.long	.LVUS8
	.uleb128 0x12
	.long	.LASF22
	.byte	0x1
	.byte	0x14
	.byte	0x1c
	.long	0x3d
	.uleb128 0x2
	.byte	0x91
	.sleb128 -20
	.uleb128 0x5
	.string	"x"
	.byte	0x15
	.byte	0xd
	.long	0x1d2
	.long	.LLST9
	.long	.LVUS9
	.uleb128 0x13
	.long	0x279
	.quad	.LBI6
	.byte	.LVU35
	.long	.LLRL10
	.byte	0x1
	.byte	0x14
	.byte	0xd
	.long	0x194
	.uleb128 0x14
	.long	0x287
	.long	.LLST11
	.long	.LVUS11
	.uleb128 0xa
	.quad	.LVL11
	.long	0x8f
	.uleb128 0x3
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x3
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x1
	.byte	0x3a
	.byte	0
	.byte	0
	.uleb128 0x15
	.quad	.LVL13
	.long	0xc3
	.long	0x1b7
	.uleb128 0x3
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x8
	.byte	0x73
	.sleb128 0
	.byte	0x8
	.byte	0x20
	.byte	0x24
	.byte	0x8
	.byte	0x20
	.byte	0x26
	.uleb128 0x3
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.byte	0x38
	.byte	0
	.uleb128 0xa
	.quad	.LVL15
	.long	0x1e3
	.uleb128 0x3
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x2
	.byte	0x73
	.sleb128 0
	.uleb128 0x3
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x2
	.byte	0x71
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x2
	.long	0x1d7
	.uleb128 0x1
	.byte	0x8
	.byte	0x4
	.long	.LASF16
	.uleb128 0x6
	.long	0x1d7
	.uleb128 0x8
	.long	.LASF18
	.byte	0x4
	.byte	0x8
	.long	0x1d7
	.quad	.LFB11
	.quad	.LFE11-.LFB11
	.uleb128 0x1
	.byte	0x9c
	.long	0x26f
	.uleb128 0xb
	.string	"x"
	.byte	0x1e
	.long	0x26f
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0xb
	.string	"n"
	.byte	0x25
	.long	0x3d
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x16
	.long	.LASF22
	.byte	0x1
	.byte	0x4
	.byte	0x2d
	.long	0x274
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x5
	.string	"m"
	.byte	0x6
	.byte	0xc
	.long	0x1d7
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0x17
	.long	.LASF19
	.byte	0x1
	.byte	0x7
	.byte	0x9
	.long	0x3d
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0x18
	.long	.LLRL4
	.uleb128 0x5
	.string	"i"
	.byte	0x8
	.byte	0xe
	.long	0x3d
	.long	.LLST5
	.long	.LVUS5
	.byte	0
	.byte	0
	.uleb128 0x2
	.long	0x1de
	.uleb128 0x2
	.long	0x3d
	.uleb128 0x19
	.long	.LASF23
	.byte	0x2
	.value	0x16a
	.byte	0x1
	.long	0x3d
	.byte	0x3
	.uleb128 0x1a
	.long	.LASF24
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
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x49
	.byte	0
	.uleb128 0x2
	.uleb128 0x18
	.uleb128 0x7e
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x5
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
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
	.uleb128 0x6
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
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
	.uleb128 0x9
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 18
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
	.uleb128 0xa
	.uleb128 0x48
	.byte	0x1
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 4
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
	.uleb128 0xc
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
	.uleb128 0xd
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
	.uleb128 0xe
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
	.uleb128 0xf
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0x10
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
	.uleb128 0x34
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
	.uleb128 0x2
	.uleb128 0x18
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
	.uleb128 0x5
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
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x17
	.uleb128 0x34
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
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
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
	.byte	0
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.Ldebug_loc0:
.LVUS6:
	.uleb128 0
	.uleb128 .LVU41
	.uleb128 .LVU41
	.uleb128 0
.LLST6:
	.byte	0x6
	.quad	.LVL7
	.byte	0x4
	.uleb128 .LVL7-.LVL7
	.uleb128 .LVL9-.LVL7
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL9-.LVL7
	.uleb128 .LFE12-.LVL7
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0
.LVUS7:
	.uleb128 0
	.uleb128 .LVU42
	.uleb128 .LVU42
	.uleb128 0
.LLST7:
	.byte	0x6
	.quad	.LVL7
	.byte	0x4
	.uleb128 .LVL7-.LVL7
	.uleb128 .LVL10-.LVL7
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL10-.LVL7
	.uleb128 .LFE12-.LVL7
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS8:
	.uleb128 .LVU45
	.uleb128 .LVU48
	.uleb128 .LVU48
	.uleb128 .LVU56
.LLST8:
	.byte	0x6
	.quad	.LVL12
	.byte	0x4
	.uleb128 .LVL12-.LVL12
	.uleb128 .LVL13-1-.LVL12
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL13-1-.LVL12
	.uleb128 .LVL16-.LVL12
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS9:
	.uleb128 .LVU50
	.uleb128 .LVU52
.LLST9:
	.byte	0x8
	.quad	.LVL14
	.uleb128 .LVL15-1-.LVL14
	.uleb128 0x1
	.byte	0x50
	.byte	0
.LVUS11:
	.uleb128 .LVU35
	.uleb128 .LVU38
.LLST11:
	.byte	0x8
	.quad	.LVL7
	.uleb128 .LVL8-.LVL7
	.uleb128 0x2
	.byte	0x74
	.sleb128 8
	.byte	0
.LVUS0:
	.uleb128 0
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU27
	.uleb128 .LVU27
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
	.uleb128 .LVL6-.LVL0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.LVL0
	.uleb128 .LFE11-.LVL0
	.uleb128 0x1
	.byte	0x55
	.byte	0
.LVUS1:
	.uleb128 0
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU27
	.uleb128 .LVU27
	.uleb128 0
.LLST1:
	.byte	0x6
	.quad	.LVL0
	.byte	0x4
	.uleb128 .LVL0-.LVL0
	.uleb128 .LVL2-.LVL0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL2-.LVL0
	.uleb128 .LVL6-.LVL0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.LVL0
	.uleb128 .LFE11-.LVL0
	.uleb128 0x1
	.byte	0x54
	.byte	0
.LVUS2:
	.uleb128 .LVU3
	.uleb128 0
.LLST2:
	.byte	0x8
	.quad	.LVL1
	.uleb128 .LFE11-.LVL1
	.uleb128 0x1
	.byte	0x62
	.byte	0
.LVUS3:
	.uleb128 .LVU4
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU27
	.uleb128 .LVU27
	.uleb128 0
.LLST3:
	.byte	0x6
	.quad	.LVL1
	.byte	0x4
	.uleb128 .LVL1-.LVL1
	.uleb128 .LVL2-.LVL1
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL2-.LVL1
	.uleb128 .LVL6-.LVL1
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL6-.LVL1
	.uleb128 .LFE11-.LVL1
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS5:
	.uleb128 .LVU6
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU18
	.uleb128 .LVU18
	.uleb128 .LVU22
	.uleb128 .LVU27
	.uleb128 0
.LLST5:
	.byte	0x6
	.quad	.LVL1
	.byte	0x4
	.uleb128 .LVL1-.LVL1
	.uleb128 .LVL2-.LVL1
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL2-.LVL1
	.uleb128 .LVL3-.LVL1
	.uleb128 0x9
	.byte	0x75
	.sleb128 0
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x1c
	.byte	0x33
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL3-.LVL1
	.uleb128 .LVL5-.LVL1
	.uleb128 0xb
	.byte	0x75
	.sleb128 0
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x1c
	.byte	0x38
	.byte	0x1c
	.byte	0x33
	.byte	0x25
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.LVL1
	.uleb128 .LFE11-.LVL1
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
.LLRL4:
	.byte	0x5
	.quad	.LBB4
	.byte	0x4
	.uleb128 .LBB4-.LBB4
	.uleb128 .LBE4-.LBB4
	.byte	0x4
	.uleb128 .LBB5-.LBB4
	.uleb128 .LBE5-.LBB4
	.byte	0
.LLRL10:
	.byte	0x5
	.quad	.LBB6
	.byte	0x4
	.uleb128 .LBB6-.LBB6
	.uleb128 .LBE6-.LBB6
	.byte	0x4
	.uleb128 .LBB11-.LBB6
	.uleb128 .LBE11-.LBB6
	.byte	0x4
	.uleb128 .LBB12-.LBB6
	.uleb128 .LBE12-.LBB6
	.byte	0x4
	.uleb128 .LBB13-.LBB6
	.uleb128 .LBE13-.LBB6
	.byte	0
.LLRL12:
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
.LASF21:
	.string	"size_t"
.LASF22:
	.string	"positive"
.LASF17:
	.string	"main"
.LASF14:
	.string	"argc"
.LASF2:
	.string	"long unsigned int"
.LASF11:
	.string	"long long unsigned int"
.LASF12:
	.string	"strtol"
.LASF5:
	.string	"unsigned char"
.LASF20:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fasynchronous-unwind-tables"
.LASF19:
	.string	"count"
.LASF3:
	.string	"long int"
.LASF24:
	.string	"__nptr"
.LASF23:
	.string	"atoi"
.LASF16:
	.string	"double"
.LASF6:
	.string	"short unsigned int"
.LASF8:
	.string	"signed char"
.LASF13:
	.string	"calloc"
.LASF15:
	.string	"argv"
.LASF18:
	.string	"largest"
.LASF9:
	.string	"short int"
.LASF7:
	.string	"unsigned int"
.LASF10:
	.string	"char"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"select.c"
.LASF1:
	.string	"/work/main/tests/data/compiled"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
