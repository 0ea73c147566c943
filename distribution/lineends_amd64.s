#include "textflag.h"

// ENDS4 writes R13 plus the offsets of the four lowest set bits of the line-end mask R10
// to ends (DI) at k (AX) and on, clearing them from R10 (R14 is scratch): a step's line
// ends without a branch, the entries past its count garbage that the next step overwrites.
#define ENDS4 \
	TZCNTL R10, R14; ADDL R13, R14; MOVL R14, (DI)(AX*4); BLSRL R10, R10; \
	TZCNTL R10, R14; ADDL R13, R14; MOVL R14, 4(DI)(AX*4); BLSRL R10, R10; \
	TZCNTL R10, R14; ADDL R13, R14; MOVL R14, 8(DI)(AX*4); BLSRL R10, R10; \
	TZCNTL R10, R14; ADDL R13, R14; MOVL R14, 12(DI)(AX*4); BLSRL R10, R10

// func lineEndsAVX2(p *byte, n int, base uint32, ends *uint32) (k int, high uint32)
//
// Scans p[0:n] (n a multiple of 32) 32 bytes at a time: writes base+i for each i with
// p[i] == '\n' to ends[0:k], in order, and returns in high the OR of the 32-byte masks of
// bytes >= 0x80 (non-zero when there is one). Each 32-byte step writes four entries
// whether or not it has that many line ends (the ones past k are garbage, overwritten by
// the next step), so ends must have room for k+4 entries.
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
	ENDS4
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
// ends[0:k] (as lineEndsAVX2, four entries a step, so ends has room for k+4), and base+i
// for each i where p[i:i+2] is `\x` and p[i+2:i+4] are not two uppercase hex digits to
// bads[0:nbad], and so is base+i for each byte >= 0x80 (a line with one is an error). The
// bytes after each byte are compared from loads at p+1, p+2 and p+3, so no mask crosses a
// step. The ranges of hex digits are tested with signed compares: a byte >= 0x80 is never
// a digit.
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
	VPMOVMSKB Y8, R14 // bytes >= 0x80: bad too (DecodeKey refuses them)
	ORL  R14, R11
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
	ENDS4
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

// func tableLinesAsm(data *byte, ends *uint32, nends, start, to int, cls, entries *uint32, nentries int, tails, counts *uint32, depth, skip int, skipMask, skipWord uint64, rare *uint64, short int) (used, next, nrare, tooLong int)
//
// countEnds' loop over a span's plain lines for the prefix table, in registers: for each
// line end in ends[0:nends], the line from start (a trailing \r dropped) is counted into
// counts when the table places it (its first depth bytes' classes summed into an entry
// with no extending split key, or up to four whose next four bytes all differ from the
// key's, zero-padded when it has fewer); any other line is noted in rare (start |
// end<<32) for Locate. It stops after
// the line that brings start to to or past it, or at a key over 32767 bytes (tooLong its
// length); used is the line ends consumed, next where the next line starts. With short
// set, a key shorter than depth is counted too, by its zero-padded entry's base (no split
// key ends in a zero byte, so none lies between the key and its padding).
TEXT ·tableLinesAsm(SB), NOSPLIT, $0-160
	MOVQ data+0(FP), SI
	MOVQ ends+8(FP), R8
	MOVQ start+24(FP), DX
	MOVQ entries+48(FP), R11
	MOVQ counts+72(FP), R12
	XORQ BX, BX // line ends used
	XORQ DI, DI // rare lines

tl_loop:
	CMPQ BX, nends+16(FP)
	JAE  tl_out
	MOVL (R8)(BX*4), AX // this line's end
	INCQ BX
	MOVQ AX, R13
	SUBQ DX, R13 // its length
	JZ   tl_rare
	CMPB -1(SI)(AX*1), $13
	JNE  tl_nocr
	DECQ R13

tl_nocr:
	CMPQ R13, $32767
	JA   tl_toolong
	CMPQ R13, depth+80(FP)
	JB   tl_short
	MOVQ skip+88(FP), R15
	TESTQ R15, R15
	JZ   tl_sum
	CMPQ R13, $8
	JB   tl_rare
	MOVQ (SI)(DX*1), R14
	ANDQ skipMask+96(FP), R14
	CMPQ R14, skipWord+104(FP)
	JNE  tl_rare

