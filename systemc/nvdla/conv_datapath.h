// NVDLA's convolution pipeline for DIRECT and (nv_full) WINOGRAD
// convolution as plain C++ (no SystemC): CDMA fetches the feature cube
// and the weights into the convolution buffer, CSC sequences atomic
// operations (padding, stride, dilation), CMAC multiplies, CACC accumulates, rounds and clips, and the
// int32 result (fp16 layers: an fp32 pattern) goes to SDP in flying mode.
// conv_process() reproduces,
// bit-exactly, the values SDP receives; it is driven by the raw register
// words of CDMA, CSC, CMAC_A/B and CACC.
//
// Modelled: int8 direct convolution, and int16 and fp16 on nv_full (nvdlav1), of a
// feature cube from memory (packed cube layout of feature_cube.h, CDMA's
// line and surface strides, MCIF, or CVIF where the configuration has
// it), CDMA's input converter, dense and (nv_full) compressed weights,
// padding with PAD_VALUE, stride, dilation, (nv_full) several batches, CACC
// truncation. DATA_REUSE / WEIGHT_REUSE / SKIP_*_RLS only decide what the
// buffer keeps between layers and do not change the arithmetic (each layer
// is computed from memory here). Image input (CDMA/CSC D_DATAIN_FORMAT =
// PIXEL) is modelled for the pitch-linear packed-pixel (8-bit, 16-bit,
// 10-bit packed, fp16) and semi-planar formats (rules below). Not modelled
// (named by conv_unsupported_or_illegal()): mixed precisions (so no
// precision change in CDMA's converter), and for image input
// RESERVED_LINEAR mapping. fp16 on the master configurations (int8
// only), a pixel format that does not match the input precision, and
// CVT_EN with fp16 feature input are refused naming the register.
// Deconvolution is a software composition of direct convolutions.
//
// Winograd (nv_full only: every master spec sets WINOGRAD_DISABLE), CONV_MODE
// = WINOGRAD in CDMA, CSC, CMAC_A, CMAC_B and CACC alike; int8, int16 and
// fp16 (rules at the end of this section), feature input, one batch, dense
// weights. F(2x2, 3x3): every 2x2 output
// tile comes from a 4x4 input tile (tiles at stride 2) of the extended cube.
//   extension  CDMA pads the input (PL, PR, PT, PB with CDMA
//             D_ZERO_PADDING_VALUE: its low 8 bits as int8, all 16 for
//             int16; vmod/nvdla/cdma/NV_NVDLA_CDMA_wg.v dma_pad_data) and folds
//             the stride into channels: the C channels are whole atoms (C a
//             multiple of 32 int8 / 16 int16, NV_NVDLA_CDMA_wg.v "channel is
//             not divisible by 16/32"), and
//             extended element (x, y, (dy x SX + dx) x C + c) is padded
//             element (x SX + dx, y SY + dy, c) (cmod/cdma/NV_NVDLA_cdma.cpp
//             WinoConvDataResponseSequencerCommon coor_channel_4x4x4). So
//             (PL + W + PR) = SX x WE and (PT + H + PB) = SY x HE with WE x HE
//             = CDMA D_DATAIN_SIZE_EXT_0 = CSC D_DATAIN_SIZE_EXT_0, both
//             multiples of 4, and CSC DATAIN_CHANNEL_EXT = C x SX x SY
//             (NV_NVDLA_CDMA_wg.v assertions "width and width_ext not
//             match", "width_ext is not divisible by 4"; nvdla/doc
//             programming_guide.rst DATAIN_SIZE_EXT table). The output is
//             (WE - 4) x (HE - 4) (CSC/CACC D_DATAOUT_SIZE_0; the trace
//             generator's nvdla_cc_dp_resource.sv c_ias_dataout), at least
//             8 x 8 (programming_guide.rst "Winograd": multiples of 4, >= 8).
//             CSC stride 1 (D_CONV_STRIDE_EXT 0), no dilation, kernel 4 x 4
//             (D_WEIGHT_SIZE_EXT_0), WEIGHT_CHANNEL_EXT = DATAIN_CHANNEL_EXT.
//             D_ENTRY_PER_SLICE + 1 = WE / 4 x C / atom x SX x SY (the cmod's
//             cbuf_entry_per_slice check in CDMA and CSC); the data banks
//             hold HE x that many entries.
//   weights   pre-transformed by software (U = G g G^T of each 3x3
//             extended-channel kernel, nvdla/doc format.rst "Basic Weight
//             for Winograd Convolution"); stored per kernel group (32 int8 / 16 int16
//             kernels), then per block of 4 extended channels, then per
//             kernel, 16 positions (row y, column x: y x 4 + x), 4 channels
//             fastest (cmod/csc/NV_NVDLA_csc.cpp
//             SendWeightToMacSequencerWinoConvCommon super_atom_size).
//             BYTE_PER_KERNEL = 16 x DATAIN_CHANNEL_EXT x element bytes.
//   PRA       CSC's pre-addition (cmod/hls/csc_libs/csc_cvt.cpp
//             NV_NVDLA_CSC_pra_cell; RTL NV_NVDLA_CSC_pra_cell.v) per 4x4
//             tile d of one channel: V = B^T d B, B^T = [1 0 -1 0; 0 1 1 0;
//             0 -1 1 0; 0 1 0 -1], exact (rows in 17 bits, then 18); then
//             each element is shifted right by CSC D_PRA_CFG.PRA_TRUNCATE t
//             (0..2, as NVDLA's trace generator programs it,
//             nvdla_cc_dp_resource.sv), rounded half away from zero and
//             saturated to int8 / int16 (IntShiftRight into ac_fixed
//             AC_RND_INF, AC_SAT of cmod/hls/include/nvdla_int.h).
//   CMAC      per kernel, tile and block of 4 channels
//             (cmod/cmac/NV_NVDLA_cmac.h calculation_int8/int16, winograd):
//             M[p] = sum over the 4 channels of V[p] x U[p] (exact), then
//             Y = A^T M A, A^T = [1 1 1 0; 0 1 -1 -1], exact (at most 21 bits
//             int8, 37 bits int16); Y[r][c] is output (2 tx + c, 2 ty + r).
//   CACC      adds the blocks' Y in channel order with the direct rules
//             (34 / 48-bit saturating accumulator, CLIP_TRUNCATE,
//             D_OUT_SATURATION); SDP receives the cube in the usual order.
//   fp16      (nvdlav1 C model; channels whole atoms of 16, weight groups
//             of 16 kernels, as int16):
//             - CDMA pads with all 16 bits of D_ZERO_PADDING_VALUE, then
//               counts each element of the extended cube once, padding
//               included, in D_NAN_INPUT_DATA_NUM / D_INF_INPUT_DATA_NUM
//               and with D_NAN_FLUSH_TO_ZERO makes its NaNs +0
//               (cmod/cdma/NV_NVDLA_cdma.cpp WinoConvDataResponseSequencer-
//               Common, on the buffer entries); the weights as for direct
//               convolution.
//             - PRA (csc_pra_fp16; csc_cvt.cpp, ENUM_FP16): each element
//               widened Fp16ToFp17 (exact, Inf -> the largest finite FP17),
//               B^T d then (..) B with FP17 FpSub / FpAdd<6,10> (each
//               rounded ties to even, sdp_fp17_add's rules), each result
//               narrowed Fp17ToFp16 (nvdla_fp17_to_fp16: 65504 from 2^16
//               up). PRA_TRUNCATE is not used (still refused above 2, the
//               trace generator's limit for every precision).
//             - CMAC (cmac_fp16_winograd; NV_NVDLA_cmac.h calculation_fp16,
//               winograd_op_): the 64 pairs (position x 4 + channel) go
//               through the direct fp16 rules below (NaN search, zero mask
//               on the pre-added data and the weights, one block exponent,
//               Booth products); a NaN gives all four words the NaN word;
//               else pp_phase1[p] = the 4 channel products of position p,
//               Y = A^T pp_phase1 A as for int8 (exact in 38 bits), word j
//               = (E = 4G, Y[j]).
//             - CACC: per output position the blocks' words in channel
//               order into an FP48 accumulator from 0 (cacc_fp48_add), fp32
//               to SDP (cacc_fp48_to_fp32); no CLIP_TRUNCATE.
//   Refused naming the register: compressed weights (not
//   modelled), CDMA D_CVT_CFG.CVT_EN (the C model's Winograd fetch skips
//   the converter while NV_NVDLA_CDMA_cvt.v would convert the wg2cvt data,
//   padding included, so the two disagree), image input and several
//   batches (programming_guide.rst feature-crossing table).
//
// Multi-batch (nv_full only: every master spec sets BATCH_DISABLE):
// D_BATCH_NUMBER = N - 1 in CDMA, CSC and CACC alike. CDMA reads batch b's
// cube at D_DAIN_ADDR + b x D_BATCH_STRIDE with the same line and surface
// strides (nvdlav1 vmod/nvdla/cdma/NV_NVDLA_CDMA_dc.v: the batch counter
// sits inside the channel loop and adds reg2dp_batch_stride to the
// address; the buffer holds D_ENTRY_PER_SLICE x N entries per line). CSC
// sends each weight stripe to every batch in turn (NV_NVDLA_CSC_sg.v; its
// stripes shorten as N grows) and CACC accumulates each batch apart, so
// batch b's output is the convolution of batch b's cube alone; SDP writes
// it D_DST_BATCH_STRIDE x b further (sdp.cpp). Rules from the trace
// generator (verif/testbench/trace_generator/resources/nvdla_cdma_resource.sv
// c_ias_multi_batch, CBUF bank sizing): D_BATCH_STRIDE at least one cube
// (D_SURF_STRIDE x surfaces; D_LINE_STRIDE x height for one surface), and
// D_ENTRY_PER_SLICE x height x N entries within the data banks.
//
// Compressed weights (nv_full only: every master spec sets
// WEIGHT_COMPRESSION_DISABLE), CDMA/CSC D_WEIGHT_FORMAT = COMPRESSED:
//   WMB  at D_WMB_ADDR, D_WMB_BYTES long: one bit per element of the dense
//        weight layout below, in its order, bit i in byte i / 8 at bit
//        i % 8; 1 = the element is stored, 0 = it is zero.
//        D_WMB_BYTES = ceil(elements / 1024) x 128 (nvdlav1
//        NV_NVDLA_CDMA_wt.v asserts it; the register keeps bits [27:7]).
//   weights at D_WEIGHT_ADDR: the stored elements only, in dense order,
//        packed without gaps across kernel groups (int16 little-endian);
//        D_WEIGHT_BYTES = their bytes padded to 128.
//   WGS  at D_WGS_ADDR: one little-endian 32-bit word per kernel group,
//        the bytes of that group's stored elements (CDMA adds it to the
//        bytes the group needs: NV_NVDLA_CDMA_wt.v wgs_pop_data;
//        cmod/cdma/NV_NVDLA_cdma.cpp reads ceil(K / atomic-K) x 4 bytes).
//   CSC's decompressor (NV_NVDLA_CSC_WL_dec.v; cmod/csc/NV_NVDLA_csc.cpp
//   get_decompressed_weight) puts the next stored element where the mask
//   bit is 1 and 0 elsewhere, so CMAC sees the dense kernels. The WMB takes
//   the last CBUF bank: data + weight banks at most 15. A group size that
//   differs from its mask bits' count, or D_WEIGHT_BYTES that differs from
//   the groups' sum, is refused naming the register: CDMA's per-group
//   buffer accounting would no longer match what CSC consumes.
//
// Weight layout (nvdla/doc doc/hw/format.rst "Basic Weight for Direct
// Convolution", confirmed by NVDLA's dc_* trace CRCs): the K kernels
// (R x S x C each) are cut into groups of atomic-K kernels (the last group
// may be smaller); inside a group each kernel is cut into 1x1xC' pieces of
// atomic-C channels (the last one C mod atomic-C, not padded); the pieces
// of a group are stored C' fastest, then kernel, then S (kernel column),
// then R (kernel row), then channel block; the groups follow each other
// without gaps. D_WEIGHT_BYTES may include zero padding to 128 bytes.
//
// int16 (nv_full only; nvdla/hw branch nvdlav1): every element is a
// little-endian int16, so a 32-byte memory atom holds 16 channels (input
// surfaces and CACC's output surfaces of 16); the weight layout above holds
// with 2-byte elements, atomic C 64 (one MAC cell multiplies 64 int16
// pairs, cmod/cmac/NV_NVDLA_cmac.h calculation_int16) and weight groups of
// 16 kernels (8 kernels per CMAC half, PARALLEL_KERNEL_NUM_INT16).
// BYTE_PER_KERNEL is R*S*C*2. CDMA, CSC, CMAC_A/B and CACC must all be
// programmed INT16. CDMA D_DATAIN_SIZE_EXT_0 is Winograd's and ignored
// (vmod/nvdla/cdma/NV_NVDLA_CDMA_dc.v reads D_DATAIN_SIZE_0).
//
// Numeric rules (nvdla/hw master):
//   CDMA cvt  with D_CVT_CFG.CVT_EN every int8 element x of the fetched
//             atoms becomes sat_8(sat_17(rnd((x - CVT_OFFSET) * CVT_SCALE,
//             CVT_TRUNCATE))) (offset and scale signed 16-bit; x - offset
//             exact in 18 bits, the product in 34; rnd = right shift rounding
//             half away from zero, 0 for shifts >= 34;
//             vmod/nvdla/cdma/NV_NVDLA_CDMA_cvt.v, NV_NVDLA_CDMA_CVT_cell.v,
//             vmod/vlibs/NV_NVDLA_HLS_shiftrightsu.v); padding is not
//             converted (CSC inserts it after the buffer). int16 (nvdlav1
//             cmod/hls/cdma_libs/cdma_cvt.cpp): the same with 16-bit x and
//             a final sat_16 instead of sat_8.
//   padding   an element outside the input takes the low 8 bits of CSC's
//             D_ZERO_PADDING_VALUE as a signed int8
//             (vmod/nvdla/csc/NV_NVDLA_CSC_dl.v dat_rsp_pad_value,
//             cmod/csc/NV_NVDLA_csc.cpp); right and bottom padding are
//             implied by the output size. int16: all 16 bits of
//             D_ZERO_PADDING_VALUE as a signed int16 (nvdlav1
//             cmod/csc/NV_NVDLA_csc.cpp sends pad_value[15:0] per element).
//   CMAC      each int8 x int8 product is exact (16 bits); one atomic
//             operation sums atomic-C products exactly (at most 22 bits,
//             CACC's in_data[21:0] of NV_NVDLA_CACC_CALC_int8.v). int16:
//             each int16 x int16 product is exact (32 bits) and one atomic
//             operation sums up to 64 of them exactly (38 bits, in_data
//             [37:0] of nvdlav1 NV_NVDLA_CACC_CALC_int16.v).
//   CACC      the partial sums of one output element are added in CSC's
//             order (channel block, then kernel row, then kernel column)
//             into a 34-bit accumulator that saturates to
//             [-2^33, 2^33 - 1] after every addition (i_sat_pd). int16: a
//             48-bit accumulator saturating to [-2^47, 2^47 - 1] (nvdlav1
//             NV_NVDLA_CACC_CALC_int16.v i_sat_pd3; the fast path for
//             33-bit operands is exact).
//   truncate  with t = D_CLIP_CFG.CLIP_TRUNCATE (0..31) and a the 34-bit sum:
//             q = floor(a / 2^t); g = bit t-1 of a (guard, 0 for t = 0);
//             s = any of bits t-2 .. max(t-16, 0) of a (sticky, only the 15
//             bits below the guard); q + 1 when g and (a >= 0 or s), so ties
//             round away from zero; then saturate to int32, also when the
//             +1 overflows (vmod/nvdla/cacc/NV_NVDLA_CACC_CALC_int8.v). The
//             C model (cmod/cacc/NV_NVDLA_cacc.cpp) rounds half away from
//             zero with an exact sticky bit and refuses t > 16; the two
//             differ only for negative a, t > 16, a guard bit set and the
//             15 sticky bits clear; this file follows the RTL. int16 uses
//             the same rule on the 48-bit sum ({i_sat_pd, 16'b0} >>> t,
//             i_point5, int32 clip of NV_NVDLA_CACC_CALC_int16.v).
//   D_OUT_SATURATION counts elements whose int32 clip acted.
//
// fp16 (nv_full only; nvdla/hw branch nvdlav1, after the C model
// cmod/cmac, cmod/cacc, cmod/cdma, cmod/csc, whose fp16 arithmetic is
// written at the RTL's bit level (Booth rows and carry-save tree of
// vmod/nvdla/cmac NV_NVDLA_CMAC_CORE_MAC_mul.v, the FP48 adder of
// vmod/nvdla/cacc NV_NVDLA_CACC_CALC_fp_48b.v); the RTL itself was not
// simulated. The functions below were compared bit for bit with those
// C-model functions on millions of random operands): the layout is int16's (2-byte elements,
// 16 per 32-byte atom, atomic C 64, weight groups of 16 kernels:
// KERNEL_PER_GROUP_FP16); CACC hands SDP fp32 bit patterns, which SDP's FP16
// datapath (sdp_datapath.h, PROC_PRECISION FP16) takes as its X1 input.
//   CDMA      every fetched element (every lane of every data atom; the
//             weights as fetched) that is a NaN / an infinity is counted in
//             D_NAN_INPUT_DATA_NUM / D_INF_INPUT_DATA_NUM and
//             D_NAN_INPUT_WEIGHT_NUM / D_INF_INPUT_WEIGHT_NUM (per group, set
//             at the end of each layer; 0 for integer layers). With
//             D_NAN_FLUSH_TO_ZERO every NaN then becomes +0, data
//             (NV_NVDLA_CDMA_cvt.v) and weights (NV_NVDLA_CDMA_wt.v; the C
//             model leaves weights alone). Infinities pass. CVT_EN must be 0
//             (the C model fails it).
//   padding   the 16 bits of CSC D_ZERO_PADDING_VALUE as an fp16 pattern.
//   CMAC      per atomic operation (one MAC cell, up to 64 channels;
//             cmod/cmac/NV_NVDLA_cmac.h calculation_fp16):
//             - NaN: if any weight, else any data element, is a NaN, the
//               first one (lowest channel) gives the result word: exponent
//               63, its sign in bit 37, its 10 payload bits in [36:27].
//             - a pair with a +0 or -0 operand takes no part (CSC's mask).
//             - an operand with exponent field e, fraction f counts as the
//               significand m = (1024 + f) << (e & 3) (e > 0; e = 31, Inf,
//               is the number 2^16) or f << 1 (e = 0), in exponent group
//               e >> 2: value m x 2^(4 (e >> 2) - 25).
//             - block exponent G = the largest group sum of the pairs; each
//               product is computed by a radix-4 Booth multiplier
//               (cmac_fp16_booth: significands, negated when the signs
//               differ) whose two carry-save rows are each shifted right by
//               4 x (G - group sum) (32 or more: 0) before they are added:
//               within one unit of floor(exact / 2^shift), either side.
//             - the products are added exactly (38 bits); the word is
//               (E = 4G in [43:38], the sum in [37:0]), value sum x 2^(E-50).
//   CACC      FP48 accumulator (8-bit exponent A, 40-bit two's-complement
//             mantissa M, value M x 2^(A - 101); cmod/cacc/NV_NVDLA_cacc.cpp
//             cacc_fp16_add, RTL NV_NVDLA_CACC_CALC_fp_48b.v), starting at
//             0 and adding the words in CSC's order (channel block, kernel
//             row, kernel column):
//             - a zero word changes nothing; a NaN accumulator stays; a NaN
//               word makes it NaN (A = 255, sign and payload in [39:29]).
//             - the word is normalised (redundant sign bits out) into
//               [39:2]; the operand with the smaller exponent is shifted
//               right arithmetically by the difference d, its shifted-out
//               bits kept below the sum when d <= 40 (beyond 40 it is
//               dropped entirely, no rounding information kept);
//             - the sum is normalised (one place right on overflow, else
//               left, the kept bits moving in) and rounded to 40 bits half
//               away from zero (+1 when the guard bit is set and the sum is
//               positive or a sticky bit is set); a zero sum has A = 0.
//             Delivery (cacc_fp48_to_fp32): NaN -> sign | 0x7F800000 |
//             payload; else sign and magnitude, fp32 exponent A + 64, the 24
//             bits below the leading one rounded half away from zero on
//             the next bit alone (no denormals, no infinities arise from
//             fp16 inputs). Lanes beyond K carry +0. D_CLIP_CFG and
//             D_OUT_SATURATION do not apply.
//
// Image input (CDMA and CSC D_DATAIN_FORMAT = PIXEL, direct convolution):
//   formats  PIXEL_FORMAT selects bytes per pixel b and the component
//            order. 8-bit (every configuration; the master RTL,
//            vmod/nvdla/cdma/NV_NVDLA_CDMA_IMG_ctrl.v, drops the others
//            when NVDLA_FEATURE_DATA_TYPE_INT8): T_R8 (b = 1, one
//            component), and b = 4 with the bytes of a pixel in memory
//            order feeding channels R,G,B,A (or Y,U,V,A):
//              T_A8B8G8R8, T_X8B8G8R8               bytes 0,1,2,3
//              T_A8R8G8B8, T_X8R8G8B8, T_A8Y8U8V8   bytes 2,1,0,3
//              T_B8G8R8A8, T_B8G8R8X8, T_V8U8Y8A8   bytes 1,2,3,0
//              T_R8G8B8A8, T_R8G8B8X8               bytes 3,2,1,0
//            16-bit (nv_full, int16; little-endian halfwords): T_R10,
//            T_R12, T_R16, T_R16_I (b = 2, one component), and b = 8:
//              T_A16B16G16R16, T_X16B16G16R16       halfwords 0,1,2,3
//              T_A16Y16U16V16                       halfwords 2,1,0,3
//              T_V16U16Y16A16                       halfwords 1,2,3,0
//            10-bit packed (nv_full, int16): b = 4, one little-endian
//            32-bit word w per pixel, four int16 elements: a 10-bit field
//            f becomes f x 64 (its bits at the element's top), the 2-bit
//            A field a becomes a x 16384 (cmod pixel_16 = field << 6 /
//            << 14; RTL IMG_pack.v pk_rsp_dat_ergb inserts 6 and 14 zero
//            bits). Fields (lowest bit of R/Y, G/U, B/V, A):
//              T_A2B10G10R10                        0, 10, 20, 30
//              T_A2R10G10B10, T_A2Y10U10V10         20, 10, 0, 30
//              T_B10G10R10A2, T_V10U10Y10A2         2, 12, 22, 0
//              T_R10G10B10A2                        22, 12, 2, 0
//            Then as the 16-bit formats (unsigned unless
//            PIXEL_SIGN_OVERRIDE, cmod process_one_element_16 with
//            PIXEL_UNSIGNED_INT16).
//            fp16 (nv_full): T_R16_F (b = 2), T_A16B16G16R16_F (halfwords
//            0,1,2,3), T_A16Y16U16V16_F (2,1,0,3), cmod PIXEL_FP16.
//            The format fixes D_MISC_CFG.IN_PRECISION: 8-bit formats INT8,
//            16-bit and 10-bit packed INT16, _F formats FP16 (nvdlav1
//            IMG_ctrl.v asserts "Unmatch input int8/int16/fp16 precision");
//            the master IMG_ctrl.v compiles all but the 8-bit formats out
//            (NVDLA_FEATURE_DATA_TYPE_INT8: no 16 -> 8 conversion), so
//            nv_small/nv_large refuse them naming PIXEL_FORMAT and the
//            configuration.
//            semi-planar (4:4:4), Y in plane 0 (b bytes per pixel), the
//            UV pair in plane 1 (2b bytes per pixel), three channels Y,U,V:
//              T_Y8___U8V8_N444 (b = 1)              V first, then U
//              T_Y8___V8U8_N444 (b = 1)              U first, then V
//              T_Y10/12/16___U..V.._N444 (b = 2)     V first (nv_full)
//              T_Y10/12/16___V..U.._N444 (b = 2)     U first (nv_full)
//            (cmod/cdma/NV_NVDLA_cdma.cpp ImageConvDataResponseSequencer-
//            Common, the rgba_idx of each format; RTL: IMG_ctrl.v
//            pixel_order_nxt, IMG_sg.v rsp_img_data_sw_o1..o10 reorder the
//            fetched bytes the same way). In short a name lists the
//            components of a little-endian pixel word (or UV pair) from
//            its most significant end. The X (unused) byte is a fourth
//            channel like A. 10/12-bit components are taken as the 16 bits
//            in memory. T_R16_I, like the others, takes its sign from
//            PIXEL_SIGN_OVERRIDE (cmod process_one_element_16).
//            D_DATAIN_CHANNEL must be the component count (1, 3 or 4): the
//            RTL picks the mean pattern from it (IMG_pack.v mn_ch1_4,
//            mn_ch3) and the pixel-format table of nvdla/doc
//            doc/hw/format.rst lists only that setting.
//   memory   PIXEL_MAPPING = PITCH_LINEAR: pixel p of line h starts at
//            D_DAIN_ADDR_0 + h x D_LINE_STRIDE + (PIXEL_X_OFFSET + p) x b;
//            PIXEL_X_OFFSET < atom bytes / b (format.rst "valid X offset
//            range"), PIXEL_Y_OFFSET = 0 (programming_guide.rst "Image"),
//            D_LINE_STRIDE >= (PIXEL_X_OFFSET + W) x b (the cmod's
//            line_stride check). Plane 1 (semi-planar): pixel p of line h
//            at D_DAIN_ADDR_1 + h x D_LINE_UV_STRIDE + (X1 + p) x 2b with
//            X1 = PIXEL_X_OFFSET mod (atom bytes / 2b), the offset within
//            plane 1's first atom (IMG_ctrl.v pixel_planar1_x_offset; cmod
//            p1_x_offset_byte, planar1_pixel_idx); D_LINE_UV_STRIDE >=
//            (X1 + W) x 2b. CDMA reads whole atoms.
//   convert  without D_CVT_CFG.CVT_EN a component's bits go to the buffer
//            as they are (an int8/int16 element). With it, the component
//            is widened to 17 bits unsigned (PIXEL_SIGN_OVERRIDE =
//            UNSIGNED_INT) or signed (SIGNED_INT), the offset is the
//            channel's mean (D_MEAN_FORMAT = ENABLE: D_MEAN_GLOBAL_0/1
//            MEAN_RY, MEAN_GU, MEAN_BV, MEAN_AX for channels 0..3, signed
//            16-bit) or else D_CVT_OFFSET, then the feature converter rule
//            above (NV_NVDLA_CDMA_cvt.v: oprand_0 sign from cvt_wr_uint,
//            oprand_1 = mean data when cvt_wr_mean; programming_guide.rst
//            PIXEL_SIGN_OVERRIDE). The mean acts only through the
//            converter. fp16 pixels pass unchanged, CVT_EN or not: the
//            converter (cmod/hls/cdma_libs/cdma_cvt.cpp, RTL
//            NV_NVDLA_CDMA_CVT_cell.v generated from it) returns fp16 input
//            as it is, and the C model's image sequencer, unlike its
//            feature one, does not stop on CVT_EN with fp16; so the mean
//            does not apply either.
//   fp16     each NaN / infinite pixel component counts in CDMA
//            D_NAN_INPUT_DATA_NUM / D_INF_INPUT_DATA_NUM, and with
//            D_NAN_FLUSH_TO_ZERO a NaN becomes +0 before the converter
//            (cmod pitch_buffer flush in ImageConvDataResponseSequencer-
//            Common; RTL cvt.v nan_pass / dat_nan_mask); the weights as for
//            feature input. Counted are the image's H x W x C components:
//            the C model counts the fetched line from PIXEL_X_OFFSET to the
//            end of its last atom (bytes past the last pixel are left
//            uninitialised in its pitch buffer), the RTL (cvt.v) the data
//            written to the buffer, padding pixels included; both hold the
//            image's components, the model counts just those. The padding
//            values are fp16 patterns (all 16 bits), CMAC/CACC as the fp16
//            feature rules, one atomic operation per channel block of the
//            extended channels and kernel row (or group of P rows).
//   padding  left/right padding pixels are written by CDMA with the low
//            8 (int16: 16) bits of CDMA D_ZERO_PADDING_VALUE, not
//            converted (cvt.v cvt_out_pad_mask); lines above and below
//            the image read CSC D_ZERO_PADDING_VALUE
//            (vmod/nvdla/csc/NV_NVDLA_CSC_dl.v dat_img_req_dummy ->
//            dat_rsp_pad_value; cmod csc.cpp csc_read_one_image_entry).
//   CSC      "channel pre-extension" (format.rst, programming_guide.rst
//            WEIGHT_SIZE_EXT table): a padded line is one long run of
//            (PL + W + PR) x C elements; output column x of kernel row r
//            reads the C x S elements from element x x SX x C (csc.cpp
//            SendImageDataToMacSequencerConvCommon input_atom_coor_width).
//            So CSC D_DATAIN_SIZE_EXT = W x H x C, D_WEIGHT_SIZE_EXT_0 =
//            width 1, height R, D_WEIGHT_SIZE_EXT_1.WEIGHT_CHANNEL_EXT =
//            C x S (S = that / C), strides as CDMA's, dilation 1
//            (programming_guide.rst "Dilation is not supported"; CSC_dl.v
//            forces x/y_dilate to 1 for image), one batch (CSC_dl.v
//            data_batch_w = 1 for image). Both refused when programmed
//            otherwise, naming the register. CDMA D_ENTRY_PER_SLICE must
//            cover one padded line: (PL + W + PR) x C elements.
//   weights  pre-extended kernel k: 1 x R x (S x C), channel s x C + c
//            holding the weight of kernel column s, component c; with
//            D_POST_Y_EXTENSION = 0 it is stored in the direct layout
//            above. D_POST_Y_EXTENSION = e > 0 joins P = 2^e kernel rows
//            into one atomic operation (format.rst "Weight Channel
//            Post-extension"; csc.cpp SendWeightToMacSequencer... with
//            post_y_extension): needs S x C <= atomic-C / P, and each
//            kernel group stores, per group of P rows (the last one R mod
//            P rows, not padded), per kernel, those rows' S x C weights
//            row after row. Feature input must leave it 0 (the cmod's
//            weight sequencer applies it to every layer). Compressed
//            weights (nv_full) mask this stored order element by element,
//            as for feature input.
//   CACC     partial sums per channel block of the extended channels
//            then kernel row (per group of P rows with post-extension).
//   D_RESERVED_X_CFG / D_RESERVED_Y_CFG reach NV_NVDLA_CDMA_img.v as
//   ports that nothing reads: no effect.
// Output lanes: CACC hands SDP whole atoms of `atom` int8 lanes (16 int16
// lanes on nv_full, nvdlav1 cmod/cacc/NV_NVDLA_cacc.h ATOM_ELEMENT_NUM_INT16). The lanes
// beyond K in the last output surface come from MAC cells without a kernel
// and carry 0 (NVDLA's dc_24x33x55 and dc_35x22x54 trace CRCs, which cover
// those lanes after SDP, match only so).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla {

