#include "textflag.h"

// func skewStepsAVX2(fs, gs []float64, idx []int64, prev, alpha, beta []float64, gain []int64, consts *[4]float64, k0, k1 int)
//
// skewKernel.step for steps k0..k1-1 with all eight lanes inside the table,
// lanes 0-3 in one vector and 4-7 in another (two independent chains of
// comparisons, so one's latency hides the other's). Same operations in the
// same order as the Go step, with no fused multiply-add.
//
// Registers: R8 fs, R9 gs, R10 idx, R11 prev, R12 alpha, R13 gambles,
// R14 beta, DI gain, CX k, DX k1, SI gamble; Y15 p, Y14 1-p, Y13 tol,
// Y12 1.0; per step Y0/Y1 X, Y2/Y3 best, Y4/Y5 best index.
TEXT ·skewStepsAVX2(SB), NOSPLIT, $0-192
	MOVQ fs_base+0(FP), R8
	MOVQ gs_base+24(FP), R9
	MOVQ idx_base+48(FP), R10
	MOVQ prev_base+72(FP), R11
	MOVQ alpha_base+96(FP), R12
	MOVQ alpha_len+104(FP), R13
	MOVQ beta_base+120(FP), R14
	MOVQ gain_base+144(FP), DI
	MOVQ consts+168(FP), AX
	VBROADCASTSD 0(AX), Y15
	VBROADCASTSD 8(AX), Y14
	VBROADCASTSD 16(AX), Y13
	VBROADCASTSD 24(AX), Y12
	MOVQ k0+176(FP), CX
	MOVQ k1+184(FP), DX

step:
	CMPQ CX, DX
	JGE done
	// X: lane j is F(a0+j-1, k-j): row a0-1 for lane 0, else lane j-1 of
	// step k-1.
	LEAQ -1(CX), BX
	SHLQ $6, BX
	VPERMPD $0x90, (R8)(BX*1), Y0
	VBROADCASTSD (R11)(CX*8), Y6
	VBLENDPD $1, Y6, Y0, Y0
	VPERMPD $0x90, 32(R8)(BX*1), Y1
	VBROADCASTSD 24(R8)(BX*1), Y6
	VBLENDPD $1, Y6, Y1, Y1
	XORQ BX, BX
	XORQ SI, SI

gamble:
	// S from step max(k-gain, 0).
	MOVQ CX, AX
	SUBQ (DI)(SI*8), AX
	CMOVQLT BX, AX
	SHLQ $6, AX
	VMOVUPD (R9)(AX*1), Y6
	VMOVUPD 32(R9)(AX*1), Y7
	VBROADCASTSD (R12)(SI*8), Y8
	VBROADCASTSD (R14)(SI*8), Y9
	VMULPD Y0, Y9, Y10
	VMULPD Y1, Y9, Y11
	VMULPD Y6, Y8, Y6
	VMULPD Y7, Y8, Y7
	VADDPD Y10, Y6, Y6
	VADDPD Y11, Y7, Y7
	TESTQ SI, SI
	JNZ compare
	VMOVAPD Y6, Y2
	VMOVAPD Y7, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	JMP next

compare:
	// Replace where cand - best > tol·max(1, cand).
	VMAXPD Y12, Y6, Y8
	VMAXPD Y12, Y7, Y9
	VMULPD Y13, Y8, Y8
	VMULPD Y13, Y9, Y9
	VSUBPD Y2, Y6, Y10
	VSUBPD Y3, Y7, Y11
	VCMPPD $0x1e, Y8, Y10, Y10
	VCMPPD $0x1e, Y9, Y11, Y11
	VBLENDVPD Y10, Y6, Y2, Y2
	VBLENDVPD Y11, Y7, Y3, Y3
	MOVQ SI, X8
	VPBROADCASTQ X8, Y8
	VBLENDVPD Y10, Y8, Y4, Y4
	VBLENDVPD Y11, Y8, Y5, Y5

next:
	INCQ SI
	CMPQ SI, R13
	JLT gamble

	// Store F, the best index, and G = p·X + (1-p)·F.
	MOVQ CX, AX
	SHLQ $6, AX
	VMOVUPD Y2, (R8)(AX*1)
	VMOVUPD Y3, 32(R8)(AX*1)
	VMOVDQU Y4, (R10)(AX*1)
	VMOVDQU Y5, 32(R10)(AX*1)
	VMULPD Y0, Y15, Y6
	VMULPD Y2, Y14, Y7
	VADDPD Y7, Y6, Y6
	VMULPD Y1, Y15, Y8
	VMULPD Y3, Y14, Y9
	VADDPD Y9, Y8, Y8
	VMOVUPD Y6, (R9)(AX*1)
	VMOVUPD Y8, 32(R9)(AX*1)
	INCQ CX
	JMP step

done:
	VZEROUPPER
	RET