tl_sum:
	XORL R9, R9 // the entry's index
	LEAQ (SI)(DX*1), R14 // the key
	MOVQ R15, R10
	SHLQ $10, R10
	ADDQ cls+40(FP), R10 // &cls[j<<8]

tl_j4: // four bytes a step while four are left (the loop below took 7 instructions a byte)
	LEAQ 4(R15), CX
	CMPQ CX, depth+80(FP)
	JA   tl_j
	MOVBLZX 0(R14)(R15*1), CX
	ADDL    0(R10)(CX*4), R9
	MOVBLZX 1(R14)(R15*1), CX
	ADDL    1024(R10)(CX*4), R9
	MOVBLZX 2(R14)(R15*1), CX
	ADDL    2048(R10)(CX*4), R9
	MOVBLZX 3(R14)(R15*1), CX
	ADDL    3072(R10)(CX*4), R9
	ADDQ    $4, R15
	ADDQ    $4096, R10
	JMP     tl_j4

tl_j:
	CMPQ R15, depth+80(FP)
	JAE  tl_entry
	MOVBLZX (R14)(R15*1), CX
	ADDL (R10)(CX*4), R9
	ADDQ $1024, R10
	INCQ R15
	JMP  tl_j

tl_entry:
	CMPQ R9, nentries+56(FP)
	JAE  tl_rare
	MOVL (R11)(R9*4), CX
	CMPL CX, $0x7ffffff // entryBase: no extending key
	JA   tl_ext
	INCL (R12)(CX*4)
	JMP  tl_next

tl_ext:
	MOVL CX, R9
	SHRL $27, R9 // extending keys
	CMPL R9, $4
	JA   tl_rare
	MOVQ depth+80(FP), R15
	LEAQ 4(R15), R10
	CMPQ R13, R10
	JB   tl_padtail
	MOVL (R14)(R15*1), R10
	BSWAPL R10 // the key's four bytes after depth, as a number

tl_tail:
	ANDL $0x7ffffff, CX // the entry's base
	MOVQ tails+64(FP), R15
	LEAQ (R15)(CX*4), R15
	XORL R13, R13 // extending keys below the key

tl_tails:
	CMPL (R15), R10
	JEQ  tl_rare // a tie on four bytes: Locate compares the rest
	ADCL $0, R13
	ADDQ $4, R15
	DECL R9
	JNZ  tl_tails
	ADDL CX, R13
	INCL (R12)(R13*4)
	JMP  tl_next

tl_padtail:
	// A key of depth to depth+3 bytes: its bytes after depth, zero-padded to four (as
	// tail4 pads), from the word that ends the key (no byte past it is read).
	CMPQ R13, $4
	JB   tl_rare
	MOVL -4(R14)(R13*1), R10
	BSWAPL R10
	ADDQ $4, R15
	SUBQ R13, R15 // 1 to 4 bytes of padding
	SHLQ $3, R15
	XCHGQ CX, R15 // the shift in CL, the entry kept in R15
	SHLQ CX, R10  // a shift of 32 leaves the low half zero: no byte after depth
	MOVQ R15, CX
	JMP  tl_tail

tl_short:
	CMPQ short+120(FP), $0
	JEQ  tl_rare
	XORL R9, R9 // the entry's index: the key's bytes, then zero bytes to depth
	LEAQ (SI)(DX*1), R14
	MOVQ cls+40(FP), R10
	XORQ R15, R15

tl_sbytes:
	CMPQ R15, R13
	JAE  tl_spad
	MOVBLZX (R14)(R15*1), CX
	ADDL (R10)(CX*4), R9
	ADDQ $1024, R10
	INCQ R15
	JMP  tl_sbytes

tl_spad:
	CMPQ R15, depth+80(FP)
	JAE  tl_sentry
	ADDL (R10), R9
	ADDQ $1024, R10
	INCQ R15
	JMP  tl_spad

tl_sentry:
	CMPQ R9, nentries+56(FP)
	JAE  tl_rare
	MOVL (R11)(R9*4), CX
	ANDL $0x7ffffff, CX
	INCL (R12)(CX*4)

tl_next:
	LEAQ 1(AX), DX
	CMPQ DX, to+32(FP)
	JLT  tl_loop
	JMP  tl_out

tl_rare:
	MOVQ AX, R13 // the key's end: the line's, less a trailing \r
	CMPQ R13, DX
	JBE  tl_store
	CMPB -1(SI)(R13*1), $13
	JNE  tl_store
	DECQ R13