// Convolution-core parameters of a configuration that HardwareConfig does
// not carry (nvdla/hw spec/defs/nv_small.spec, nv_large.spec:
// MAC_ATOMIC_C_SIZE, MAC_ATOMIC_K_SIZE, CBUF_BANK_NUMBER, CBUF_BANK_WIDTH,
// CBUF_BANK_DEPTH; nv_full is the nvdlav1 design: atomic C 64, int8
// weight groups of 32 kernels (nvdla/doc doc/hw/format.rst), int16 groups
// of 16 (nvdlav1 cmod/cmac/NV_NVDLA_cmac.h), 16 CBUF banks
// of 256 entries of 128 bytes (doc/hw/v1/ias/programming_guide.rst bank
// formulas, hwarch.rst 16 x 32 KiB)).
struct ConvCoreConfig {
  uint32_t atomic_c;            // channels of one atomic operation (int8)
  uint32_t atomic_k;            // kernels of one weight group (int8)
  uint32_t cbuf_banks;          // CBUF_BANK_NUMBER
  uint32_t cbuf_bank_entries;   // CBUF_BANK_DEPTH
  uint32_t cbuf_entry_bytes;    // CBUF_BANK_WIDTH
  uint32_t atomic_k_int16;      // kernels of one int16 weight group; 0: no int16
  // NVDLA_BATCH_ENABLE and NVDLA_WEIGHT_COMPRESSION_ENABLE: every master
  // spec (nv_small.spec, nv_large.spec, nv_small_256_full.spec ...) sets
  // BATCH_DISABLE and WEIGHT_COMPRESSION_DISABLE; the nvdlav1 design
  // (nv_full) has both (its CDMA_dc.v batch counters, CDMA_wt.v WMB/WGS
  // fetch and CSC_WL_dec.v decompressor are unconditional).
  bool batch;                   // D_BATCH_NUMBER may be non-zero
  bool weight_compression;      // D_WEIGHT_FORMAT may be COMPRESSED
};
ConvCoreConfig conv_core_config(Config config);

