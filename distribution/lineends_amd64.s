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

// func blockStatsAVX2(p *byte, n int) (newlines int, backslash, high uint32)
//
// One pass over p[0:n] (n a multiple of 32), 32 bytes a step: the number of '\n' bytes,
// and non-zero masks when some byte is '\\' or >= 0x80. The newlines are counted per byte
// lane (a compare's 0xFF is -1) and folded into 64-bit sums (VPSADBW) every 255 steps,
// before a lane can wrap.
TEXT ·blockStatsAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL $0x0a, DX
	MOVQ DX, X0
	VPBROADCASTB X0, Y0 // '\n'
	MOVL $0x5c, DX
	MOVQ DX, X1
	VPBROADCASTB X1, Y1 // '\\'
	VPXOR Y2, Y2, Y2 // newlines, per lane
	VPXOR Y3, Y3, Y3 // backslashes seen
	VPXOR Y4, Y4, Y4 // OR of the bytes
	VPXOR Y5, Y5, Y5 // newlines, four 64-bit sums
	VPXOR Y6, Y6, Y6 // zero
	XORQ BX, BX
	MOVQ $255, R8

stats:
	CMPQ BX, CX
	JAE  statsdone
	VMOVDQU (SI)(BX*1), Y7
	VPCMPEQB Y0, Y7, Y8
	VPSUBB Y8, Y2, Y2
	VPCMPEQB Y1, Y7, Y9
	VPOR Y9, Y3, Y3
	VPOR Y7, Y4, Y4
	ADDQ $32, BX
	DECQ R8
	JNZ  stats
	VPSADBW Y6, Y2, Y8
	VPADDQ Y8, Y5, Y5
	VPXOR Y2, Y2, Y2
	MOVQ $255, R8
	JMP  stats

statsdone:
	VPSADBW Y6, Y2, Y8
	VPADDQ Y8, Y5, Y5
	VEXTRACTI128 $1, Y5, X8
	VPADDQ X8, X5, X5
	VPSHUFD $0x4e, X5, X8
	VPADDQ X8, X5, X5
	MOVQ X5, AX
	VPMOVMSKB Y3, DX
	VPMOVMSKB Y4, R9
	VZEROUPPER
	MOVQ AX, newlines+16(FP)
	MOVL DX, backslash+24(FP)
	MOVL R9, high+28(FP)
	RET

// func escapedEndsAVX2(p *byte, n int, base uint32, ends *uint32, bads *uint32) (k, nbad int)
//
// countEscaped's first pass over p[0:n] (n a multiple of 32; p[n:n+3] must be readable
// too), 32 bytes a step, for ASCII text: writes base+i for each i with p[i] == '\n' to
// ends[0:k] (as lineEndsAVX2, four entries a step, so ends has room for k+3), and base+i
// for each i where p[i:i+2] is `\x` and p[i+2:i+4] are not two uppercase hex digits to
// bads[0:nbad]. The bytes after each byte are compared from loads at p+1, p+2 and p+3,
// so no mask crosses a step. The ranges of hex digits are tested with signed compares:
// text bytes are below 0x80.
TEXT ·escapedEndsAVX2(SB), NOSPLIT, $0-56
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ ends+24(FP), DI
	MOVQ bads+32(FP), DX
	XORQ AX, AX // k
	XORQ R12, R12 // nbad
	XORQ BX, BX
	MOVL $0x0a, R9
	MOVQ R9, X0
	VPBROADCASTB X0, Y0 // '\n'
	MOVL $0x5c, R9
	MOVQ R9, X1
	VPBROADCASTB X1, Y1 // '\\'
	MOVL $0x78, R9
	MOVQ R9, X2
	VPBROADCASTB X2, Y2 // 'x'
	MOVL $0x2f, R9
	MOVQ R9, X3
	VPBROADCASTB X3, Y3 // '0'-1
	MOVL $0x3a, R9
	MOVQ R9, X4
	VPBROADCASTB X4, Y4 // '9'+1
	MOVL $0x40, R9
	MOVQ R9, X5
	VPBROADCASTB X5, Y5 // 'A'-1
	MOVL $0x47, R9
	MOVQ R9, X6
	VPBROADCASTB X6, Y6 // 'F'+1

escloop:
	CMPQ BX, CX
	JAE  escdone
	VMOVDQU (SI)(BX*1), Y8
	VMOVDQU 1(SI)(BX*1), Y9
	VMOVDQU 2(SI)(BX*1), Y10
	VMOVDQU 3(SI)(BX*1), Y11
	VPCMPEQB Y0, Y8, Y12
	VPMOVMSKB Y12, R10 // line ends
	VPCMPEQB Y1, Y8, Y12
	VPCMPEQB Y2, Y9, Y13
	VPAND Y13, Y12, Y12 // \x
	VPCMPGTB Y3, Y10, Y13
	VPCMPGTB Y10, Y4, Y14
	VPAND Y14, Y13, Y13
	VPCMPGTB Y5, Y10, Y14
	VPCMPGTB Y10, Y6, Y9
	VPAND Y9, Y14, Y14
	VPOR Y14, Y13, Y13 // p[i+2] is a hex digit
	VPCMPGTB Y3, Y11, Y14
	VPCMPGTB Y11, Y4, Y9
	VPAND Y9, Y14, Y14
	VPCMPGTB Y5, Y11, Y9
	VPCMPGTB Y11, Y6, Y10
	VPAND Y10, Y9, Y9
	VPOR Y9, Y14, Y14 // p[i+3] is a hex digit
	VPAND Y14, Y13, Y13
	VPANDN Y12, Y13, Y12 // \x without two hex digits
	VPMOVMSKB Y12, R11
	MOVL base+16(FP), R13
	ADDL BX, R13
	TESTL R11, R11
	JZ   escends

escbad:
	TZCNTL R11, R14
	ADDL R13, R14
	MOVL R14, (DX)(R12*4)
	INCQ R12
	BLSRL R11, R11
	JNZ  escbad

escends:
	POPCNTL R10, R15
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
	CMPL R15, $4
	JLE  escnext
	LEAQ 4(AX), R9

escmore:
	TESTL R10, R10
	JZ    escnext
	TZCNTL R10, R14
	ADDL R13, R14
	MOVL R14, (DI)(R9*4)
	INCQ R9
	BLSRL R10, R10
	JMP  escmore

escnext:
	ADDQ R15, AX
	ADDQ $32, BX
	JMP  escloop

escdone:
	VZEROUPPER
	MOVQ AX, k+40(FP)
	MOVQ R12, nbad+48(FP)
	RET
