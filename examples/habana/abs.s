// |x| of an fp32 tensor (tensor 0) into tensor 1, one 64-lane vector per
// index-space member along dim 0 (index space {ceil(size0 / 64), 1, 1, 1, 1}).
// The TPC's partition comes from its configuration space: index-space
// offset and size of dim 0 at MMIO 0x790 and 0x794 (docs/habana.md).
// The pipeline is exposed: no instruction waits for another's result, so
// the NOPs keep each consumer at or past its producer's latency (scalar
// loads and integer ops 4 cycles; an I2 coordinate is usable by LD_TNSR
// the next cycle, loaded data by the VPU 4 cycles later, a VPU result by
// ST_TNSR the cycle after).
    ld_l  mmio S1, 0x790;   nop;    nop;    nop
    ld_l  mmio S2, 0x794;   nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    add.i32  S2, S1, S2;    nop;    nop
    nop;    mul.i32  S3, S1, 64;    nop;    nop
    nop;    mov.i32  b11110 I2, 0;  nop;    nop
    nop;    nop;    nop;    nop
    nop;    mul.i32  S4, S2, 64;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    nop;    nop
    loop S3, S4, 64, <, Done
    nop;    mov.i32  b00001 I2, S32;    nop;    nop
    ld_tnsr  V1, 0x0, I2;   nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    nop;    nop
    nop;    nop;    abs.f32  V2, V1;    nop
    nop;    nop;    nop;    st_tnsr  0x1, I2, V2
Done:
    nop;    halt;   nop;    nop
