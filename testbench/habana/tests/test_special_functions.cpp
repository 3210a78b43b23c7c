// Accuracy and special-value tests of sw/habana/tpc/special_functions.h.
// References are std:: functions in double or values computed by hand; the
// bounds are the ones stated in docs/habana-special-functions.md.
#include "sw/habana/tpc/special_functions.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <functional>
#include <random>

namespace sf = acosim::habana::special;

namespace {

// Size of one float ULP at the (double) reference value.
double ulp_at(double ref) {
    const double a = std::fabs(ref);
    if (a < FLT_MIN) return std::ldexp(1.0, -149);
    return std::ldexp(1.0, std::ilogb(a) - 23);
}

struct MaxError {
    double ulps = 0, abs = 0;
    void add(float got, double ref) {
        ulps = std::max(ulps, std::fabs(got - ref) / ulp_at(ref));
        abs = std::max(abs, std::fabs(got - ref));
    }
};

// Uniform samples on [lo, hi], plus both ends.
MaxError sweep_uniform(const std::function<float(float)>& f, const std::function<double(double)>& ref,
                       float lo, float hi, int n = 400000) {
    std::mt19937 rng(20240601);
    std::uniform_real_distribution<float> dist(lo, hi);
    MaxError e;
    for (float x : {lo, hi}) e.add(f(x), ref(x));
    for (int i = 0; i < n; ++i) {
        const float x = dist(rng);
        e.add(f(x), ref(x));
    }
    return e;
}

// Samples spread evenly over the exponents 2^lo_exp .. 2^hi_exp.
MaxError sweep_log(const std::function<float(float)>& f, const std::function<double(double)>& ref,
                   int lo_exp, int hi_exp, int n = 400000) {
    std::mt19937 rng(20240602);
    std::uniform_real_distribution<double> dist(lo_exp, hi_exp);
    MaxError e;
    for (int i = 0; i < n; ++i) {
        const float x = static_cast<float>(std::exp2(dist(rng)));
        e.add(f(x), ref(x));
    }
    return e;
}

// Rounding a double result once to float: at most half a float ULP plus the
// double function's own error, far below 1e-6 ULP.
constexpr double kRoundedUlps = 0.5 + 1e-6;

}  // namespace

// ---------------------------------------------------------------------------
// Built-in special functions: accuracy
// ---------------------------------------------------------------------------

TEST(SpecialFunctions, ExpIsCorrectlyRounded) {
    auto ref = [](double x) { return std::exp(x); };
    EXPECT_LE(sweep_uniform(sf::exp_f32, ref, -87.0f, 88.0f).ulps, kRoundedUlps);
    const MaxError small = sweep_uniform(sf::exp_f32, ref, -10.0f, 0.0f);
    EXPECT_LE(small.ulps, kRoundedUlps);
    EXPECT_LE(small.abs, 6e-8);  // softmax inputs after max subtraction
    EXPECT_EQ(sf::exp_cephes_f32(1.5f), sf::exp_f32(1.5f));
}

TEST(SpecialFunctions, ReciprocalIsCorrectlyRounded) {
    auto ref = [](double x) { return 1.0 / x; };
    EXPECT_LE(sweep_log(sf::reciprocal_f32, ref, -125, 125).ulps, kRoundedUlps);
    EXPECT_LE(sweep_uniform(sf::reciprocal_f32, ref, 1.0f, 11.0f).ulps, kRoundedUlps);
    EXPECT_LE(sweep_uniform(sf::reciprocal_f32, ref, -11.0f, -1.0f).ulps, kRoundedUlps);
}

TEST(SpecialFunctions, RsqrtAndSqrtAreCorrectlyRounded) {
    EXPECT_LE(sweep_log(sf::rsqrt_f32, [](double x) { return 1.0 / std::sqrt(x); }, -126, 127).ulps,
              kRoundedUlps);
    EXPECT_LE(sweep_log(sf::sqrt_f32, [](double x) { return std::sqrt(x); }, -126, 127).ulps,
              kRoundedUlps);
    // Batch norm takes rsqrt of variance + epsilon.
    EXPECT_LE(sweep_uniform(sf::rsqrt_f32, [](double x) { return 1.0 / std::sqrt(x); }, 1e-5f, 100.0f)
                  .ulps,
              kRoundedUlps);
}

TEST(SpecialFunctions, LogIsCorrectlyRounded) {
    auto ref = [](double x) { return std::log(x); };
    EXPECT_LE(sweep_log(sf::log_f32, ref, -126, 127).ulps, kRoundedUlps);
    const MaxError near_one = sweep_uniform(sf::log_f32, ref, 0.5f, 2.0f);
    EXPECT_LE(near_one.ulps, kRoundedUlps);
    EXPECT_LE(near_one.abs, 3e-8);
}