// The raw register words of one layer (the group software programmed);
// defaults are the reset values.
struct ConvRegisters {
  // CDMA
  uint32_t cdma_misc_cfg = 0x00001100;          // CDMA D_MISC_CFG
  uint32_t cdma_datain_format = 0x00000C00;     // CDMA D_DATAIN_FORMAT
  uint32_t cdma_datain_size_0 = 0;              // CDMA D_DATAIN_SIZE_0
  uint32_t cdma_datain_size_1 = 0;              // CDMA D_DATAIN_SIZE_1
  uint32_t cdma_datain_size_ext_0 = 0;          // CDMA D_DATAIN_SIZE_EXT_0
  uint32_t cdma_pixel_offset = 0;               // CDMA D_PIXEL_OFFSET
  uint32_t cdma_dain_ram_type = 0;              // CDMA D_DAIN_RAM_TYPE
  uint32_t cdma_dain_addr_high_0 = 0;           // CDMA D_DAIN_ADDR_HIGH_0
  uint32_t cdma_dain_addr_low_0 = 0;            // CDMA D_DAIN_ADDR_LOW_0
  uint32_t cdma_dain_addr_high_1 = 0;           // CDMA D_DAIN_ADDR_HIGH_1 (image UV plane)
  uint32_t cdma_dain_addr_low_1 = 0;            // CDMA D_DAIN_ADDR_LOW_1 (image UV plane)
  uint32_t cdma_line_stride = 0;                // CDMA D_LINE_STRIDE
  uint32_t cdma_line_uv_stride = 0;             // CDMA D_LINE_UV_STRIDE (image)
  uint32_t cdma_surf_stride = 0;                // CDMA D_SURF_STRIDE
  uint32_t cdma_dain_map = 0;                   // CDMA D_DAIN_MAP
  uint32_t cdma_batch_number = 0;               // CDMA D_BATCH_NUMBER
  uint32_t cdma_batch_stride = 0;               // CDMA D_BATCH_STRIDE
  uint32_t cdma_entry_per_slice = 0;            // CDMA D_ENTRY_PER_SLICE
  uint32_t cdma_fetch_grain = 0;                // CDMA D_FETCH_GRAIN
  uint32_t cdma_weight_format = 0;              // CDMA D_WEIGHT_FORMAT
  uint32_t cdma_weight_size_0 = 0;              // CDMA D_WEIGHT_SIZE_0
  uint32_t cdma_weight_size_1 = 0;              // CDMA D_WEIGHT_SIZE_1
  uint32_t cdma_weight_ram_type = 0;            // CDMA D_WEIGHT_RAM_TYPE
  uint32_t cdma_weight_addr_high = 0;           // CDMA D_WEIGHT_ADDR_HIGH
  uint32_t cdma_weight_addr_low = 0;            // CDMA D_WEIGHT_ADDR_LOW
  uint32_t cdma_weight_bytes = 0;               // CDMA D_WEIGHT_BYTES
  uint32_t cdma_mean_format = 0;                // CDMA D_MEAN_FORMAT (image)
  uint32_t cdma_mean_global_0 = 0;              // CDMA D_MEAN_GLOBAL_0 (image)
  uint32_t cdma_mean_global_1 = 0;              // CDMA D_MEAN_GLOBAL_1 (image)
  uint32_t cdma_cvt_cfg = 0;                    // CDMA D_CVT_CFG
  uint32_t cdma_cvt_offset = 0;                 // CDMA D_CVT_OFFSET
  uint32_t cdma_cvt_scale = 0;                  // CDMA D_CVT_SCALE
  uint32_t cdma_conv_stride = 0;                // CDMA D_CONV_STRIDE
  uint32_t cdma_zero_padding = 0;               // CDMA D_ZERO_PADDING
  uint32_t cdma_zero_padding_value = 0;         // CDMA D_ZERO_PADDING_VALUE
  uint32_t cdma_bank = 0;                       // CDMA D_BANK
  uint32_t cdma_wgs_addr_high = 0;              // CDMA D_WGS_ADDR_HIGH (compressed weights)
  uint32_t cdma_wgs_addr_low = 0;               // CDMA D_WGS_ADDR_LOW
  uint32_t cdma_wmb_addr_high = 0;              // CDMA D_WMB_ADDR_HIGH (compressed weights)
  uint32_t cdma_wmb_addr_low = 0;               // CDMA D_WMB_ADDR_LOW
  uint32_t cdma_wmb_bytes = 0;                  // CDMA D_WMB_BYTES
  uint32_t cdma_nan_flush_to_zero = 0;          // CDMA D_NAN_FLUSH_TO_ZERO (fp16)
  // CSC
  uint32_t csc_misc_cfg = 0x00001100;           // CSC D_MISC_CFG
  uint32_t csc_datain_format = 0;               // CSC D_DATAIN_FORMAT
  uint32_t csc_datain_size_ext_0 = 0;           // CSC D_DATAIN_SIZE_EXT_0
  uint32_t csc_datain_size_ext_1 = 0;           // CSC D_DATAIN_SIZE_EXT_1
  uint32_t csc_batch_number = 0;                // CSC D_BATCH_NUMBER
  uint32_t csc_post_y_extension = 0;            // CSC D_POST_Y_EXTENSION (image)
  uint32_t csc_entry_per_slice = 0;             // CSC D_ENTRY_PER_SLICE
  uint32_t csc_weight_format = 0;               // CSC D_WEIGHT_FORMAT
  uint32_t csc_weight_size_ext_0 = 0;           // CSC D_WEIGHT_SIZE_EXT_0
  uint32_t csc_weight_size_ext_1 = 0;           // CSC D_WEIGHT_SIZE_EXT_1
  uint32_t csc_weight_bytes = 0;                // CSC D_WEIGHT_BYTES
  uint32_t csc_wmb_bytes = 0;                   // CSC D_WMB_BYTES
  uint32_t csc_dataout_size_0 = 0;              // CSC D_DATAOUT_SIZE_0
  uint32_t csc_dataout_size_1 = 0;              // CSC D_DATAOUT_SIZE_1
  uint32_t csc_atomics = 0x00000001;            // CSC D_ATOMICS
  uint32_t csc_release = 0x00000001;            // CSC D_RELEASE
  uint32_t csc_conv_stride_ext = 0;             // CSC D_CONV_STRIDE_EXT
  uint32_t csc_dilation_ext = 0;                // CSC D_DILATION_EXT
  uint32_t csc_zero_padding = 0;                // CSC D_ZERO_PADDING
  uint32_t csc_zero_padding_value = 0;          // CSC D_ZERO_PADDING_VALUE
  uint32_t csc_bank = 0;                        // CSC D_BANK
  uint32_t csc_pra_cfg = 0;                     // CSC D_PRA_CFG (Winograd)
  // CMAC (CMAC_B's D_MISC_CFG must equal CMAC_A's)
  uint32_t cmac_a_misc_cfg = 0x00001000;        // CMAC_A D_MISC_CFG
  uint32_t cmac_b_misc_cfg = 0x00001000;        // CMAC_B D_MISC_CFG
  // CACC
  uint32_t cacc_misc_cfg = 0x00001000;          // CACC D_MISC_CFG
  uint32_t cacc_dataout_size_0 = 0;             // CACC D_DATAOUT_SIZE_0
  uint32_t cacc_dataout_size_1 = 0;             // CACC D_DATAOUT_SIZE_1
  uint32_t cacc_dataout_addr = 0;               // CACC D_DATAOUT_ADDR (unused in flying mode)
  uint32_t cacc_batch_number = 0;               // CACC D_BATCH_NUMBER
  uint32_t cacc_line_stride = 0;                // CACC D_LINE_STRIDE
  uint32_t cacc_surf_stride = 0;                // CACC D_SURF_STRIDE
  uint32_t cacc_dataout_map = 0;                // CACC D_DATAOUT_MAP
  uint32_t cacc_clip_cfg = 0;                   // CACC D_CLIP_CFG
};