tl_store:
	SHLQ $32, R13
	ORQ  DX, R13
	MOVQ rare+112(FP), R14
	MOVQ R13, (R14)(DI*8)
	INCQ DI
	JMP  tl_next

tl_toolong:
	MOVQ R13, tooLong+152(FP)
	LEAQ 1(AX), DX
	MOVQ BX, used+128(FP)
	MOVQ DX, next+136(FP)
	MOVQ DI, nrare+144(FP)
	RET

tl_out:
	MOVQ $0, tooLong+152(FP)
	MOVQ BX, used+128(FP)
	MOVQ DX, next+136(FP)
	MOVQ DI, nrare+144(FP)
	RET

// PAIRTABS loads the four pair tables' addresses from the array at R9 into T0 to T3.
#define PAIRTABS(T0, T1, T2, T3) \
	MOVQ 0(R9), T0; MOVQ 8(R9), T1; MOVQ 16(R9), T2; MOVQ 24(R9), T3

// PAIRSUM2 sums the word R14's four 16-bit pairs, low first, through the pair tables T0 to
// T3 into R10 (R14, R9 and ACC are scratch), in two sums added at the end: two short chains
// of adds, each waiting on two table reads, where one chain waited on four
// (BenchmarkCountListed/user-cut, eight interleaved runs: 17.7 -> 16.8 CPU ns a key, the
// medians; user1m 0.575 -> 0.56 s CPU; hex-cut the same).
#define PAIRSUM2(T0, T1, T2, T3, ACC) \
	MOVWLZX R14, R9; MOVL (T0)(R9*4), R10; \
	SHRQ $16, R14; MOVWLZX R14, R9; MOVL (T1)(R9*4), ACC; \
	SHRQ $16, R14; MOVWLZX R14, R9; ADDL (T2)(R9*4), R10; \
	SHRQ $16, R14; ADDL (T3)(R14*4), ACC; \
	ADDL ACC, R10

// func gridEndsAsm(data *byte, ends *uint32, nends, start, to, last int, tabs *[4]*[1 << 16]uint32, corr *[16]uint32, masks *[16]uint64, from, shortest int, skipMask, skipWord uint64, idxs, starts *uint32, amb *uint64) (n, next int)
//
// endsCells (grid.go) in registers: for each line end in ends[0:nends], the line from
// start (a trailing \r dropped) gets its cell into idxs and its start into starts, while
// start is at most last (a word after the shared prefix can be read) and the line is
// shortest to 32767 bytes long: its word after the shared prefix (from), its bytes past
// the line masked off (masks[k], k its bytes after from, at most 8), summed through the
// four pair tables, less corr[k]; miss (0x4000000) when its first word masked by skipMask
// is not skipWord. It stops before a line it cannot take or after the one that brings
// start to to or past it; n is the lines taken, next where the next one starts. The word
// of amb (the grid's ambiguous bits) that holds each cell's bit is prefetched, for
// noteLinesAsm: a tenth of user1m's lines are in ambiguous cells, so its branch on the bit
// mispredicts, and it waited on the 2 MiB of bits (BenchmarkCountListed's user-cut 16.6-18.3
// -> 15.8-17.5 CPU ns a key, eight interleaved runs; a miss's cell past amb is harmless,
// a prefetch does not fault).
TEXT ·gridEndsAsm(SB), NOSPLIT, $0-144
	MOVQ data+0(FP), SI
	MOVQ ends+8(FP), R8
	MOVQ start+24(FP), DX
	MOVQ tabs+48(FP), R9
	PAIRTABS(R11, R12, R15, DI)
	XORQ BX, BX // lines taken

ge_loop:
	CMPQ BX, nends+16(FP)
	JAE  ge_out
	CMPQ DX, last+40(FP)
	JG   ge_out
	MOVL (R8)(BX*4), AX // this line's end
	MOVQ AX, R13
	SUBQ DX, R13 // its length
	JLE  ge_out
	CMPB -1(SI)(AX*1), $13
	JNE  ge_nocr
	DECQ R13

