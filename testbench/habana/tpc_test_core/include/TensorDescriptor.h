// acosim's TensorDescriptor.h: the host-side picture of a TPC tensor
// descriptor that Habana's kernel tests fill (tests/tensor.h of the
// custom-kernel repository) and hand to tpc_tests::RunSimulation. The layout
// follows the TPC's descriptor registers: base address, padding value,
// config word (bits 0-2 element size type, 8-12 valid-dim mask, 16-18 last
// dim), then size and stride of each of the five dims, in elements.
// C++11, as the tests that include it are compiled.
#ifndef ACOSIM_TENSOR_DESCRIPTOR_H
#define ACOSIM_TENSOR_DESCRIPTOR_H

#include <assert.h>  // tests/tensor.h asserts without including it: the test core's headers bring it
#include <stdint.h>

struct TensorDimDescriptor {
    uint32_t size = 1;
    uint32_t stride = 0;
    uint32_t baseOffset = 0;
};

struct TensorDescriptor {
    union {
        uint64_t baseAddr;
        struct {
            uint32_t baseAddrLow;
            uint32_t baseAddrHigh;
        };
    } baseAddrUnion = {0};
    uint32_t paddingValue = 0;
    uint32_t configuration = 0;
    TensorDimDescriptor dimDescriptors[5];
};

// Element size types of the config word: 1, 2 and 4 bytes.
inline uint32_t VpeTensorDescriptorElementSizeTypeFromElementSizeInBytes(uint32_t bytes)
{
    return bytes == 1 ? 0u : bytes == 2 ? 1u : bytes == 4 ? 2u : 7u;
}

#define TENSOR_DESCRIPTOR_CONFIGURATION(elementSizeType, validDimMask, lastDim) \
    ((uint32_t)(((elementSizeType) & 0x7u) | (((validDimMask) & 0x1Fu) << 8) | (((lastDim) & 0x7u) << 16)))

#endif