// The layer decoded (sizes as counts, not minus one).
struct ConvLayer {
  Config config = Config::NvSmall;
  uint32_t atom_bytes = 8;          // memory atom of the configuration
  ConvCoreConfig core{8, 8, 32, 512, 8, 0, false, false};

  // Modes and precisions (raw field values: 0 int8, 1 int16, 2 fp16).
  uint32_t cdma_conv_mode = 0, csc_conv_mode = 0, cmac_a_conv_mode = 0, cmac_b_conv_mode = 0,
           cacc_conv_mode = 0;
  uint32_t cdma_in_precision = 0, cdma_proc_precision = 0, csc_in_precision = 0, csc_proc_precision = 0,
           cmac_a_precision = 0, cmac_b_precision = 0, cacc_precision = 0;
  bool data_reuse = false, weight_reuse = false, skip_data_rls = false, skip_weight_rls = false;
  bool cdma_pixel_input = false, csc_pixel_input = false;
  bool mean_enable = false;
  // Image input (CDMA D_DATAIN_FORMAT, D_PIXEL_OFFSET, D_MEAN_GLOBAL_0/1,
  // D_ZERO_PADDING_VALUE; CSC D_POST_Y_EXTENSION).
  uint32_t pixel_format = 0, pixel_mapping = 0;
  bool pixel_signed = false;                             // PIXEL_SIGN_OVERRIDE = SIGNED_INT
  uint32_t pixel_x_offset = 0, pixel_y_offset = 0;
  int16_t mean[4] = {0, 0, 0, 0};                        // MEAN_RY, MEAN_GU, MEAN_BV, MEAN_AX
  int16_t cdma_pad_value = 0;                            // CDMA D_ZERO_PADDING_VALUE[15:0]
  uint32_t post_y_extension = 0;                         // CSC D_POST_Y_EXTENSION.Y_EXTENSION
  bool cvt_enable = false;                               // CDMA D_CVT_CFG.CVT_EN
  uint32_t cvt_truncate = 0;                             // CDMA D_CVT_CFG.CVT_TRUNCATE
  int16_t cvt_offset = 0, cvt_scale = 0;                 // CDMA D_CVT_OFFSET, D_CVT_SCALE
  bool cdma_weight_compressed = false, csc_weight_compressed = false;
  bool nan_to_zero = false;                              // CDMA D_NAN_FLUSH_TO_ZERO.NAN_TO_ZERO