TEST(SpecialFunctions, SinCosAreCorrectlyRoundedBelowAccuracyLimit) {
    auto sin_ref = [](double x) { return std::sin(x); };
    auto cos_ref = [](double x) { return std::cos(x); };
    for (float limit : {11.0f, 8192.0f}) {
        const MaxError s = sweep_uniform(sf::sin_f32, sin_ref, -limit, limit);
        const MaxError c = sweep_uniform(sf::cos_f32, cos_ref, -limit, limit);
        EXPECT_LE(s.ulps, kRoundedUlps);
        EXPECT_LE(c.ulps, kRoundedUlps);
        EXPECT_LE(s.abs, 6e-8);  // half a ULP of 1
        EXPECT_LE(c.abs, 6e-8);
    }
}

TEST(SpecialFunctions, TanhIsCorrectlyRoundedBelowNine) {
    auto ref = [](double x) { return std::tanh(x); };
    const float below_nine = std::nextafter(9.0f, 0.0f);
    EXPECT_LE(sweep_uniform(sf::tanh_f32, ref, -below_nine, below_nine).ulps, kRoundedUlps);
    // |x| >= 9 returns +-1: off by 1 - tanh(9) = 3.05e-8 at most.
    EXPECT_LE(sweep_uniform(sf::tanh_f32, ref, -10.0f, 10.0f).abs, 6e-8);
}

// ---------------------------------------------------------------------------
// Built-in special functions: special values ([SPEC] rules)
// ---------------------------------------------------------------------------

TEST(SpecialFunctions, ExpSpecialValues) {
    const float inf = INFINITY;
    EXPECT_EQ(sf::exp_f32(-inf), 0.0f);
    EXPECT_EQ(sf::exp_f32(-88.0f), 0.0f);  // below EXP_LOWER = -87.3365478515625
    EXPECT_EQ(sf::exp_f32(inf), inf);
    EXPECT_EQ(sf::exp_f32(88.75f), inf);  // above EXP_UPPER = 88.72283935546875
    EXPECT_EQ(sf::exp_f32(0.0f), 1.0f);
    EXPECT_TRUE(std::isnan(sf::exp_f32(NAN)));
}

TEST(SpecialFunctions, ReciprocalSpecialValues) {
    const float inf = INFINITY;
    EXPECT_EQ(sf::reciprocal_f32(0.0f), inf);
    EXPECT_EQ(sf::reciprocal_f32(-0.0f), -inf);
    EXPECT_EQ(sf::reciprocal_f32(1e-40f), inf);  // denormal: |x| < FLT_MIN
    EXPECT_EQ(sf::reciprocal_f32(-1e-40f), -inf);
    EXPECT_EQ(sf::reciprocal_f32(inf), 0.0f);
    EXPECT_TRUE(std::signbit(sf::reciprocal_f32(-inf)));
    EXPECT_EQ(sf::reciprocal_f32(std::ldexp(1.0f, 126)), std::ldexp(1.0f, -126));
    EXPECT_EQ(sf::reciprocal_f32(std::ldexp(1.0f, 127)), 0.0f);  // 2^-127 is denormal: flushed
    EXPECT_TRUE(std::signbit(sf::reciprocal_f32(-std::ldexp(1.0f, 127))));
    EXPECT_TRUE(std::isnan(sf::reciprocal_f32(NAN)));
    EXPECT_EQ(sf::reciprocal_f32(4.0f), 0.25f);
}

TEST(SpecialFunctions, RootAndLogSpecialValues) {
    const float inf = INFINITY;
    EXPECT_EQ(sf::rsqrt_f32(0.0f), inf);
    EXPECT_EQ(sf::rsqrt_f32(-0.0f), -inf);
    EXPECT_EQ(sf::rsqrt_f32(inf), 0.0f);
    EXPECT_TRUE(std::isnan(sf::rsqrt_f32(-1.0f)));
    EXPECT_TRUE(std::isnan(sf::rsqrt_f32(NAN)));
    EXPECT_EQ(sf::rsqrt_f32(0.25f), 2.0f);

    EXPECT_EQ(sf::sqrt_f32(0.0f), 0.0f);
    EXPECT_TRUE(std::signbit(sf::sqrt_f32(-0.0f)));
    EXPECT_EQ(sf::sqrt_f32(inf), inf);
    EXPECT_TRUE(std::isnan(sf::sqrt_f32(-1.0f)));
    EXPECT_EQ(sf::sqrt_f32(9.0f), 3.0f);

    EXPECT_EQ(sf::log_f32(0.0f), -inf);
    EXPECT_EQ(sf::log_f32(-0.0f), -inf);
    EXPECT_EQ(sf::log_f32(inf), inf);
    EXPECT_TRUE(std::isnan(sf::log_f32(-1.0f)));
    EXPECT_TRUE(std::isnan(sf::log_f32(-inf)));
    EXPECT_EQ(sf::log_f32(1.0f), 0.0f);
}

