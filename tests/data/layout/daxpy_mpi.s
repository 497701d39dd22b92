	.file	"daxpy_mpi.c"
	.text
.Ltext0:
	.file 0 "/tmp/dx" "/work/main/benchmarks/validation/daxpy_mpi.c"
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC1:
	.string	"usage: %s N REPS\n"
.LC4:
	.string	"||y|| = %.10f\n"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LVL0:
.LFB23:
	.file 1 "/work/main/benchmarks/validation/daxpy_mpi.c"
	.loc 1 19 1 view -0
	.cfi_startproc
	.loc 1 20 5 view .LVU1
	.loc 1 21 5 view .LVU2
	.loc 1 19 1 is_stmt 0 view .LVU3
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$72, %rsp
	.cfi_def_cfa_offset 128
	.loc 1 19 1 view .LVU4
	movl	%edi, 28(%rsp)
	.loc 1 21 5 view .LVU5
	leaq	28(%rsp), %rdi
.LVL1:
	.loc 1 19 1 view .LVU6
	movq	%rsi, 16(%rsp)
	.loc 1 21 5 view .LVU7
	leaq	16(%rsp), %rsi
.LVL2:
	.loc 1 21 5 view .LVU8
	call	MPI_Init@PLT
.LVL3:
	.loc 1 22 5 is_stmt 1 view .LVU9
	leaq	40(%rsp), %rsi
	movl	$1140850688, %edi
	call	MPI_Comm_rank@PLT
.LVL4:
	.loc 1 23 5 view .LVU10
	leaq	44(%rsp), %rsi
	movl	$1140850688, %edi
	call	MPI_Comm_size@PLT
.LVL5:
	.loc 1 24 5 view .LVU11
	.loc 1 24 8 is_stmt 0 view .LVU12
	cmpl	$2, 28(%rsp)
	jg	.L2
	.loc 1 25 9 is_stmt 1 view .LVU13
	.loc 1 25 12 is_stmt 0 view .LVU14
	cmpl	$0, 40(%rsp)
	je	.L25
.L3:
	.loc 1 27 9 is_stmt 1 view .LVU15
	movl	$1, %esi
	movl	$1140850688, %edi
	call	MPI_Abort@PLT
.LVL6:
.L2:
	.loc 1 29 5 view .LVU16
.LBB19:
.LBI19:
	.file 2 "/usr/include/stdlib.h"
	.loc 2 362 1 view .LVU17
.LBB20:
	.loc 2 364 3 view .LVU18
.LBE20:
.LBE19:
	.loc 1 29 13 is_stmt 0 view .LVU19
	movq	16(%rsp), %rax
.LBB23:
.LBB21:
	.loc 2 364 16 view .LVU20
	movl	$10, %edx
	xorl	%esi, %esi
	movq	8(%rax), %rdi
	call	strtol@PLT
.LVL7:
	.loc 2 364 16 view .LVU21
.LBE21:
.LBE23:
.LBB24:
.LBB25:
	movl	$10, %edx
	xorl	%esi, %esi
.LBE25:
.LBE24:
.LBB29:
.LBB22:
	movq	%rax, %rbx
.LVL8:
	.loc 2 364 16 view .LVU22
.LBE22:
.LBE29:
	.loc 1 30 5 is_stmt 1 view .LVU23
.LBB30:
.LBI24:
	.loc 2 362 1 view .LVU24
.LBB26:
	.loc 2 364 3 view .LVU25
.LBE26:
.LBE30:
	.loc 1 30 16 is_stmt 0 view .LVU26
	movq	16(%rsp), %rax
.LBB31:
.LBB27:
	.loc 2 364 16 view .LVU27
	movq	16(%rax), %rdi
	call	strtol@PLT
.LVL9:
	.loc 2 364 16 view .LVU28
.LBE27:
.LBE31:
	.loc 1 31 21 view .LVU29
	movslq	40(%rsp), %rsi
	.loc 1 31 31 view .LVU30
	movslq	%ebx, %rcx
	.loc 1 31 35 view .LVU31
	movslq	44(%rsp), %rdi
.LBB32:
.LBB28:
	.loc 2 364 16 view .LVU32
	movq	%rax, %r14
	.loc 2 364 10 view .LVU33
	movl	%eax, %r15d
.LVL10:
	.loc 2 364 10 view .LVU34
.LBE28:
.LBE32:
	.loc 1 31 5 is_stmt 1 view .LVU35
	.loc 1 31 31 is_stmt 0 view .LVU36
	imulq	%rcx, %rsi
	.loc 1 31 35 view .LVU37
	movq	%rsi, %rax
	cqto
	idivq	%rdi
	movq	%rax, %r8
