// Per-lane numeric rules of the Habana Gaudi TPC special functions and of the
// LUT instructions (GET_LUT_ENTRY_AND_INTERVAL_START, LOOKUP_1C/2C,
// FORM_FP_NUMBER, CALC_FP_SPECIAL, FCLASS) that TPC-C kernels build them from.
//
// Sources (all public):
//  [INTR]  Habana_Custom_Kernel doc/tpc-intrinsics.h: operand order and the
//          meaning of the switches of FORM_FP_NUMBER, FCLASS's class bits,
//          CALC_FP_SPECIAL's function codes, GET_LUT_ENTRY's variants.
//  [SPEC]  HabanaAI/tpc_llvm, the TPC-C built-in special functions header
//          (tpc-special.h): v_exp_f32, v_reciprocal_f32, v_sin_f32, ... as
//          LUT + quadratic sequences, their special-value rules, the enums
//          e_function_id / e_func_variant / e_calc_fp_special, and the
//          LOOKUP_AND_MAC macro (C0 + (C1 + C2*v)*v).
//  [SWIT]  HabanaAI/tpc_llvm, TPCInstrInfo switch constants (SW_ADD_BIAS, ...).
//  [COEF]  HabanaAI/SynapseAI_Core, synapse_backend/runner/
//          SpecialFuncCoefficientsGen2.cpp: which function each coefficient
//          table approximates on which intervals (e.g. "sin(x)/x on [0, 1]
//          followed by cos"), with C0, C1, C2 per interval.
// The hardware's own rule for turning an input into an interval index is not
// published; the rule below is acosim's, chosen so that the table layouts of
// [COEF] and the unmodified kernels of [SPEC] and Habana_Custom_Kernel
// (sin_f32.c) compute the right function. Coefficients are acosim's own fit.
//
// Rounding: every float operation here rounds to nearest even. The built-in
// functions are evaluated in double with the std:: function and rounded once
// to float (see docs/habana-special-functions.md for measured error).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