TEST(SpecialFunctions, SinCosTanhSpecialValues) {
    const float inf = INFINITY;
    for (auto f : {sf::sin_f32, sf::cos_f32}) {
        EXPECT_EQ(f(8192.5f), 0.0f);  // past sin_accuracy_limit = 0x2000
        EXPECT_EQ(f(-1e7f), 0.0f);
        EXPECT_TRUE(std::isnan(f(16777216.0f)));  // past sin_max_arg = 0xffffff
        EXPECT_TRUE(std::isnan(f(inf)));
        EXPECT_TRUE(std::isnan(f(-inf)));
        EXPECT_TRUE(std::isnan(f(NAN)));
    }
    EXPECT_EQ(sf::sin_f32(0.0f), 0.0f);
    EXPECT_EQ(sf::cos_f32(0.0f), 1.0f);
    EXPECT_EQ(sf::tanh_f32(inf), 1.0f);
    EXPECT_EQ(sf::tanh_f32(-inf), -1.0f);
    EXPECT_EQ(sf::tanh_f32(9.0f), 1.0f);
    EXPECT_TRUE(std::isnan(sf::tanh_f32(NAN)));
}

// ---------------------------------------------------------------------------
// FCLASS, CALC_FP_SPECIAL, FORM_FP_NUMBER
// ---------------------------------------------------------------------------

TEST(Fclass, OneBitPerClass) {
    EXPECT_EQ(sf::fclass(-INFINITY), 1u << 0);
    EXPECT_EQ(sf::fclass(-2.0f), 1u << 1);
    EXPECT_EQ(sf::fclass(-1e-40f), 1u << 2);
    EXPECT_EQ(sf::fclass(-0.0f), 1u << 3);
    EXPECT_EQ(sf::fclass(0.0f), 1u << 4);
    EXPECT_EQ(sf::fclass(1e-40f), 1u << 5);
    EXPECT_EQ(sf::fclass(FLT_MIN), 1u << 6);
    EXPECT_EQ(sf::fclass(INFINITY), 1u << 7);
    EXPECT_EQ(sf::fclass(sf::float_of(0x7f800001u)), 1u << 8);  // signalling: quiet bit clear
    EXPECT_EQ(sf::fclass(sf::float_of(0x7fc00000u)), 1u << 9);
    EXPECT_EQ(sf::fclass(sf::float_of(0xffffffffu)), 1u << 9);
}

TEST(CalcFpSpecial, Reciprocal) {
    auto recip = [](float x) { return sf::calc_fp_special(sf::fclass(x), sf::fclass(x), sf::kFpRecip, 7.0f); };
    EXPECT_EQ(recip(0.0f), INFINITY);
    EXPECT_EQ(recip(-0.0f), -INFINITY);
    EXPECT_EQ(recip(-1e-40f), -INFINITY);
    EXPECT_EQ(recip(INFINITY), 0.0f);
    EXPECT_TRUE(std::signbit(recip(-INFINITY)));
    EXPECT_TRUE(std::isnan(recip(NAN)));
    EXPECT_EQ(recip(3.0f), 7.0f);  // normal: income passes through
    EXPECT_EQ(recip(-3.0f), 7.0f);
}

