// output = input * alpha on an fp32 tensor: one 64-lane vector per
// index-space member along dim 0, one element per member in dims 1-4.
void main(tensor input, tensor output, float alpha)
{
    const int5 start = get_index_space_offset();
    const int5 end = get_index_space_size() + start;
    int5 coords = {0, 0, 0, 0, 0};
    for (int f = start[4]; f < end[4]; f++) {
        coords[4] = f;
        for (int b = start[3]; b < end[3]; b++) {
            coords[3] = b;
            for (int h = start[2]; h < end[2]; h++) {
                coords[2] = h;
                for (int w = start[1]; w < end[1]; w++) {
                    coords[1] = w;
                    for (int d = start[0] * 64; d < end[0] * 64; d += 64) {
                        coords[0] = d;
                        float64 x = v_f32_ld_tnsr_b(coords, input);
                        v_f32_st_tnsr(coords, output, x * alpha);
                    }
                }
            }
        }
    }
}