.LVL11:
	.loc 1 32 5 is_stmt 1 view .LVU38
	.loc 1 31 70 is_stmt 0 view .LVU39
	leaq	(%rcx,%rsi), %rax
	.loc 1 31 74 view .LVU40
	cqto
	.loc 1 32 9 view .LVU41
	movq	%r8, 8(%rsp)
	.loc 1 31 74 view .LVU42
	idivq	%rdi
	.loc 1 32 9 view .LVU43
	movl	%eax, %r13d
	subl	%r8d, %r13d
.LVL12:
	.loc 1 34 5 is_stmt 1 view .LVU44
	.loc 1 34 17 is_stmt 0 view .LVU45
	movslq	%r13d, %rbp
	salq	$3, %rbp
	movq	%rbp, %rdi
.LVL13:
	.loc 1 34 17 view .LVU46
	call	malloc@PLT
.LVL14:
	.loc 1 35 17 view .LVU47
	movq	%rbp, %rdi
	.loc 1 34 17 view .LVU48
	movq	%rax, %r12
.LVL15:
	.loc 1 35 5 is_stmt 1 view .LVU49
	.loc 1 35 17 is_stmt 0 view .LVU50
	call	malloc@PLT
.LVL16:
	.loc 1 35 17 view .LVU51
	movq	%rax, %rbx
.LVL17:
	.loc 1 36 5 is_stmt 1 view .LVU52
.LBB33:
	.loc 1 36 10 view .LVU53
	.loc 1 36 23 view .LVU54
	testl	%r13d, %r13d
	jle	.L4
	movq	8(%rsp), %r8
	movsd	.LC2(%rip), %xmm2
	movq	%r12, %rcx
	leal	1(%r8), %edx
	leal	(%rdx,%r13), %eax
.LVL18:
	.p2align 4,,10
	.p2align 3
.L5:
	.loc 1 37 9 view .LVU55
	.loc 1 37 20 is_stmt 0 view .LVU56
	pxor	%xmm1, %xmm1
	movapd	%xmm2, %xmm0
	.loc 1 36 23 view .LVU57
	addq	$8, %rcx
	.loc 1 37 20 view .LVU58
	cvtsi2sdl	%edx, %xmm1
	.loc 1 36 23 view .LVU59
	addl	$1, %edx
.LVL19:
	.loc 1 37 20 view .LVU60
	divsd	%xmm1, %xmm0
	.loc 1 37 14 view .LVU61
	movsd	%xmm0, -8(%rcx)
	.loc 1 38 9 is_stmt 1 view .LVU62
	.loc 1 36 31 view .LVU63
.LVL20:
	.loc 1 36 23 view .LVU64
	cmpl	%edx, %eax
	jne	.L5
	.loc 1 38 14 is_stmt 0 view .LVU65
	movl	%r13d, %edx
	xorl	%esi, %esi
	movq	%rbx, %rdi
	salq	$3, %rdx
	call	memset@PLT
.LVL21:
	.loc 1 38 14 view .LVU66
.LBE33:
.LBB34:
	.loc 1 40 23 is_stmt 1 view .LVU67
	testl	%r14d, %r14d
	jle	.L7
.L6:
	.loc 1 40 14 is_stmt 0 view .LVU68
	xorl	%edx, %edx
.LVL22:
.L9:
.LBB35:
.LBB36:
	.loc 1 14 23 is_stmt 1 view .LVU69
	testl	%r13d, %r13d
	jle	.L22
	movsd	.LC3(%rip), %xmm1
.LVL23:
	.p2align 4,,10
	.p2align 3
.L12:
	.loc 1 14 23 is_stmt 0 view .LVU70
.LBE36:
.LBE35:
.LBE34:
	.loc 1 19 1 view .LVU71
	xorl	%eax, %eax
	.p2align 4,,10
	.p2align 3
.L11:
.LVL24:
.LBB39:
.LBB38:
.LBB37:
	.loc 1 15 9 is_stmt 1 view .LVU72
	.loc 1 15 23 is_stmt 0 view .LVU73
	movsd	(%r12,%rax), %xmm0
	mulsd	%xmm1, %xmm0
	.loc 1 15 14 view .LVU74
	addsd	(%rbx,%rax), %xmm0
	movsd	%xmm0, (%rbx,%rax)
	.loc 1 14 29 is_stmt 1 view .LVU75
.LVL25:
	.loc 1 14 23 view .LVU76
	addq	$8, %rax
.LVL26:
	.loc 1 14 23 is_stmt 0 view .LVU77
	cmpq	%rax, %rbp
	jne	.L11
.LVL27:
	.loc 1 14 23 view .LVU78
.LBE37:
.LBE38:
	.loc 1 40 32 is_stmt 1 view .LVU79
	addl	$1, %edx
.LVL28:
	.loc 1 40 23 view .LVU80
	cmpl	%edx, %r15d
	jg	.L12
.LVL29:
.L7:
	.loc 1 40 23 is_stmt 0 view .LVU81