  // Input cube (CDMA).
  uint32_t width = 1, height = 1, channels = 1;          // D_DATAIN_SIZE_0/1
  uint32_t width_ext = 1, height_ext = 1;                // CDMA D_DATAIN_SIZE_EXT_0
  bool input_mc = false;                                 // D_DAIN_RAM_TYPE = MCIF
  uint64_t input_address = 0;                            // D_DAIN_ADDR_HIGH_0/LOW_0
  uint64_t uv_address = 0;                               // D_DAIN_ADDR_HIGH_1/LOW_1 (image plane 1)
  uint64_t uv_line_stride = 0;                           // D_LINE_UV_STRIDE (image plane 1)
  uint64_t line_stride = 0, surface_stride = 0;          // D_LINE_STRIDE, D_SURF_STRIDE
  bool line_packed = false, surface_packed = false;      // D_DAIN_MAP
  uint32_t batches = 1;                                  // CDMA D_BATCH_NUMBER + 1
  uint64_t batch_stride = 0;                             // CDMA D_BATCH_STRIDE
  uint32_t cdma_entry_per_slice = 1;                     // D_ENTRY_PER_SLICE + 1
  uint32_t cdma_data_banks = 1, cdma_weight_banks = 1;   // D_BANK + 1 each
  uint32_t cdma_stride_x = 1, cdma_stride_y = 1;         // D_CONV_STRIDE + 1 each
  uint32_t cdma_pad_left = 0, cdma_pad_right = 0, cdma_pad_top = 0, cdma_pad_bottom = 0;

