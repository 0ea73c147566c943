#include "textflag.h"

// func lineEndsAVX2(p *byte, n int, base uint32, ends *uint32) (k int, high uint32)
//
// Scans p[0:n] (n a multiple of 32) 32 bytes at a time: writes base+i for each i with
// p[i] == '\n' to ends[0:k], in order, and returns in high the OR of the 32-byte masks of
// bytes >= 0x80 (non-zero when there is one). Each 32-byte step writes four entries
// whether or not it has that many line ends (the ones past k are garbage, overwritten by
// the next step), so ends must have room for k+3 entries.
TEXT ·lineEndsAVX2(SB), NOSPLIT, $0-44
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL base+16(FP), R8
	MOVQ ends+24(FP), DI
	XORQ AX, AX // k
	XORL R9, R9 // high
	XORQ BX, BX // offset
	MOVL $0x0a, DX
	MOVQ DX, X0
	VPBROADCASTB X0, Y0

loop:
	CMPQ BX, CX
	JAE  done
	VMOVDQU (SI)(BX*1), Y1
	VPCMPEQB Y0, Y1, Y2
	VPMOVMSKB Y2, R10 // line ends
	VPMOVMSKB Y1, R11 // bytes >= 0x80
	ORL  R11, R9
	POPCNTL R10, R12
	LEAL (R8)(BX*1), R13
	TZCNTL R10, R14
	ADDL R13, R14
	MOVL R14, (DI)(AX*4)
	BLSRL R10, R10
	TZCNTL R10, R14
	ADDL R13, R14
	MOVL R14, 4(DI)(AX*4)
	BLSRL R10, R10
	TZCNTL R10, R14
	ADDL R13, R14
	MOVL R14, 8(DI)(AX*4)
	BLSRL R10, R10
	TZCNTL R10, R14
	ADDL R13, R14
	MOVL R14, 12(DI)(AX*4)
	BLSRL R10, R10
	CMPL R12, $4
	JLE  next
	// More than four line ends in 32 bytes (lines under 8 bytes): the rest one by one.
	LEAQ 4(AX), R15

more:
	TESTL R10, R10
	JZ    next
	TZCNTL R10, R14
	ADDL R13, R14
	MOVL R14, (DI)(R15*4)
	INCQ R15
	BLSRL R10, R10
	JMP  more

next:
	ADDQ R12, AX
	ADDQ $32, BX
	JMP  loop

done:
	VZEROUPPER
	MOVQ AX, k+32(FP)
	MOVL R9, high+40(FP)
	RET