namespace acosim::habana::special {

inline uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

inline float float_of(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

// The NaN the kernels of [SPEC] return (NAN_FP32 = 0x7fffffff).
inline float habana_nan() { return float_of(0x7fffffffu); }

constexpr float kFltMin = 1.17549435e-38f;  // smallest normal, FLT_MIN
constexpr float kInf = std::numeric_limits<float>::infinity();

// ---------------------------------------------------------------------------
// Built-in special functions (TPC-C "Built-in Special Functions": v_exp_f32,
// v_reciprocal_f32, ...). The core value is the double-precision std::
// function rounded once to float: acosim's choice, more accurate than the
// hardware's LUT + quadratic sequences. The special-value rules are those of
// the sequences in [SPEC], so kernels see the same infinities, zeros and NaNs.
// ---------------------------------------------------------------------------

// v_exp_f32 / v_exp_cephes_f32. [SPEC]: x <= EXP_LOWER (0xc2aeac50, about
// ln(FLT_MIN)) gives 0, x >= EXP_UPPER (0x42b17218, about ln(FLT_MAX)) gives
// +inf, NaN is returned unchanged.
inline float exp_f32(float x) {
    if (std::isnan(x)) return x;
    if (x <= float_of(0xc2aeac50u)) return 0.0f;
    if (x >= float_of(0x42b17218u)) return kInf;
    return static_cast<float>(std::exp(static_cast<double>(x)));
}

// Softmax kernels call the cephes variant; acosim gives both the same value.
inline float exp_cephes_f32(float x) { return exp_f32(x); }

// v_reciprocal_f32. [SPEC]: |x| < FLT_MIN (zeros and denormals) gives a signed
// infinity, |x| > FLT_MAX a signed zero, NaN a NaN with x's sign, and a result
// below FLT_MIN is flushed to a signed zero (v_reciprocal_fast_f32's
// res_exp <= M_UNIT_EXP test). Double division of a float is exact enough
// that rounding to float gives the correctly rounded 1/x.
inline float reciprocal_f32(float x) {
    if (std::isnan(x)) return std::copysign(habana_nan(), x);
    if (std::fabs(x) < kFltMin) return std::copysign(kInf, x);
    if (std::isinf(x)) return std::copysign(0.0f, x);
    const double r = 1.0 / static_cast<double>(x);
    if (std::fabs(r) < static_cast<double>(kFltMin)) return std::copysign(0.0f, x);
    return static_cast<float>(r);
}

// v_rsqrt_f32. [SPEC]: +0 -> +inf, -0 -> -inf, +inf -> +0, NaN -> NaN.
// [SPEC] leaves negative inputs undefined; acosim returns NaN.
inline float rsqrt_f32(float x) {
    if (x == 0.0f) return std::copysign(kInf, x);
    if (std::isnan(x) || x < 0.0f) return habana_nan();
    if (std::isinf(x)) return 0.0f;
    return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}

// v_sqrt_f32. [SPEC]: +-0 -> +-0, +inf -> +inf, NaN -> NaN. Negative inputs
// are undefined in [SPEC]; acosim returns NaN. Double sqrt of a float rounded
// to float is the correctly rounded sqrt.
inline float sqrt_f32(float x) {
    if (x == 0.0f) return x;
    if (std::isnan(x) || x < 0.0f) return habana_nan();
    return static_cast<float>(std::sqrt(static_cast<double>(x)));
}

// v_log_f32. [SPEC] (code, not its comment): x < 0 -> NaN, +-0 -> -inf,
// +inf -> +inf, NaN -> NaN.
inline float log_f32(float x) {
    if (std::isnan(x) || x < 0.0f) return habana_nan();
    if (x == 0.0f) return -kInf;
    return static_cast<float>(std::log(static_cast<double>(x)));
}

// Range rules shared by v_sin_f32 and v_cos_f32 ([SPEC]
// PROCESS_SIN_COS_SPECIAL_VALUES): |x| > 0xffffff (sin_max_arg) or not finite
// gives NaN; |x| > 0x2000 (sin_accuracy_limit) gives 0 because the kernel's
// float argument reduction has no accurate bits left there.
inline bool sin_cos_special(float x, float& result) {
    const float ax = std::fabs(x);
    if (!(ax <= 16777215.0f)) {
        result = habana_nan();
        return true;
    }
    if (ax > 8192.0f) {
        result = 0.0f;
        return true;
    }
    return false;
}

inline float sin_f32(float x) {
    float special = 0.0f;
    if (sin_cos_special(x, special)) return special;
    return static_cast<float>(std::sin(static_cast<double>(x)));
}

inline float cos_f32(float x) {
    float special = 0.0f;
    if (sin_cos_special(x, special)) return special;
    return static_cast<float>(std::cos(static_cast<double>(x)));
}

// v_tanh_f32. [SPEC]: |x| >= 9 gives +-1 (tanh(9) itself would round to
// 1 - 2^-24), NaN gives NaN.
inline float tanh_f32(float x) {
    if (std::isnan(x)) return habana_nan();
    if (std::fabs(x) >= 9.0f) return std::copysign(1.0f, x);
    return static_cast<float>(std::tanh(static_cast<double>(x)));
}

// ---------------------------------------------------------------------------
// FCLASS ([INTR]): a one-hot 10-bit mask, returned in the lane's 32 bits.
// ---------------------------------------------------------------------------
enum FclassBit : uint32_t {
    kClassNegInf = 1u << 0,
    kClassNegNormal = 1u << 1,
    kClassNegDenormal = 1u << 2,
    kClassNegZero = 1u << 3,
    kClassPosZero = 1u << 4,
    kClassPosDenormal = 1u << 5,
    kClassPosNormal = 1u << 6,
    kClassPosInf = 1u << 7,
    kClassSNaN = 1u << 8,
    kClassQNaN = 1u << 9,
};

// The quiet bit of a NaN is the top mantissa bit (IEEE 754-2008 6.2.1).
inline uint32_t fclass(float x) {
    const uint32_t b = bits_of(x);
    const bool neg = (b >> 31) != 0;
    const uint32_t exponent = (b >> 23) & 0xffu;
    const uint32_t mantissa = b & 0x7fffffu;
    if (exponent == 0xffu) {
        if (mantissa == 0) return neg ? kClassNegInf : kClassPosInf;
        return (mantissa & 0x400000u) ? kClassQNaN : kClassSNaN;
    }
    if (exponent == 0) {
        if (mantissa == 0) return neg ? kClassNegZero : kClassPosZero;
        return neg ? kClassNegDenormal : kClassPosDenormal;
    }
    return neg ? kClassNegNormal : kClassPosNormal;
}

// ---------------------------------------------------------------------------
// CALC_FP_SPECIAL ([INTR]): from the FCLASS masks of the operands, the
// function's value for special classes, otherwise `income`. src2 is used only
// by div and pow. Function codes are e_calc_fp_special ([SPEC], [SWIT]).
// Which classes count as special is not published; acosim's rule: zeros,
// denormals (treated as zeros, as [SPEC]'s |x| < FLT_MIN tests do), infinities,
// NaNs, and negative inputs of functions undefined there (rsqrt, sqrt, log).
// Every NaN produced is 0x7fffffff.
// ---------------------------------------------------------------------------
enum CalcFpSpecialFunc : int {
    kFpRecip = 0,
    kFpRsqrt = 1,
    kFpSqrt = 2,
    kFpLog = 3,
    kFpExp = 4,
    kFpTanh = 5,
    kFpDiv = 6,
    kFpPow = 7,
};

namespace detail {

constexpr uint32_t kClassNaN = kClassSNaN | kClassQNaN;
constexpr uint32_t kClassZeroLike =
    kClassNegZero | kClassPosZero | kClassNegDenormal | kClassPosDenormal;
constexpr uint32_t kClassInf = kClassNegInf | kClassPosInf;
constexpr uint32_t kClassNeg = kClassNegInf | kClassNegNormal | kClassNegDenormal | kClassNegZero;
constexpr uint32_t kClassNegNonZero = kClassNegInf | kClassNegNormal;

inline float signed_value(uint32_t cls, float magnitude) {
    return (cls & kClassNeg) ? -magnitude : magnitude;
}

inline float calc_pow_special(uint32_t x, uint32_t y, float income) {
    if (y & kClassZeroLike) return 1.0f;
    if ((x | y) & kClassNaN) return habana_nan();
    const bool y_pos = (y & (kClassPosNormal | kClassPosInf)) != 0;
    // The sign of x^y for x = -0 or -inf depends on y being an odd integer,
    // which the class masks cannot tell; acosim returns the even-y value.
    if (x & kClassZeroLike) return y_pos ? 0.0f : kInf;
    if (x & kClassInf) return y_pos ? kInf : 0.0f;
    return income;
}

inline float calc_div_special(uint32_t x, uint32_t y, float income) {
    if ((x | y) & kClassNaN) return habana_nan();
    const bool negative = ((x & kClassNeg) != 0) != ((y & kClassNeg) != 0);
    const float sign = negative ? -1.0f : 1.0f;
    const bool x_zero = (x & kClassZeroLike) != 0, y_zero = (y & kClassZeroLike) != 0;
    const bool x_inf = (x & kClassInf) != 0, y_inf = (y & kClassInf) != 0;
    if ((x_zero && y_zero) || (x_inf && y_inf)) return habana_nan();
    if (x_inf || y_zero) return sign * kInf;
    if (x_zero || y_inf) return sign * 0.0f;
    return income;
}

}  // namespace detail

inline float calc_fp_special(uint32_t src1_class, uint32_t src2_class, int func, float income) {
    using namespace detail;
    const uint32_t c = src1_class;
    switch (func) {
    case kFpRecip:
        if (c & kClassNaN) return habana_nan();
        if (c & kClassZeroLike) return signed_value(c, kInf);
        if (c & kClassInf) return signed_value(c, 0.0f);
        return income;
    case kFpRsqrt:
        if (c & (kClassNaN | kClassNegNonZero)) return habana_nan();
        if (c & kClassZeroLike) return signed_value(c, kInf);
        if (c & kClassPosInf) return 0.0f;
        return income;
    case kFpSqrt:
        if (c & (kClassNaN | kClassNegNonZero)) return habana_nan();
        if (c & kClassZeroLike) return signed_value(c, 0.0f);
        if (c & kClassPosInf) return kInf;
        return income;
    case kFpLog:
        if (c & (kClassNaN | kClassNegNonZero)) return habana_nan();
        if (c & kClassZeroLike) return -kInf;
        if (c & kClassPosInf) return kInf;
        return income;
    case kFpExp:
        if (c & kClassNaN) return habana_nan();
        if (c & kClassZeroLike) return 1.0f;
        if (c & kClassNegInf) return 0.0f;
        if (c & kClassPosInf) return kInf;
        return income;
    case kFpTanh:
        if (c & kClassNaN) return habana_nan();
        if (c & kClassZeroLike) return signed_value(c, 0.0f);
        if (c & kClassInf) return signed_value(c, 1.0f);
        return income;
    case kFpDiv:
        return calc_div_special(src1_class, src2_class, income);
    case kFpPow:
        return calc_pow_special(src1_class, src2_class, income);
    default:
        throw std::invalid_argument("calc_fp_special: unknown function code");
    }
}

// ---------------------------------------------------------------------------
// FORM_FP_NUMBER ([INTR]; switch bits from [SWIT]): a float with the exponent
// from SRC1, the sign from SRC2 and the mantissa from SRC3.
//  - exponent: with SW_EXP_IS_NUM the low 8 bits of SRC1 (an int8 number;
//    "shift left by mantissa size and mask"), otherwise SRC1's exponent field
//    (bits 30..23). SW_ADD_BIAS adds 127; the sum wraps modulo 256.
//  - sign: bit 31 of SRC2, or bit 0 with SW_SIGN_LSB, or forced by
//    SW_FORCE_SIGN0 / SW_FORCE_SIGN1.
//  - mantissa: bits 22..0 of SRC3.
// For the _ie_ intrinsics pass the lane's int8 as exponent_src. The Gaudi2
// SPECIAL_FUNC field (bits 15..13) is not modelled.
// ---------------------------------------------------------------------------
enum FormFpNumSwitch : unsigned {
    kSwAddBias = 1u << 8,
    kSwForceSign0 = 1u << 9,
    kSwForceSign1 = 1u << 10,
    kSwExpIsNum = 1u << 11,
    kSwSignLsb = 1u << 12,
};

inline float form_fp_num(uint32_t exponent_src, float sign_src, float mantissa_src,
                         unsigned switches) {
    uint32_t exponent =
        (switches & kSwExpIsNum) ? (exponent_src & 0xffu) : ((exponent_src >> 23) & 0xffu);
    if (switches & kSwAddBias) exponent = (exponent + 127u) & 0xffu;
    uint32_t sign = bits_of(sign_src) >> 31;
    if (switches & kSwSignLsb) sign = bits_of(sign_src) & 1u;
    if (switches & kSwForceSign0) sign = 0;
    if (switches & kSwForceSign1) sign = 1;
    return float_of((sign << 31) | (exponent << 23) | (bits_of(mantissa_src) & 0x7fffffu));
}

// ---------------------------------------------------------------------------
// Function ids and coefficient tables of LOOKUP_1C / LOOKUP_2C.
// Ids are e_function_id for Gaudi ([SPEC]). Table contents per [COEF]: each
// entry is (C0, C1, C2) of C0 + C1*v + C2*v^2, v = x - interval_start,
// approximating the listed function on the entry's interval:
//   e_fp32_tanh (0), 256: [0,64) tanh(x)/x on [i/64, (i+1)/64);
//                         then 64 each on [1,2), [2,4), [4,8), 64 per octave
//   e_fp32_rsqrt (1), 256: 1/sqrt(x), 128 per octave on [1,2) then [2,4)
//   e_fp32_log2 (2),  256: [0,128) log2(x)/(x-1), [128,256) log2(x), on
//                          [1,2) with 128 intervals each
//   e_fp32_sqrt (128), 128: sqrt(x), 64 per octave on [1,2) then [2,4)
//   e_fp32_rcp (129),  128: 1/x on [1,2)
//   e_fp32_sin_cos (130), 128: [0,64) sin(x)/x, [64,128) cos(x), on
//                          [i/64, (i+1)/64) of [0,1)
//   e_fp32_pow2 (256), 64: 2^(x-1) on [1,2)
// The coefficients are acosim's: per interval, the quadratic interpolating f
// at the three Chebyshev nodes of the interval (near-minimax), computed in
// double at first use, then rounded to float.
// ---------------------------------------------------------------------------
enum FunctionId : int {
    kFp32Tanh = 0,
    kFp32Rsqrt = 1,
    kFp32Log2 = 2,
    kFp32Sqrt = 128,
    kFp32Rcp = 129,
    kFp32SinCos = 130,
    kFp32Pow2 = 256,
};

// e_func_variant ([SPEC]); the intrinsic's switches hold it at bits 15..13.
enum FuncVariant : int {
    kVariantDefault = 0,
    kVariantTanh = 1,
    kVariantSqrtRsqrt = 2,
    kVariantSinCos = 3,
};

struct Coefficients {
    float c0, c1, c2;
};

namespace detail {

// Quadratic through f at the Chebyshev nodes of [a, a + h], in powers of
// v = x - a. The nodes lie strictly inside the interval, so f is never
// evaluated at a removable singularity such as sin(x)/x at 0.
template <typename F>
Coefficients fit_quadratic(F f, double a, double h) {
    const double pi = 3.14159265358979323846;
    double v[3], y[3];
    for (int k = 0; k < 3; ++k) {
        v[k] = 0.5 * h * (1.0 - std::cos((2 * k + 1) * pi / 6.0));
        y[k] = f(a + v[k]);
    }
    // Newton divided differences, then expansion to monomials in v.
    const double d01 = (y[1] - y[0]) / (v[1] - v[0]);
    const double d12 = (y[2] - y[1]) / (v[2] - v[1]);
    const double d012 = (d12 - d01) / (v[2] - v[0]);
    const double c2 = d012;
    const double c1 = d01 - d012 * (v[0] + v[1]);
    const double c0 = y[0] - d01 * v[0] + d012 * v[0] * v[1];
    return {static_cast<float>(c0), static_cast<float>(c1), static_cast<float>(c2)};
}

// Interval i of a table covering [base, 2*base) with n equal intervals.
struct Interval {
    double start, width;
};
inline Interval in_octave(double base, int i, int n) {
    return {base + base * i / n, base / n};
}

inline std::vector<Coefficients> build_table(int func_id) {
    std::vector<Coefficients> t;
    auto add = [&t](auto f, Interval iv) { t.push_back(fit_quadratic(f, iv.start, iv.width)); };
    auto sinc = [](double x) { return std::sin(x) / x; };
    auto cosine = [](double x) { return std::cos(x); };
    auto tanhc = [](double x) { return std::tanh(x) / x; };
    auto tanh_ = [](double x) { return std::tanh(x); };
    auto rsqrt = [](double x) { return 1.0 / std::sqrt(x); };
    auto sqrt_ = [](double x) { return std::sqrt(x); };
    auto log2c = [](double x) { return std::log2(x) / (x - 1.0); };
    auto log2_ = [](double x) { return std::log2(x); };
    auto recip = [](double x) { return 1.0 / x; };
    auto pow2m1 = [](double x) { return std::exp2(x - 1.0); };
    switch (func_id) {
    case kFp32SinCos:
        for (int i = 0; i < 64; ++i) add(sinc, {i / 64.0, 1 / 64.0});
        for (int i = 0; i < 64; ++i) add(cosine, {i / 64.0, 1 / 64.0});
        break;
    case kFp32Tanh:
        for (int i = 0; i < 64; ++i) add(tanhc, {i / 64.0, 1 / 64.0});
        for (double base : {1.0, 2.0, 4.0})
            for (int i = 0; i < 64; ++i) add(tanh_, in_octave(base, i, 64));
        break;
    case kFp32Rsqrt:
        for (double base : {1.0, 2.0})
            for (int i = 0; i < 128; ++i) add(rsqrt, in_octave(base, i, 128));
        break;
    case kFp32Sqrt:
        for (double base : {1.0, 2.0})
            for (int i = 0; i < 64; ++i) add(sqrt_, in_octave(base, i, 64));
        break;
    case kFp32Log2:
        for (int i = 0; i < 128; ++i) add(log2c, in_octave(1.0, i, 128));
        for (int i = 0; i < 128; ++i) add(log2_, in_octave(1.0, i, 128));
        break;
    case kFp32Rcp:
        for (int i = 0; i < 128; ++i) add(recip, in_octave(1.0, i, 128));
        break;
    case kFp32Pow2:
        for (int i = 0; i < 64; ++i) add(pow2m1, in_octave(1.0, i, 64));
        break;
    default:
        throw std::invalid_argument("lookup: unknown function id");
    }
    return t;
}

// Tables are built once, on first use; static local initialisation is
// thread-safe.
inline const std::vector<Coefficients>& table(int func_id) {
    static const std::vector<Coefficients> sin_cos = build_table(kFp32SinCos);
    static const std::vector<Coefficients> tanh_t = build_table(kFp32Tanh);
    static const std::vector<Coefficients> rsqrt = build_table(kFp32Rsqrt);
    static const std::vector<Coefficients> sqrt_t = build_table(kFp32Sqrt);
    static const std::vector<Coefficients> log2_t = build_table(kFp32Log2);
    static const std::vector<Coefficients> rcp = build_table(kFp32Rcp);
    static const std::vector<Coefficients> pow2 = build_table(kFp32Pow2);
    switch (func_id) {
    case kFp32SinCos: return sin_cos;
    case kFp32Tanh: return tanh_t;
    case kFp32Rsqrt: return rsqrt;
    case kFp32Sqrt: return sqrt_t;
    case kFp32Log2: return log2_t;
    case kFp32Rcp: return rcp;
    case kFp32Pow2: return pow2;
    default: throw std::invalid_argument("lookup: unknown function id");
    }
}

}  // namespace detail

// Number of entries of a function's table.
inline uint32_t table_size(int func_id) {
    return static_cast<uint32_t>(detail::table(func_id).size());
}

// An interval index past the table wraps around (acosim's choice: no public
// source says what the LUT returns there, and lanes a kernel later discards
// must not stop the simulation).
inline const Coefficients& table_entry(uint32_t interval, int func_id) {
    const std::vector<Coefficients>& t = detail::table(func_id);
    return t[interval % t.size()];
}

// v_f32_lookup_1c / v_f32_lookup_c0.
inline float lookup_c0(uint32_t interval, int func_id) {
    return table_entry(interval, func_id).c0;
}

// v_f32_lookup_2c / v_f32_lookup_c1c2: the pair's v1 is C1, v2 is C2.
// [SPEC]'s LOOKUP_AND_MAC computes r = v1; r = v2*v + r; C0 = r*v + C0, i.e.
// C0 + C1*v + C2*v^2, and [COEF]'s pow2 table (C1 ~ ln 2, C2 ~ ln(2)^2/2)
// confirms the order.
struct C1C2 {
    float c1, c2;
};
inline C1C2 lookup_c1c2(uint32_t interval, int func_id) {
    const Coefficients& e = table_entry(interval, func_id);
    return {e.c1, e.c2};
}

// ---------------------------------------------------------------------------
// GET_LUT_ENTRY_AND_INTERVAL_START ([INTR]). shift = 23 - m, m being the
// number of mantissa bits that select the interval (kernels pass
// COEFF_TAB_SHIFT, e.g. 17 for m = 6). The rule is acosim's, matching the
// layouts of [COEF]:
//  - default: interval = top m mantissa bits (the input is in one octave,
//    [1,2) for rcp, pow2 and log2);
//  - sqrt_rsqrt: input in [1,4); interval = (exponent & 1) * 2^m + top m bits;
//  - tanh: |x| < 1: interval = floor(|x| * 2^m) (fixed point on [0,1));
//    |x| in [2^e, 2^(e+1)), e = 0..2: interval = (e+1) * 2^m + top m bits;
//    |x| >= 8 (and NaN) clamps to the last interval (the kernel overrides it);
//  - sin_cos: |x| < 1: interval = floor(|x| * 2^m); otherwise (and NaN) the
//    last interval, 2^m - 1.
// interval_start is the start of the chosen interval, with x's sign, so that
// v = x - interval_start is exact and in [0, interval width) for x >= 0. In
// the octave cases it is x with its low `shift` mantissa bits cleared.
// ---------------------------------------------------------------------------
struct LutEntry {
    uint32_t interval;
    float interval_start;
};

inline LutEntry get_lut_entry_and_interval_start(float x, int significand_shift,
                                                 int func_variant) {
    if (significand_shift < 0 || significand_shift > 23)
        throw std::invalid_argument("get_lut_entry_and_interval_start: shift out of 0..23");
    const int m = 23 - significand_shift;
    const uint32_t per_octave = 1u << m;
    const uint32_t b = bits_of(x);
    const uint32_t top_bits = (b & 0x7fffffu) >> significand_shift;
    const float truncated = float_of(b & ~((1u << significand_shift) - 1u));
    const int exponent = static_cast<int>((b >> 23) & 0xffu) - 127;
    const float ax = std::fabs(x);
    const double step = std::ldexp(1.0, -m);

    // Fixed-point index of |x| < 1: |x| * 2^m is exact in double.
    auto fixed_point = [&]() -> LutEntry {
        const uint32_t i = static_cast<uint32_t>(std::ldexp(static_cast<double>(ax), m));
        return {i, std::copysign(static_cast<float>(i * step), x)};
    };
    switch (func_variant) {
    case kVariantDefault:
        return {top_bits, truncated};
    case kVariantSqrtRsqrt:
        return {(static_cast<uint32_t>(exponent) & 1u) * per_octave + top_bits, truncated};
    case kVariantTanh:
        if (ax < 1.0f) return fixed_point();
        if (ax < 8.0f) return {static_cast<uint32_t>(exponent + 1) * per_octave + top_bits, truncated};
        return {4 * per_octave - 1, std::copysign(static_cast<float>(8.0 - 4.0 * step), x)};
    case kVariantSinCos:
        if (ax < 1.0f) return fixed_point();
        return {per_octave - 1, std::copysign(static_cast<float>(1.0 - step), x)};
    default:
        throw std::invalid_argument("get_lut_entry_and_interval_start: unknown variant");
    }
}

}  // namespace acosim::habana::special