TEST(CalcFpSpecial, UnaryFunctions) {
    auto calc = [](float x, int func) { return sf::calc_fp_special(sf::fclass(x), 0, func, 7.0f); };
    EXPECT_EQ(calc(0.0f, sf::kFpRsqrt), INFINITY);
    EXPECT_EQ(calc(-0.0f, sf::kFpRsqrt), -INFINITY);
    EXPECT_EQ(calc(INFINITY, sf::kFpRsqrt), 0.0f);
    EXPECT_TRUE(std::isnan(calc(-2.0f, sf::kFpRsqrt)));
    EXPECT_EQ(calc(2.0f, sf::kFpRsqrt), 7.0f);
    EXPECT_TRUE(std::signbit(calc(-0.0f, sf::kFpSqrt)));
    EXPECT_EQ(calc(INFINITY, sf::kFpSqrt), INFINITY);
    EXPECT_TRUE(std::isnan(calc(-INFINITY, sf::kFpSqrt)));
    EXPECT_EQ(calc(0.0f, sf::kFpLog), -INFINITY);
    EXPECT_EQ(calc(INFINITY, sf::kFpLog), INFINITY);
    EXPECT_TRUE(std::isnan(calc(-2.0f, sf::kFpLog)));
    EXPECT_EQ(calc(-INFINITY, sf::kFpExp), 0.0f);
    EXPECT_EQ(calc(INFINITY, sf::kFpExp), INFINITY);
    EXPECT_EQ(calc(-0.0f, sf::kFpExp), 1.0f);
    EXPECT_EQ(calc(-2.0f, sf::kFpExp), 7.0f);
    EXPECT_EQ(calc(-INFINITY, sf::kFpTanh), -1.0f);
    EXPECT_TRUE(std::signbit(calc(-0.0f, sf::kFpTanh)));
    EXPECT_THROW(calc(1.0f, 8), std::invalid_argument);
}

TEST(CalcFpSpecial, DivideAndPower) {
    auto div = [](float x, float y) {
        return sf::calc_fp_special(sf::fclass(x), sf::fclass(y), sf::kFpDiv, 7.0f);
    };
    EXPECT_TRUE(std::isnan(div(0.0f, 0.0f)));
    EXPECT_TRUE(std::isnan(div(INFINITY, -INFINITY)));
    EXPECT_TRUE(std::isnan(div(NAN, 1.0f)));
    EXPECT_EQ(div(-1.0f, 0.0f), -INFINITY);
    EXPECT_EQ(div(INFINITY, -2.0f), -INFINITY);
    EXPECT_EQ(div(2.0f, INFINITY), 0.0f);
    EXPECT_TRUE(std::signbit(div(-0.0f, 2.0f)));
    EXPECT_EQ(div(3.0f, 2.0f), 7.0f);

    auto pow = [](float x, float y) {
        return sf::calc_fp_special(sf::fclass(x), sf::fclass(y), sf::kFpPow, 7.0f);
    };
    EXPECT_EQ(pow(NAN, 0.0f), 1.0f);
    EXPECT_TRUE(std::isnan(pow(2.0f, NAN)));
    EXPECT_EQ(pow(0.0f, 2.0f), 0.0f);
    EXPECT_EQ(pow(0.0f, -2.0f), INFINITY);
    EXPECT_EQ(pow(INFINITY, -2.0f), 0.0f);
    EXPECT_EQ(pow(INFINITY, 0.5f), INFINITY);
    EXPECT_EQ(pow(2.0f, 3.0f), 7.0f);
}

TEST(FormFpNum, ExponentSignMantissa) {
    // 1.5 = 0x3fc00000: mantissa 0x400000.
    EXPECT_EQ(sf::form_fp_num(0, -3.0f, 1.5f, sf::kSwExpIsNum | sf::kSwAddBias | sf::kSwForceSign0), 1.5f);
    EXPECT_EQ(sf::form_fp_num(0, -3.0f, 1.5f, sf::kSwExpIsNum | sf::kSwAddBias), -1.5f);
    EXPECT_EQ(sf::form_fp_num(126, 3.0f, -1.5f, sf::kSwExpIsNum), 0.75f);
    // Only the low 8 bits of the number count: 0x1ff gives the field 0xff.
    EXPECT_EQ(sf::bits_of(sf::form_fp_num(0x1ff, 3.0f, 1.5f, sf::kSwExpIsNum)), 0x7fc00000u);
    EXPECT_EQ(sf::form_fp_num(255, 3.0f, 1.5f, sf::kSwExpIsNum | sf::kSwAddBias), 0.75f);  // 126
    // Without SW_EXP_IS_NUM the exponent field of SRC1 is used: 8.0 -> 2^3.
    EXPECT_EQ(sf::form_fp_num(sf::bits_of(8.0f), 1.0f, 1.5f, 0), 12.0f);
    // v_reciprocal_fast_f32's form: (126 - 130) << 23 plus the bias gives 2^-4.
    const uint32_t res_exp = static_cast<uint32_t>((126 - 130) * (1 << 23));
    EXPECT_EQ(sf::form_fp_num(res_exp, 1.0f, 1.5f, sf::kSwAddBias), 0.09375f);
    EXPECT_EQ(sf::form_fp_num(127, sf::float_of(1u), 1.5f, sf::kSwExpIsNum | sf::kSwSignLsb), -1.5f);
    EXPECT_EQ(sf::form_fp_num(127, 2.0f, 1.5f, sf::kSwExpIsNum | sf::kSwForceSign1), -1.5f);
}

