#include "sw/nvdla/regs/register_map.h"

#include <stdexcept>

#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/rubik.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"

namespace acosim::nvdla::regs {

const UnitInfo& unit_info(Unit unit, Config config) {
  switch (unit) {
    case Unit::Glb: return glb::unit_info(config);
    case Unit::Bdma: return bdma::unit_info(config);
    case Unit::PdpRdma: return pdp_rdma::unit_info(config);
    case Unit::Pdp: return pdp::unit_info(config);
    case Unit::SdpRdma: return sdp_rdma::unit_info(config);
    case Unit::Sdp: return sdp::unit_info(config);
    case Unit::CdpRdma: return cdp_rdma::unit_info(config);
    case Unit::Cdp: return cdp::unit_info(config);
    case Unit::Cdma: return cdma::unit_info(config);
    case Unit::Csc: return csc::unit_info(config);
    case Unit::CmacA: return cmac_a::unit_info(config);
    case Unit::CmacB: return cmac_b::unit_info(config);
    case Unit::Cacc: return cacc::unit_info(config);
    case Unit::Rubik: return rubik::unit_info(config);
  }
  throw std::logic_error("unknown NVDLA unit");
}

}  // namespace acosim::nvdla::regs
