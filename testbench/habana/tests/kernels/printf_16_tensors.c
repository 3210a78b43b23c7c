// Sixteen tensors and a printf: the printf buffer takes Gaudi's sixteenth
// tensor slot, so tpc-clang must refuse the kernel.
void main(tensor t0, tensor t1, tensor t2, tensor t3, tensor t4, tensor t5, tensor t6, tensor t7, tensor t8, tensor t9, tensor t10, tensor t11, tensor t12, tensor t13, tensor t14, tensor t15)
{
    printf("hello %d\n", 1);
}