// ---------------------------------------------------------------------------
// GET_LUT_ENTRY_AND_INTERVAL_START and the coefficient tables
// ---------------------------------------------------------------------------

TEST(LutEntry, SinCosVariantIsFixedPointOnZeroOne) {
    auto entry = [](float x) { return sf::get_lut_entry_and_interval_start(x, 17, sf::kVariantSinCos); };
    EXPECT_EQ(entry(0.0f).interval, 0u);
    EXPECT_EQ(entry(0.0f).interval_start, 0.0f);
    EXPECT_EQ(entry(0.5f).interval, 32u);
    EXPECT_EQ(entry(0.5f).interval_start, 0.5f);
    EXPECT_EQ(entry(0.78539816f).interval, 50u);  // pi/4 * 64 = 50.27
    EXPECT_EQ(entry(0.78539816f).interval_start, 0.78125f);
    EXPECT_EQ(entry(0.015625f - 1e-9f).interval, 0u);
    EXPECT_EQ(entry(1e-30f).interval, 0u);
    EXPECT_EQ(entry(1.5f).interval, 63u);
    EXPECT_EQ(entry(NAN).interval, 63u);
}

TEST(LutEntry, OctaveVariants) {
    // Default, m = 7: 1.75 + 2^-10 has top mantissa bits 0.75 * 128 = 96.
    const sf::LutEntry d = sf::get_lut_entry_and_interval_start(1.75f + 0.0009765625f, 16, sf::kVariantDefault);
    EXPECT_EQ(d.interval, 96u);
    EXPECT_EQ(d.interval_start, 1.75f);
    // sqrt/rsqrt, m = 6: [2,4) follows [1,2).
    EXPECT_EQ(sf::get_lut_entry_and_interval_start(1.25f, 17, sf::kVariantSqrtRsqrt).interval, 16u);
    const sf::LutEntry s = sf::get_lut_entry_and_interval_start(3.0f, 17, sf::kVariantSqrtRsqrt);
    EXPECT_EQ(s.interval, 64u + 32u);
    EXPECT_EQ(s.interval_start, 3.0f);
    // tanh, m = 6: [0,1) fixed point, then [1,2), [2,4), [4,8).
    auto tanh_interval = [](float x) {
        return sf::get_lut_entry_and_interval_start(x, 17, sf::kVariantTanh).interval;
    };
    EXPECT_EQ(tanh_interval(0.5f), 32u);
    EXPECT_EQ(tanh_interval(1.5f), 96u);
    EXPECT_EQ(tanh_interval(3.0f), 160u);
    EXPECT_EQ(tanh_interval(6.0f), 224u);
    EXPECT_EQ(tanh_interval(9.0f), 255u);
    EXPECT_EQ(sf::get_lut_entry_and_interval_start(9.0f, 17, sf::kVariantTanh).interval_start, 7.9375f);
    EXPECT_THROW(sf::get_lut_entry_and_interval_start(1.0f, 17, 4), std::invalid_argument);
}

namespace {

// C0 + C1*v + C2*v^2 the way LOOKUP_AND_MAC evaluates it (MAC = one rounding).
float lut_poly(uint32_t interval, float v, int func_id) {
    const float c0 = sf::lookup_c0(interval, func_id);
    const sf::C1C2 c = sf::lookup_c1c2(interval, func_id);
    const float r = std::fma(c.c2, v, c.c1);
    return std::fma(r, v, c0);
}

// Largest error of a table's polynomials (evaluated in double) against f over
// 64 points of each interval [start(i), start(i) + width(i)).
double table_error(int func_id, const std::function<double(double)>& f,
                   const std::function<double(uint32_t)>& start, const std::function<double(uint32_t)>& width,
                   bool relative) {
    double worst = 0;
    for (uint32_t i = 0; i < sf::table_size(func_id); ++i) {
        const float c0 = sf::lookup_c0(i, func_id);
        const sf::C1C2 c = sf::lookup_c1c2(i, func_id);
        for (int k = 0; k < 64; ++k) {
            const double v = width(i) * k / 64.0;
            const double x = start(i) + v;
            const double p = c0 + (c.c1 + static_cast<double>(c.c2) * v) * v;
            const double ref = f(x);
            worst = std::max(worst, std::fabs(p - ref) / (relative ? std::fabs(ref) : 1.0));
        }
    }
    return worst;
}

double sinc(double x) { return x == 0 ? 1.0 : std::sin(x) / x; }

}  // namespace

