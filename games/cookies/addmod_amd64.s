#include "textflag.h"

// Residues are below p < 2^62, so a sum y of two is below 2^63 and y-p is
// negative, as a signed number, exactly when y < p: VBLENDVPD picks y for
// those lanes (by the sign bit of y-p) and y-p for the others.

// func addModAVX2(dst, src []uint64, p uint64)
// dst[k] = (dst[k] + src[k]) mod p for k < len(dst) rounded down to 4.
TEXT ·addModAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	VPBROADCASTQ p+48(FP), Y0
	MOVQ CX, DX
	SHRQ $4, CX
	JZ fours

loop16:
	VMOVDQU (DI), Y1
	VMOVDQU 32(DI), Y2
	VMOVDQU 64(DI), Y3
	VMOVDQU 96(DI), Y4
	VPADDQ (SI), Y1, Y1
	VPADDQ 32(SI), Y2, Y2
	VPADDQ 64(SI), Y3, Y3
	VPADDQ 96(SI), Y4, Y4
	VPSUBQ Y0, Y1, Y5
	VPSUBQ Y0, Y2, Y6
	VPSUBQ Y0, Y3, Y7
	VPSUBQ Y0, Y4, Y8
	VBLENDVPD Y5, Y1, Y5, Y1
	VBLENDVPD Y6, Y2, Y6, Y2
	VBLENDVPD Y7, Y3, Y7, Y3
	VBLENDVPD Y8, Y4, Y8, Y4
	VMOVDQU Y1, (DI)
	VMOVDQU Y2, 32(DI)
	VMOVDQU Y3, 64(DI)
	VMOVDQU Y4, 96(DI)
	ADDQ $128, DI
	ADDQ $128, SI
	DECQ CX
	JNZ loop16

fours:
	ANDQ $15, DX
	SHRQ $2, DX
	JZ done

loop4:
	VMOVDQU (DI), Y1
	VPADDQ (SI), Y1, Y1
	VPSUBQ Y0, Y1, Y5
	VBLENDVPD Y5, Y1, Y5, Y1
	VMOVDQU Y1, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	DECQ DX
	JNZ loop4

done:
	VZEROUPPER
	RET

// func sumModAVX2(xs []uint64, p uint64) uint64
// The sum mod p of xs[:len(xs) rounded down to 4].
TEXT ·sumModAVX2(SB), NOSPLIT, $0-40
	MOVQ xs_base+0(FP), SI
	MOVQ xs_len+8(FP), CX
	VPBROADCASTQ p+24(FP), Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	MOVQ CX, DX
	SHRQ $3, CX
	JZ sum4

sum8:
	VPADDQ (SI), Y1, Y1
	VPADDQ 32(SI), Y2, Y2
	VPSUBQ Y0, Y1, Y5
	VPSUBQ Y0, Y2, Y6
	VBLENDVPD Y5, Y1, Y5, Y1
	VBLENDVPD Y6, Y2, Y6, Y2
	ADDQ $64, SI
	DECQ CX
	JNZ sum8

sum4:
	TESTQ $4, DX
	JZ fold
	VPADDQ (SI), Y1, Y1
	VPSUBQ Y0, Y1, Y5
	VBLENDVPD Y5, Y1, Y5, Y1

fold:
	// Two accumulators, then four lanes, into one residue.
	VPADDQ Y2, Y1, Y1
	VPSUBQ Y0, Y1, Y5
	VBLENDVPD Y5, Y1, Y5, Y1
	VEXTRACTI128 $1, Y1, X2
	VPADDQ X2, X1, X1
	VPSUBQ X0, X1, X5
	VBLENDVPD X5, X1, X5, X1
	VPSHUFD $0x4e, X1, X2
	VPADDQ X2, X1, X1
	VPSUBQ X0, X1, X5
	VBLENDVPD X5, X1, X5, X1
	MOVQ X1, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

// func subModAVX2(dst, src []uint64, p uint64)
// dst[k] = (dst[k] - src[k]) mod p for k < len(dst) rounded down to 4:
// y = dst[k] - src[k] is negative, as a signed number, exactly when it
// wrapped around, and then y+p is the residue.
TEXT ·subModAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	VPBROADCASTQ p+48(FP), Y0
	SHRQ $2, CX
	JZ subdone

sub4:
	VMOVDQU (DI), Y1
	VPSUBQ (SI), Y1, Y1
	VPADDQ Y0, Y1, Y5
	VBLENDVPD Y1, Y5, Y1, Y1
	VMOVDQU Y1, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	DECQ CX
	JNZ sub4

subdone:
	VZEROUPPER
	RET

