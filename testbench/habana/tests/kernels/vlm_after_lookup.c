// Uses a special-function lookup, then stores a vector at 20 KiB of vector
// local memory: with special functions in use only 16 KiB remain.
void main(tensor input, tensor output, float alpha)
{
    uint64 intervals = 0;
    float64 c0 = v_f32_lookup_1c(intervals, e_fp32_sin_cos, SW_BV32, (float64){0});
    v_f32_st_l_v(20 * 1024, c0);
}