TEST(LutTables, SinCosCoefficients) {
    EXPECT_EQ(sf::table_size(sf::kFp32SinCos), 128u);
    auto start = [](uint32_t i) { return (i % 64) / 64.0; };
    auto width = [](uint32_t) { return 1 / 64.0; };
    double sin_err = 0, cos_err = 0;
    for (uint32_t i = 0; i < 64; ++i) {
        for (int k = 0; k < 64; ++k) {
            const double v = width(i) * k / 64.0;
            const double x = start(i) + v;
            const sf::C1C2 s = sf::lookup_c1c2(i, sf::kFp32SinCos);
            const sf::C1C2 c = sf::lookup_c1c2(i + 64, sf::kFp32SinCos);
            sin_err = std::max(sin_err, std::fabs(sf::lookup_c0(i, sf::kFp32SinCos) + (s.c1 + s.c2 * v) * v - sinc(x)));
            cos_err = std::max(cos_err,
                               std::fabs(sf::lookup_c0(i + 64, sf::kFp32SinCos) + (c.c1 + c.c2 * v) * v - std::cos(x)));
        }
    }
    EXPECT_LE(sin_err, 6e-8);  // sin(x)/x on [0,1)
    EXPECT_LE(cos_err, 6e-8);  // cos(x) on [0,1)
    EXPECT_EQ(sf::lookup_c0(0, sf::kFp32SinCos), 1.0f);
    EXPECT_EQ(sf::lookup_c0(64, sf::kFp32SinCos), 1.0f);
    EXPECT_EQ(sf::lookup_c0(128 + 5, sf::kFp32SinCos), sf::lookup_c0(5, sf::kFp32SinCos));  // wraps
    EXPECT_THROW(sf::lookup_c0(0, 3), std::invalid_argument);
}

TEST(LutTables, OtherFunctions) {
    auto octave = [](int per_octave) {
        return [per_octave](uint32_t i) {
            const double base = std::ldexp(1.0, static_cast<int>(i) / per_octave);
            return base + base * (i % per_octave) / per_octave;
        };
    };
    auto octave_width = [](int per_octave) {
        return [per_octave](uint32_t i) { return std::ldexp(1.0, static_cast<int>(i) / per_octave) / per_octave; };
    };
    EXPECT_LE(table_error(sf::kFp32Rcp, [](double x) { return 1 / x; }, octave(128), octave_width(128), true), 1.2e-7);
    EXPECT_LE(table_error(sf::kFp32Rsqrt, [](double x) { return 1 / std::sqrt(x); }, octave(128), octave_width(128), true),
              1.2e-7);
    EXPECT_LE(table_error(sf::kFp32Sqrt, [](double x) { return std::sqrt(x); }, octave(64), octave_width(64), true), 1.2e-7);
    EXPECT_LE(table_error(sf::kFp32Pow2, [](double x) { return std::exp2(x - 1); }, octave(64), octave_width(64), true),
              1.2e-7);
    auto tanh_start = [](uint32_t i) {
        if (i < 64) return i / 64.0;
        const double base = std::ldexp(1.0, static_cast<int>(i) / 64 - 1);
        return base + base * (i % 64) / 64;
    };
    auto tanh_width = [](uint32_t i) { return i < 64 ? 1 / 64.0 : std::ldexp(1.0, static_cast<int>(i) / 64 - 1) / 64; };
    auto tanh_target = [](double x) { return x < 1 ? (x == 0 ? 1.0 : std::tanh(x) / x) : std::tanh(x); };
    EXPECT_LE(table_error(sf::kFp32Tanh, tanh_target, tanh_start, tanh_width, true), 1.2e-7);
    auto log_start = [](uint32_t i) { return 1 + (i % 128) / 128.0; };
    auto log_width = [](uint32_t) { return 1 / 128.0; };
    auto log_target = [](double x) { return std::log2(x) / (x - 1); };
    // Only the first half: log2(x)/(x - 1); the second half is checked in absolute terms.
    double worst_rel = 0, worst_abs = 0;
    for (uint32_t i = 0; i < 128; ++i) {
        for (int k = 1; k < 64; ++k) {
            const double v = log_width(i) * k / 64.0, x = log_start(i) + v;
            const sf::C1C2 a = sf::lookup_c1c2(i, sf::kFp32Log2), b = sf::lookup_c1c2(i + 128, sf::kFp32Log2);
            const double pa = sf::lookup_c0(i, sf::kFp32Log2) + (a.c1 + a.c2 * v) * v;
            const double pb = sf::lookup_c0(i + 128, sf::kFp32Log2) + (b.c1 + b.c2 * v) * v;
            worst_rel = std::max(worst_rel, std::fabs(pa / log_target(x) - 1));
            worst_abs = std::max(worst_abs, std::fabs(pb - std::log2(x)));
        }
    }
    EXPECT_LE(worst_rel, 1.2e-7);
    EXPECT_LE(worst_abs, 6e-8);
}

