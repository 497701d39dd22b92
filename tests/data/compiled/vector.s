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
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0xc9
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x5
	.long	.LASF3
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0x6
	.string	"add"
	.byte	0x1
	.byte	0x3
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0xa5
	.uleb128 0x1
	.string	"a"
	.byte	0x1b
	.long	0xaa
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x1
	.string	"b"
	.byte	0x35
	.long	0xc0
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.string	"c"
	.byte	0x4f
	.long	0xc0
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x7
	.string	"n"
	.byte	0x1
	.byte	0x3
	.byte	0x56
	.long	0xc5
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x8
	.string	"i"
	.byte	0x1
	.byte	0x5
	.byte	0x9
	.long	0xc5
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x2
	.quad	.LVL2
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x2
	.quad	.LVL7
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x3
	.long	0xaf
	.uleb128 0x4
	.long	0xa5
	.uleb128 0x9
	.byte	0x8
	.byte	0x4
	.long	.LASF2
	.uleb128 0xa
	.long	0xaf
	.uleb128 0x3
	.long	0xb6
	.uleb128 0x4
	.long	0xbb
	.uleb128 0xb
	.byte	0x4
	.byte	0x5
	.string	"int"
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
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
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x83
	.uleb128 0x18
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
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
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
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x10
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x6
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
	.uleb128 0x7
	.uleb128 0x5
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
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x8
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
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x9
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
	.uleb128 0xa
	.uleb128 0x26
	.byte	0
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
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU23
	.uleb128 .LVU23
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x52
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0
.LVUS1:
	.uleb128 .LVU3
	.uleb128 .LVU4
	.uleb128 .LVU24
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
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
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.quad	0
	.quad	0
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF3:
	.string	"GNU C17 12.2.0 -mavx2 -mtune=generic -march=x86-64 -g -O3 -fasynchronous-unwind-tables"
.LASF2:
	.string	"double"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"/work/wt-mca/tests/data/compiled"
.LASF0:
	.string	"vector.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