  // Weights (CDMA).
  bool weight_mc = false;                                // D_WEIGHT_RAM_TYPE = MCIF
  uint64_t weight_address = 0;                           // D_WEIGHT_ADDR_HIGH/LOW
  uint32_t bytes_per_kernel = 1;                         // D_WEIGHT_SIZE_0 + 1
  uint32_t cdma_kernels = 1;                             // D_WEIGHT_SIZE_1 + 1
  uint64_t cdma_weight_bytes = 0;                        // D_WEIGHT_BYTES
  uint64_t wgs_address = 0;                              // D_WGS_ADDR_HIGH/LOW
  uint64_t wmb_address = 0;                              // D_WMB_ADDR_HIGH/LOW
  uint64_t cdma_wmb_bytes = 0;                           // D_WMB_BYTES (bits [27:7])

  // Sequencing (CSC).
  uint32_t csc_width = 1, csc_height = 1, csc_channels = 1;  // D_DATAIN_SIZE_EXT_0/1
  uint32_t csc_batches = 1;
  uint32_t csc_entry_per_slice = 1;
  uint32_t kernel_width = 1, kernel_height = 1;         // D_WEIGHT_SIZE_EXT_0 (S, R)
  uint32_t kernel_channels = 1, kernels = 1;            // D_WEIGHT_SIZE_EXT_1 (C, K)
  uint64_t csc_weight_bytes = 0;
  uint64_t csc_wmb_bytes = 0;                           // D_WMB_BYTES (bits [27:7])
  uint32_t out_width = 1, out_height = 1, out_channels = 1;  // CSC D_DATAOUT_SIZE_0/1
  uint32_t stride_x = 1, stride_y = 1;                  // D_CONV_STRIDE_EXT + 1 each
  uint32_t dilation_x = 1, dilation_y = 1;              // D_DILATION_EXT + 1 each
  uint32_t pad_left = 0, pad_top = 0;                   // CSC D_ZERO_PADDING
  int16_t pad_value = 0;                                // CSC D_ZERO_PADDING_VALUE[15:0]
  uint32_t csc_data_banks = 1, csc_weight_banks = 1;
  uint32_t csc_atomics = 1;                             // D_ATOMICS + 1
  uint32_t pra_truncate = 0;                            // D_PRA_CFG.PRA_TRUNCATE (Winograd)