// ---------------------------------------------------------------------------
// Habana's kernels, per lane, on these rules
// ---------------------------------------------------------------------------

namespace {

// kernels/gaudi/sin_f32.c: sin_f32 (v_f32_mac_b as a fused multiply-add).
float kernel_sin_f32(float input) {
    float sign_res = input > 0.0f ? 1.0f : -1.0f;
    const float four_by_pi = 1.27323949f, pi4_1 = 7.85156250e-01f;
    const float pi4_2 = 2.41875648498e-4f, pi4_3 = 3.7748949774e-8f;
    const float abs_x = std::fabs(input);
    int32_t pi4_shift = static_cast<int32_t>(std::floor(abs_x * four_by_pi));
    pi4_shift += pi4_shift & 1;
    const float fl_pi4_shift = static_cast<float>(pi4_shift);
    float reduced_x = abs_x;
    reduced_x = std::fma(-fl_pi4_shift, pi4_1, reduced_x);
    reduced_x = std::fma(-fl_pi4_shift, pi4_2, reduced_x);
    reduced_x = std::fma(-fl_pi4_shift, pi4_3, reduced_x);
    const float abs_reduced_x = std::fabs(reduced_x);
    int32_t pi2_shift = (pi4_shift >> 1) & 3;
    sign_res -= static_cast<float>(pi2_shift & 2) * sign_res;
    pi2_shift -= pi2_shift & 2;
    const bool sin_x = pi2_shift == 0;
    const sf::LutEntry e = sf::get_lut_entry_and_interval_start(abs_reduced_x, 17, sf::kVariantSinCos);
    const uint32_t interval = sin_x ? e.interval : e.interval + 64;
    float result = lut_poly(interval, abs_reduced_x - e.interval_start, sf::kFp32SinCos);
    if (sin_x) {
        result = abs_reduced_x * result;
        if (reduced_x < 0.0f) sign_res = -sign_res;
    }
    if (sign_res < 0.0f) result = -result;
    if (abs_x > 8192.0f) result = 0.0f;
    if (abs_x > 16777215.0f) result = sf::habana_nan();
    if (sf::bits_of(abs_x) >= 0x7f800000u) result = sf::habana_nan();
    return result;
}

// kernels/gaudi/customdiv_fwd_f32.c: reciprocal_cephes_fast_f32.
float kernel_reciprocal_cephes_fast(float input) {
    const float a = 2.58586f, b = -5.81818f, c = 4.24242f;
    const float m = sf::float_of((sf::bits_of(input) & 0x007fffffu) | 0x3f000000u);
    const int32_t exponent = static_cast<int32_t>((sf::bits_of(input) >> 23) & 0xffu) - 0x7e;
    float t0 = std::fma(m, a, b);
    const float t1 = std::fma(m, t0, c);
    float t2 = std::fma(-m, t1, 2.0f);
    t2 *= t1;
    t0 = std::fma(-m, t2, 2.0f);
    t0 *= t2;
    const int32_t e = (static_cast<int32_t>((sf::bits_of(t0) >> 23) & 0xffu) - exponent) & 0xff;
    return sf::form_fp_num(static_cast<uint32_t>(e), input, t0, sf::kSwExpIsNum);
}

// tpc-special.h: v_reciprocal_fast_f32 (rcp table, default variant, m = 7).
float spec_reciprocal_fast(float input) {
    float r = sf::form_fp_num(0, input, input, sf::kSwAddBias | sf::kSwForceSign0 | sf::kSwExpIsNum);
    const sf::LutEntry e = sf::get_lut_entry_and_interval_start(r, 16, sf::kVariantDefault);
    r = lut_poly(e.interval, r - e.interval_start, sf::kFp32Rcp);
    const int32_t res_exp = static_cast<int32_t>(sf::bits_of(r) & 0x7f800000u) -
                            static_cast<int32_t>(sf::bits_of(input) & 0x7f800000u);
    r = sf::form_fp_num(static_cast<uint32_t>(res_exp), input, r, sf::kSwAddBias);
    if (res_exp <= static_cast<int32_t>(0xc0800000u)) r = input < 0.0f ? -0.0f : 0.0f;
    return r;
}

// tpc-special.h: v_rsqrt_fast_f32 (sqrt_rsqrt variant, m = 7).
float spec_rsqrt_fast(float input) {
    int32_t exponent = static_cast<int32_t>((sf::bits_of(input) >> 23) & 0xffu) - 127;
    float r = sf::form_fp_num(static_cast<uint32_t>(exponent & 1), input, input, sf::kSwExpIsNum | sf::kSwAddBias);
    const sf::LutEntry e = sf::get_lut_entry_and_interval_start(r, 16, sf::kVariantSqrtRsqrt);
    r = lut_poly(e.interval, r - e.interval_start, sf::kFp32Rsqrt);
    if (exponent < 0) exponent -= exponent & 1;
    return sf::float_of(sf::bits_of(r) - static_cast<uint32_t>((exponent >> 1) * (1 << 23)));
}

// tpc-special.h: v_tanh_fast_f32 (tanh variant, m = 6).
float spec_tanh_fast(float input) {
    const float abs_x = std::fabs(input);
    const int32_t exponent = static_cast<int32_t>((sf::bits_of(input) >> 23) & 0xffu) - 127;
    const sf::LutEntry e = sf::get_lut_entry_and_interval_start(abs_x, 17, sf::kVariantTanh);
    float r = lut_poly(e.interval, abs_x - e.interval_start, sf::kFp32Tanh);
    if (exponent < 0) r *= abs_x;
    if (abs_x >= 8.0f && abs_x < 9.0f) r = 0.999999881f;
    if (abs_x >= 9.0f) r = 1.0f;
    return sf::form_fp_num(sf::bits_of(r), input, r, 0);
}

}  // namespace

