/* interp validate --ftz: flush subnormal floating-point numbers to zero in the measured program,
 * as -ffast-math's crtfastmath.o does, without -ffast-math's changes to the generated code.
 *
 * Arithmetic on subnormal numbers (|x| < 2.2e-308 for doubles) takes a microcode assist of about
 * a hundred cycles on x86 cores. interp's node models cost operations by type, not by value, so a
 * program whose values underflow (diffusion into a zero field: the Jacobi sample after a few
 * hundred sweeps) runs slower than predicted by a factor the source does not show. With this
 * linked in, such a run measures what the model describes. */
/* section(".text.interp_shim"): the constructor's code goes after the program's, not into
 * .text.startup/.text.exit, which the linker places before every file's .text. Linking this shim
 * must not move the program's loops: the compiled model reads their placement from the executable
 * linked without it (interp/models/code_layout.py). */
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
__attribute__((constructor, section(".text.interp_shim"))) static void interp_flush_to_zero(void)
{
    _mm_setcsr(_mm_getcsr() | 0x8040); /* FTZ (bit 15) and DAZ (bit 6) */
}
#elif defined(__aarch64__)
__attribute__((constructor, section(".text.interp_shim"))) static void interp_flush_to_zero(void)
{
    unsigned long fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    fpcr |= 1UL << 24; /* FZ */
    __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
}
#else
#error "interp validate --ftz: no flush-to-zero control known for this processor"
#endif
