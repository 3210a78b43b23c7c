// Stores a word to scalar local memory at an address that is not 4-byte
// aligned: the run must stop with an error naming the rule.
void main(tensor input, tensor output, float alpha)
{
    s_i32_st_l(2, 5);
}