// Habana's test (tests/gaudi_test/sin_f32_test.cpp) draws inputs with
// InitRand(-10, 10), which yields [-10, 11), and allows 1e-6 absolute error.
TEST(HabanaKernels, SinF32MeetsHabanaTolerance) {
    const MaxError e = sweep_uniform(kernel_sin_f32, [](double x) { return std::sin(x); }, -10.0f, 11.0f);
    EXPECT_LE(e.abs, 1.5e-7);
    EXPECT_LE(e.abs, 1e-6);
    for (float x : {0.0f, 0.78539816f, 1.5707964f, 3.1415927f, -4.712389f, 6.2831855f})
        EXPECT_NEAR(kernel_sin_f32(x), std::sin(static_cast<double>(x)), 1.5e-7) << x;
    EXPECT_EQ(kernel_sin_f32(8192.5f), 0.0f);
    EXPECT_TRUE(std::isnan(kernel_sin_f32(INFINITY)));
}

// tests/gaudi_test/customdiv_fwd_f32_test.cpp: x in [-10, 11), y in [1, 11),
// reference x / y in float, 1e-6 absolute. Passes with a fused MAC only.
TEST(HabanaKernels, CustomDivMeetsHabanaTolerance) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dx(-10.0f, 11.0f), dy(1.0f, 11.0f);
    double worst = 0;
    for (int i = 0; i < 400000; ++i) {
        const float x = dx(rng), y = dy(rng);
        worst = std::max(worst, std::fabs(static_cast<double>(x * kernel_reciprocal_cephes_fast(y)) - x / y));
    }
    EXPECT_LE(worst, 1e-6);
    EXPECT_EQ(kernel_reciprocal_cephes_fast(-4.0f), -0.25f);
    // reciprocal_cephes_f32's special-value tail.
    auto tail = [](float x) {
        const float r = sf::calc_fp_special(sf::fclass(x), sf::fclass(x), sf::kFpRecip, kernel_reciprocal_cephes_fast(x));
        return std::fabs(x) >= FLT_MAX ? 0.0f : r;
    };
    EXPECT_EQ(tail(0.0f), INFINITY);
    EXPECT_EQ(tail(INFINITY), 0.0f);
    EXPECT_EQ(tail(2.0f), 0.5f);
}

TEST(HabanaKernels, SpecialHeaderSequencesOnTheTables) {
    const MaxError rcp = sweep_log(spec_reciprocal_fast, [](double x) { return 1 / x; }, -120, 120);
    EXPECT_LE(rcp.ulps, 3.0);
    const MaxError rsqrt = sweep_log(spec_rsqrt_fast, [](double x) { return 1 / std::sqrt(x); }, -120, 120);
    EXPECT_LE(rsqrt.ulps, 3.0);
    const MaxError tanh = sweep_uniform(spec_tanh_fast, [](double x) { return std::tanh(x); }, -10.0f, 10.0f);
    EXPECT_LE(tanh.abs, 2e-7);
    EXPECT_EQ(spec_reciprocal_fast(-0.5f), -2.0f);
    EXPECT_EQ(spec_rsqrt_fast(4.0f), 0.5f);
}