  // Accumulator (CACC).
  uint32_t cacc_width = 1, cacc_height = 1, cacc_channels = 1;  // D_DATAOUT_SIZE_0/1
  uint32_t cacc_batches = 1;
  uint32_t truncate = 0;                                // D_CLIP_CFG.CLIP_TRUNCATE

  // The layer's precision is CACC's (conv_unsupported_or_illegal() checks
  // that all units agree).
  bool int16() const { return cacc_precision == 1; }
  bool fp16() const { return cacc_precision == 2; }
  // CONV_MODE = WINOGRAD (conv_unsupported_or_illegal() checks that all
  // units agree).
  bool winograd() const { return cacc_conv_mode == 1; }
  // fp16 shares int16's element size, atomic C and weight groups of 16
  // kernels (nvdlav1 cmod/cdma/NV_NVDLA_cdma.h, cmod/csc/NV_NVDLA_csc.h
  // KERNEL_PER_GROUP_FP16 = 16, ELEMENT_PER_ATOM_FP16 = 16).
  bool wide() const { return int16() || fp16(); }
  uint32_t element_bytes() const { return wide() ? 2 : 1; }
  uint32_t atom_elements() const { return atom_bytes / element_bytes(); }
  uint32_t atomic_k() const { return wide() ? core.atomic_k_int16 : core.atomic_k; }
  bool compressed() const { return cdma_weight_compressed; }
  bool image() const { return cdma_pixel_input; }
  // The kernel's columns S: CSC's kernel width, or for image input the
  // pre-extended channels over the components (the header's rules).
  uint32_t kernel_s() const { return image() ? kernel_channels / channels : kernel_width; }
  // Bytes of the weight banks CDMA D_BANK allocates.
  uint64_t weight_capacity() const {
    return uint64_t(cdma_weight_banks) * core.cbuf_bank_entries * core.cbuf_entry_bytes;
  }
};