.LBE39:
	.loc 1 43 24 view .LVU82
	movq	$0x000000000, 56(%rsp)
.LVL30:
	.loc 1 43 24 view .LVU83
	movq	%rbx, %rax
	addq	%rbx, %rbp
	pxor	%xmm1, %xmm1
.LVL31:
	.p2align 4,,10
	.p2align 3
.L15:
.LBB40:
	.loc 1 45 9 is_stmt 1 discriminator 3 view .LVU84
	.loc 1 45 18 is_stmt 0 discriminator 3 view .LVU85
	movsd	(%rax), %xmm0
	.loc 1 44 23 discriminator 3 view .LVU86
	addq	$8, %rax
.LVL32:
	.loc 1 45 22 discriminator 3 view .LVU87
	mulsd	%xmm0, %xmm0
	.loc 1 45 14 discriminator 3 view .LVU88
	addsd	%xmm0, %xmm1
	.loc 1 44 31 is_stmt 1 discriminator 3 view .LVU89
.LVL33:
	.loc 1 44 23 discriminator 3 view .LVU90
	cmpq	%rbp, %rax
	jne	.L15
	movsd	%xmm1, 48(%rsp)
.L10:
	.loc 1 44 23 is_stmt 0 discriminator 3 view .LVU91
.LBE40:
	.loc 1 46 5 is_stmt 1 view .LVU92
	leaq	56(%rsp), %rsi
	leaq	48(%rsp), %rdi
	movl	$1275070475, %ecx
	movl	$1140850688, %r9d
	movl	$1476395011, %r8d
	movl	$1, %edx
	call	MPI_Allreduce@PLT
.LVL34:
	.loc 1 47 5 view .LVU93
	.loc 1 47 8 is_stmt 0 view .LVU94
	movl	40(%rsp), %eax
	testl	%eax, %eax
	je	.L26
.L16:
	.loc 1 49 5 is_stmt 1 view .LVU95
	movq	%r12, %rdi
	call	free@PLT
.LVL35:
	.loc 1 50 5 view .LVU96
	movq	%rbx, %rdi
	call	free@PLT
.LVL36:
	.loc 1 51 5 view .LVU97
	call	MPI_Finalize@PLT
.LVL37:
	.loc 1 52 5 view .LVU98
	.loc 1 53 1 is_stmt 0 view .LVU99
	addq	$72, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 56
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 48
.LVL38:
	.loc 1 53 1 view .LVU100
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
.LVL39:
	.loc 1 53 1 view .LVU101
	popq	%r13
	.cfi_def_cfa_offset 24
.LVL40:
	.loc 1 53 1 view .LVU102
	popq	%r14
	.cfi_def_cfa_offset 16
.LVL41:
	.loc 1 53 1 view .LVU103
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
.LVL42:
.L22:
	.cfi_restore_state
.LBB41:
	.loc 1 40 32 is_stmt 1 view .LVU104
	addl	$1, %edx
.LVL43:
	.loc 1 40 23 view .LVU105
	cmpl	%r15d, %edx
	jl	.L9
.LVL44:
.L13:
	.loc 1 40 23 is_stmt 0 view .LVU106
.LBE41:
	.loc 1 43 5 is_stmt 1 view .LVU107
	.loc 1 43 12 is_stmt 0 view .LVU108
	movq	$0x000000000, 48(%rsp)
	.loc 1 43 24 view .LVU109
	movq	$0x000000000, 56(%rsp)
	.loc 1 44 5 is_stmt 1 view .LVU110
.LBB42:
	.loc 1 44 10 view .LVU111
.LVL45:
	.loc 1 44 23 view .LVU112
	jmp	.L10
.LVL46:
.L26:
	.loc 1 44 23 is_stmt 0 view .LVU113
.LBE42:
	.loc 1 48 9 is_stmt 1 view .LVU114
	movsd	56(%rsp), %xmm0
	call	sqrt@PLT
.LVL47:
	leaq	.LC4(%rip), %rdi
	movl	$1, %eax
	call	printf@PLT
.LVL48:
	jmp	.L16
.LVL49:
.L25:
	.loc 1 26 13 view .LVU115
	movq	16(%rsp), %rax
	movq	stderr(%rip), %rdi
	leaq	.LC1(%rip), %rsi
	movq	(%rax), %rdx
	xorl	%eax, %eax
	call	fprintf@PLT
.LVL50:
	jmp	.L3
.LVL51:
.L4:
.LBB43:
	.loc 1 40 23 view .LVU116
	testl	%r14d, %r14d
	jg	.L6
	jmp	.L13
.LBE43:
	.cfi_endproc
.LFE23:
	.size	main, .-main
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC2:
	.long	0
	.long	1072693248
	.align 8
.LC3:
	.long	0
	.long	1071644672
	.text
.Letext0:
