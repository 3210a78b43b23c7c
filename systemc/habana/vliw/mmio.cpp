#include "systemc/habana/vliw/mmio.h"

#include <cstdio>
#include <string>

namespace acosim::habana::vliw {

namespace {

std::string hex(uint32_t a) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", a);
  return buf;
}

[[noreturn]] void notModelled(Exec& x, uint32_t a, const char* what) {
  x.svc->fail(("MMIO " + std::string(what) + " of address " + hex(a) +
               " is not modelled (tensor descriptors, index space and SRF words only)")
                  .c_str());
  throw TpcError("KernelServices::fail returned");
}

struct TensorField {
  int tensor = -1;
  uint32_t offset = 0;
};

TensorField tensorField(uint32_t a) {
  if (a < kMmioTensorBase || a >= kMmioTensorBase + kMmioTensorStride * kMaxTensors) return {};
  return {static_cast<int>((a - kMmioTensorBase) / kMmioTensorStride),
          (a - kMmioTensorBase) % kMmioTensorStride};
}

}  // namespace

uint32_t mmioRead(Exec& x, uint32_t a) {
  if (a % 4) x.svc->fail(("misaligned MMIO read at " + hex(a)).c_str());
  const TensorField f = tensorField(a);
  if (f.tensor >= 0) {
    if (f.offset >= 0x10) {
      const int dim = static_cast<int>((f.offset - 0x10) / 8);
      return static_cast<uint32_t>((f.offset - 0x10) % 8 == 0 ? x.svc->dim_size(f.tensor, dim)
                                                              : x.svc->dim_stride(f.tensor, dim));
    }
    if (f.offset == 0x08) return x.svc->pad_value(f.tensor);
    if (f.offset <= 0x04) {
      const int origin[kTensorDims] = {0, 0, 0, 0, 0};
      const uint64_t base = x.svc->element_address(f.tensor, origin);
      return static_cast<uint32_t>(f.offset == 0 ? base : base >> 32);
    }
    notModelled(x, a, "read");
  }
  if (a >= kMmioTidBase && a < kMmioTidBase + 8 * kTensorDims) {
    int offset[kTensorDims], size[kTensorDims];
    x.svc->index_space(offset, size);
    const unsigned d = (a - kMmioTidBase) / 8;
    return static_cast<uint32_t>((a - kMmioTidBase) % 8 == 0 ? offset[d] : size[d]);
  }
  if (a >= kMmioSrfBase && a < kMmioSrfBase + 4 * kMmioSrfWords) {
    const unsigned k = (a - kMmioSrfBase) / 4;
    return k < x.scalarCount ? x.scalars[k] : 0;
  }
  notModelled(x, a, "read");
}

void mmioWrite(Exec& x, uint32_t a, uint32_t value) {
  if (a % 4) x.svc->fail(("misaligned MMIO write at " + hex(a)).c_str());
  const TensorField f = tensorField(a);
  if (f.tensor >= 0 && f.offset >= 0x10) {
    const int dim = static_cast<int>((f.offset - 0x10) / 8);
    if ((f.offset - 0x10) % 8 == 0)
      x.svc->set_dim_size(f.tensor, dim, static_cast<int>(value));
    else
      x.svc->set_dim_stride(f.tensor, dim, static_cast<int>(value));
    return;
  }
  notModelled(x, a, "write");
}

}  // namespace acosim::habana::vliw