ge_nocr:
	CMPQ R13, shortest+80(FP)
	JL   ge_out
	CMPQ R13, $32767
	JG   ge_out
	MOVQ R13, CX
	SUBQ from+72(FP), CX
	MOVL $8, R9
	CMPQ CX, R9
	CMOVQGT R9, CX // k: the line's bytes after from, at most 8
	MOVQ DX, R14
	ADDQ from+72(FP), R14
	MOVQ (SI)(R14*1), R14
	MOVQ masks+64(FP), R9
	ANDQ (R9)(CX*8), R14
	PAIRSUM2(R11, R12, R15, DI, R13) // R13, the line's length, is not needed after k
	MOVQ corr+56(FP), R9
	SUBL (R9)(CX*4), R10
	MOVQ (SI)(DX*1), R14
	ANDQ skipMask+88(FP), R14
	CMPQ R14, skipWord+96(FP)
	MOVL $0x4000000, R9
	CMOVLNE R9, R10 // not the shared prefix: a miss
	MOVQ idxs+104(FP), R9
	MOVL R10, (R9)(BX*4)
	MOVL R10, CX
	SHRL $6, CX
	MOVQ amb+120(FP), R9
	PREFETCHT0 (R9)(CX*8) // its ambiguous bit, for noteLinesAsm
	MOVQ starts+112(FP), R9
	MOVL DX, (R9)(BX*4)
	LEAQ 1(AX), DX
	INCQ BX
	CMPQ DX, to+32(FP)
	JL   ge_loop

ge_out:
	MOVQ BX, n+128(FP)
	MOVQ DX, next+136(FP)
	RET

// func gridStrideAsm(p *byte, stride, n int, tabs *[4]*[1 << 16]uint32, idxs *uint32)
//
// gridCells' loop for a grid without a shared prefix, in registers: the cells of n lines
// stride bytes apart from p (the first word of each readable), each its word's four
// 16-bit pairs summed through the four pair tables, into idxs[0:n].
TEXT ·gridStrideAsm(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), SI
	MOVQ stride+8(FP), DX
	MOVQ n+16(FP), CX
	MOVQ tabs+24(FP), R9
	PAIRTABS(R11, R12, R13, R15)
	MOVQ idxs+32(FP), DI
	XORQ BX, BX

gs_loop:
	CMPQ BX, CX
	JAE  gs_done
	MOVQ (SI), R14
	PAIRSUM2(R11, R12, R13, R15, AX)
	MOVL R10, (DI)(BX*4)
	ADDQ DX, SI
	INCQ BX
	JMP  gs_loop

gs_done:
	RET

// func noteLinesAsm(idxs *uint32, n int, amb *uint64, size uint32, fill *[256]uint32, held *uint16, ambAt *[256]uint16) (i, m int)
//
// noteLinesGo (grid.go) in registers: each cell idxs[k] (k < n) below size whose bit in
// amb is clear is noted in its bin (idx>>16): held[bin<<13 | fill[bin]&8191] = idx, fill
// incremented; a cell whose bit is set has its k written to ambAt[m], m incremented. It
// stops at a cell at or above size, or after the note that brings its bin's fill to 8192;
// i is that cell's k (n when none), m the ambiguous cells before it.
TEXT ·noteLinesAsm(SB), NOSPLIT, $0-72
	MOVQ idxs+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ amb+16(FP), R8
	MOVL size+24(FP), R9
	MOVQ fill+32(FP), R10
	MOVQ held+40(FP), R11
	MOVQ ambAt+48(FP), R12
	XORQ AX, AX // k
	XORQ DX, DX // m

nl_loop:
	CMPQ AX, CX
	JAE  nl_out
	MOVL (SI)(AX*4), BX // the cell
	CMPL BX, R9
	JAE  nl_out         // a miss
	MOVL BX, DI
	SHRL $6, DI
	MOVQ (R8)(DI*8), DI
	BTQ  BX, DI         // its ambiguous bit (BX mod 64)
	JCS  nl_amb
	MOVL BX, DI
	SHRL $16, DI        // its bin
	MOVL (R10)(DI*4), R13 // the bin's fill
	MOVL R13, R14
	ANDL $8191, R14
	MOVL BX, R15
	SHRL $3, R15
	ANDL $0x1FE000, R15 // bin<<13
	ORL  R15, R14
	MOVW BX, (R11)(R14*2)
	INCL R13
	MOVL R13, (R10)(DI*4)
	INCQ AX
	CMPL R13, $8192
	JNE  nl_loop
	DECQ AX             // it filled its bin: stop at it

nl_out:
	MOVQ AX, i+56(FP)
	MOVQ DX, m+64(FP)
	RET

nl_amb:
	MOVW AX, (R12)(DX*2)
	INCQ DX
	INCQ AX
	JMP  nl_loop