ConvLayer decode_conv(const ConvRegisters& regs, const HardwareConfig& config);

// The first feature of the layer that is not modelled ("... is not
// modelled") or that the hardware forbids (disagreeing units, sizes that
// do not add up, buffer allocation beyond the CBUF), naming the register
// fields; nullopt for a layer conv_process() computes.
std::optional<std::string> conv_unsupported_or_illegal(const ConvLayer& layer);

// One DMA read: `bytes` bytes at `address` of the primary (mc = true,
// MCIF) or secondary (CVIF) memory into `data`.
using ConvMemoryRead = std::function<void(bool mc, uint64_t address, uint8_t* data, size_t bytes)>;

// What CACC delivers to SDP: width x height x channels (channels = K) in
// surfaces of `lanes` channels (lanes = elements of one memory atom: atom
// bytes for int8, half of them for int16). values holds
// surfaces * height * width * lanes int32 values in the order SDP
// processes them: surface, then line, then column, then lane; lanes beyond
// K of the last surface hold 0.
// With several batches (D_BATCH_NUMBER > 0) values holds one such cube per
// batch, batch 0 first: each batch is the convolution of its own input
// cube with the same kernels.
struct ConvOutput {
  uint32_t width = 0, height = 0, channels = 0;
  uint32_t lanes = 0;
  uint32_t batches = 1;
  std::vector<int32_t> values;
  uint32_t out_saturation = 0;  // CACC D_OUT_SATURATION for the layer
  // fp16 layers: values are fp32 bit patterns (cacc_fp48_to_fp32), which
  // SDP's FP16 datapath takes as its X1 input.
  bool fp32 = false;
  // The layer ran in CONV_MODE = WINOGRAD: SDP's D_FEATURE_MODE_CFG.WINOGRAD
  // must say so (its write DMA then takes the cube tile by tile).
  bool winograd = false;
  // CDMA's fp16 input counters for the layer (0 for integer layers):
  // D_NAN_INPUT_DATA_NUM, D_INF_INPUT_DATA_NUM, D_NAN_INPUT_WEIGHT_NUM,
  // D_INF_INPUT_WEIGHT_NUM.
  uint32_t nan_input_data = 0, inf_input_data = 0, nan_input_weight = 0, inf_input_weight = 0;

  uint32_t surfaces() const { return lanes == 0 ? 0 : (channels + lanes - 1) / lanes; }
  // The values of one batch's cube.
  size_t batch_values() const { return size_t(surfaces()) * height * width * lanes; }
  int32_t at(uint32_t w, uint32_t h, uint32_t c, uint32_t batch = 0) const {
    return values[batch * batch_values() + ((size_t(c / lanes) * height + h) * width + w) * lanes + c % lanes];
  }
};

// CACC's 34-bit saturating accumulation step and its rounding/clipping to
// int32 (the header's rules); `saturated` (optional) tells whether the
// int32 clip acted.
// `bits` is the accumulator width: 34 for int8, 48 for int16.
int64_t cacc_accumulate(int64_t accumulator, int64_t partial, unsigned bits = 34);
// CDMA's input converter for one int8 or int16 element (the header's rule).
int8_t cdma_convert(int8_t x, int16_t offset, int16_t scale, uint32_t truncate);
int16_t cdma_convert_int16(int16_t x, int16_t offset, int16_t scale, uint32_t truncate);
int32_t cacc_truncate(int64_t accumulator, uint32_t truncate, bool* saturated = nullptr);

// ---- Winograd (the header's Winograd rules).
// CSC's pre-addition of one channel's 4x4 tile d (row-major, y x 4 + x):
// V = B^T d B, each element shifted right by `truncate` (the 2-bit field;
// layers are refused above 2), rounded half away from zero and saturated
// to int8 (int16 when `int16`).
void csc_pra(const int32_t d[16], uint32_t truncate, bool int16, int32_t v[16]);
// CMAC's output transform of one tile's 16 products M (row-major): the 2x2
// Y = A^T M A, row-major (Y[r x 2 + c] is output column c, row r).
void cmac_winograd_output(const int64_t m[16], int64_t y[4]);
// fp16 (the header's fp16 Winograd rules): CSC's pre-addition of one
// channel's 4x4 tile of fp16 patterns in FP17 arithmetic, V = B^T d B as
// fp16 patterns (PRA_TRUNCATE plays no part).
void csc_pra_fp16(const uint16_t d[16], uint16_t v[16]);
// One CMAC fp16 Winograd operation: data[p x 4 + c] (pre-added) and
// weights[p x 4 + c] (pre-transformed) for 16 positions p and 4 channels
// c; words[j] is the CMAC word (cmac_fp16_atomic's format) of output j of
// the 2x2 tile (row-major), all four the NaN word when an operand is a NaN.
void cmac_fp16_winograd(const uint16_t data[64], const uint16_t weights[64], uint64_t words[4]);

// ---- fp16 (the header's fp16 rules; words as the hardware passes them).
// One CMAC atomic operation on fp16 patterns: the products of data[i] and
// weights[i] for i < n (n <= 64, one MAC cell) summed, as the 44-bit word
// CMAC hands CACC: bits [43:38] the block exponent E, bits [37:0] a signed
// mantissa M, value M x 2^(E - 50); a NaN operand gives E = 63 with the NaN's
// sign in bit 37 and its payload in bits [36:27].
uint64_t cmac_fp16_atomic(const uint16_t* data, const uint16_t* weights, size_t n);
// One product of the CMAC's Booth multiplier: the 14-bit significands
// `data` and `weight` (operands already shifted by their exponents' low two
// bits), negated when `negative`, shifted right by `shift` (a multiple of 4)
// with the multiplier's truncation.
int32_t cmac_fp16_booth(bool negative, uint32_t weight, uint32_t data, uint32_t shift);
// CACC's FP48 accumulator (bits [47:40] exponent E, [39:0] signed mantissa
// M, value M x 2^(E - 101)) plus one CMAC word.
uint64_t cacc_fp48_add(uint64_t accumulator, uint64_t mac);
// CACC's FP48 -> fp32 delivery to SDP.
uint32_t cacc_fp48_to_fp32(uint64_t accumulator);

// Computes the layer: reads the feature cube (one call per line of each
// surface of each batch) and the weights (one call per 64 KiB; compressed:
// then the group sizes and the mask bits) with `read` and returns
// the CACC output. Throws std::invalid_argument with the message of
// conv_unsupported_or_illegal() when it names something.
ConvOutput conv_process(const ConvLayer& layer, const ConvMemoryRead& read);

}  // namespace acosim::nvdla
