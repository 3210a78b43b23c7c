// NVDLA trace formats: CRC-32, surface payload files, memory dumps, .cfg and
// .txn traces, plusargs. Expected values come from zlib's documented check
// value, Python's zlib.crc32, the worked examples of NVDLA's CSB addressing
// (restated below), the conformance set's README, and hand computation.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "testbench/nvdla/trace/cfg_trace.h"
#include "testbench/nvdla/trace/crc32.h"
#include "testbench/nvdla/trace/surface_file.h"
#include "testbench/nvdla/trace/txn_trace.h"
#include "testbench/nvdla/tests/conformance_data.h"

namespace acosim::nvdla::trace {
namespace {

namespace fs = std::filesystem;
using hal::MemoryPort;

// A fresh folder per test for trace and payload files.
class TraceFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "acosim_trace_formats_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  fs::path dir_;
};

// Runs `action` and returns the TraceError message ("" if none was thrown).
template <typename F>
std::string error_of(F&& action) {
  try {
    action();
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_ERROR(action, text) EXPECT_EQ(error_of([&] { action; }), std::string(text))
#define EXPECT_ERROR_HAS(action, text) EXPECT_NE(error_of([&] { action; }).find(text), std::string::npos) \
    << error_of([&] { action; })

// ---------------------------------------------------------------- CRC-32

TEST(Crc32, ZlibCheckValue) {
  // The check value of the CRC-32/ISO-HDLC (zlib) catalogue entry.
  EXPECT_EQ(crc32("123456789", 9), 0xCBF43926u);
}

TEST(Crc32, EmptyInputIsZero) {
  // Preset 0xFFFFFFFF, no bytes, complemented: 0.
  EXPECT_EQ(crc32(nullptr, 0), 0u);
  EXPECT_EQ(Crc32().value(), 0u);
}

TEST(Crc32, ValuesFromPythonZlib) {
  // Computed with python3 -c "import zlib; print(hex(zlib.crc32(...)))"
  // while writing this test.
  std::vector<uint8_t> all_bytes(256);
  for (unsigned i = 0; i < 256; ++i) all_bytes[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(crc32(all_bytes.data(), all_bytes.size()), 0x29058c73u);  // bytes(range(256))
  const std::string fox = "The quick brown fox jumps over the lazy dog";
  EXPECT_EQ(crc32(fox.data(), fox.size()), 0x414fa339u);
  const uint8_t words[] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0};
  EXPECT_EQ(crc32(words, sizeof words), 0xa85a34a3u);
}

TEST(Crc32, IncrementalEqualsOneShot) {
  const std::string text = "The quick brown fox jumps over the lazy dog";
  for (size_t split = 0; split <= text.size(); ++split) {
    Crc32 crc;
    crc.update(text.data(), split);
    crc.update(text.data() + split, text.size() - split);
    EXPECT_EQ(crc.value(), 0x414fa339u) << "split at " << split;
  }
}

// ---------------------------------------------------------- surface files

TEST_F(TraceFiles, SurfaceFileRecords) {
  const std::string path = write("s.dat",
                                 "{\n"
                                 "# a comment\n"
                                 "{offset:0x0, size:4, payload:0x34 0x0c 0x3d 0x6d} ,\n"
                                 "\n"
                                 "{offset:16, size:2, payload:0xAB 0x5},\n"
                                 "  { offset: 010, size:0x1, payload:0xff },\n"
                                 "}\n"
                                 "# CRC = 0x12345678\n");
  const SurfaceFile file = read_surface_file(path);
  ASSERT_EQ(file.chunks.size(), 3u);
  EXPECT_EQ(file.chunks[0].offset, 0u);
  EXPECT_EQ(file.chunks[0].bytes, (std::vector<uint8_t>{0x34, 0x0c, 0x3d, 0x6d}));
  EXPECT_EQ(file.chunks[1].offset, 16u);  // decimal
  EXPECT_EQ(file.chunks[1].bytes, (std::vector<uint8_t>{0xab, 0x05}));
  EXPECT_EQ(file.chunks[2].offset, 8u);  // octal 010, as mem_core.svh reads a leading 0
  EXPECT_EQ(file.chunks[2].bytes, (std::vector<uint8_t>{0xff}));
  EXPECT_EQ(file.extent(), 18u);  // 16 + 2
}

TEST_F(TraceFiles, SurfaceFileErrorsNameFileAndLine) {
  const auto bad = [&](const std::string& line) {
    return error_of([&] { read_surface_file(write("bad.dat", "{\n" + line + "\n}\n")); });
  };
  const std::string p = (dir_ / "bad.dat").string();
  EXPECT_EQ(bad("{offset:0xZZ, size:1, payload:0x00},"), p + ":2: bad number '0xZZ' in offset");
  EXPECT_EQ(bad("{offset:0x0, size:two, payload:0x00},"), p + ":2: bad number 'two' in size");
  EXPECT_EQ(bad("{offset:0x0, size:2, payload:0x00 12},"), p + ":2: payload byte '12' is not 0xNN");
  EXPECT_EQ(bad("{offset:0x0, size:1, payload:0x100},"), p + ":2: payload byte '0x100' is not 0xNN");
  EXPECT_EQ(bad("{offset:0x0, size:3, payload:0x00 0x01},"), p + ":2: size 3 but 2 payload bytes");
  EXPECT_EQ(bad("{offset:0x0, size:1, payload:0x00 0x01},"), p + ":2: size 1 but 2 payload bytes");
  EXPECT_EQ(bad("{offset:0x0, size:1, payload:0x00"), p + ":2: record without its closing '}'");
  EXPECT_EQ(bad("{offset:0x0, payload:0x00},"), p + ":2: expected three parts offset, size, payload");
  EXPECT_EQ(bad("{addr:0x0, size:1, payload:0x00},"), p + ":2: expected 'offset:' but found 'addr:0x0'");
  EXPECT_EQ(bad("offset:0x0, size:1, payload:0x00"), p + ":2: expected a record {offset:N, size:N, payload:0xNN ...}");
  EXPECT_ERROR_HAS(read_surface_file((dir_ / "missing.dat").string()), "missing.dat: No such file or directory");
}

// ------------------------------------------------------------ memory dumps

std::string dump_line(unsigned first) {
  std::string line;
  char token[8];
  for (unsigned i = 0; i < 32; ++i) {
    std::snprintf(token, sizeof token, " 0x%02x", (first + i) & 0xFF);
    line += token;
  }
  return line;
}

TEST_F(TraceFiles, MemoryDumpSkipsHeadersAndStopsAfterSize) {
  // Header lines as in NVDLA's files, one line with a leading blank and one
  // without, then a line that is not even valid: it is past SIZE.
  const std::string path = write("d.dat", "dumped memory,start_address=0x80100000 size=0x1880\nW=0x8\n#BPE=0x1\n"
                                          "==============================\n\n" +
                                              dump_line(0) + "\n" + dump_line(32).substr(1) + " \nnot 0xdata\n0x12\n");
  const auto bytes = read_memory_dump(path, 40);
  ASSERT_EQ(bytes.size(), 40u);
  for (unsigned i = 0; i < 40; ++i) EXPECT_EQ(bytes[i], i) << i;
  EXPECT_EQ(read_memory_dump(path, 64).back(), 63);
  EXPECT_TRUE(read_memory_dump(path, 0).empty());
}

TEST_F(TraceFiles, MemoryDumpErrors) {
  const std::string p = (dir_ / "d.dat").string();
  EXPECT_ERROR(read_memory_dump(write("d.dat", "W=0x8\n" + dump_line(0) + "\n"), 33),
               p + ":2: the file ends after 32 of 33 bytes (0x21)");
  EXPECT_ERROR(read_memory_dump(write("d.dat", dump_line(0) + " 0x00\n"), 32),
               p + ":1: a data line holds 32 bytes, this one 33");
  std::string bad = dump_line(0);
  bad.replace(bad.size() - 4, 4, "0xzz");
  EXPECT_ERROR(read_memory_dump(write("d.dat", "H=8\n" + bad + "\n"), 32), p + ":2: byte '0xzz' is not 0xNN");
  bad = dump_line(0);
  bad.replace(bad.size() - 4, 4, " 0x5");
  EXPECT_ERROR(read_memory_dump(write("d.dat", bad + "\n"), 32), p + ":1: byte '0x5' is not 0xNN");
  EXPECT_ERROR_HAS(read_memory_dump((dir_ / "none.dat").string(), 4), "none.dat: No such file or directory");
}

TEST_F(TraceFiles, MemoryDumpWriteReadsBack) {
  std::vector<uint8_t> bytes(70);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(0xF0 - i);
  const std::string path = (dir_ / "out.dat").string();
  write_memory_dump(path, 0x80100000, bytes);
  EXPECT_EQ(read_memory_dump(path, bytes.size()), bytes);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  // 70 bytes: three data lines, the last padded to 32 tokens.
  EXPECT_EQ(read_memory_dump(path, 96).size(), 96u);
  EXPECT_ERROR_HAS(read_memory_dump(path, 97), ":4: the file ends after 96 of 97 bytes");
}

// ------------------------------------------------------------- .cfg traces

TEST_F(TraceFiles, CfgEveryCommandForm) {
  write("in.dat", "{offset:0x0, size:4, payload:0x01 0x02 0x03 0x04},\n{offset:0x4, size:4, payload:0x05 0x06 0x07 0x08},\n");
  const std::string path = write("t.cfg",
                                 "// header comment\n"
                                 "mem_init(pri_mem, 0x80000000, 0x100, ALL_ZERO);\n"
                                 "mem_init(1, 0x80001000, \"in.dat\", ADDR);  // size from the file\n"
                                 "mem_load(pri_mem, 0x80000000, \"in.dat\");\n"
                                 "mem_reserve(sec_mem, 0x50000000, 64);\n"
                                 "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1);\n"
                                 "reg_write(nvdla_glb.s_intr_mask_0,0);\n"
                                 "reg_read_check(NVDLA_SDP_RDMA.D_OP_ENABLE_0, 1);\n"
                                 "reg_read(NVDLA_PDP_RDMA.S_POINTER_0, sync_r);\n"
                                 "poll_reg_equal(NVDLA_SDP.S_STATUS_0, 0x5);\n"
                                 "sync_notify(NVDLA_PDP, sync_a);\n"
                                 "sync_wait(NVDLA_SDP, sync_a);\n"
                                 "intr_notify(pdp_1, sync_id_0);\n"
                                 "intr_notify(SDP_0, sync_id_1);\n"
                                 "check_crc(sync_id_0, 1, 0x80000000, 0x100, 0xcbf43926);\n"
                                 "check_nothing(sync_id_1);\n"
                                 "check_file(sync_id_0, sec_mem, 0x50000000, 8, \"in.dat\");\n"
                                 "mem_release(pri_mem, 0x80000000, sync_id_0);\n"
                                 "mem_init(pri_mem, 0x0, 4, RANDOM, sync_a);\n");
  const CfgTrace trace = read_cfg_trace(path, Config::NvLarge);
  ASSERT_EQ(trace.commands.size(), 18u);
  const auto& c = trace.commands;
  EXPECT_EQ(c[0].op, CfgOp::MemInit);
  EXPECT_EQ(c[0].where.line, 2u);
  EXPECT_EQ(c[0].where.file, path);
  EXPECT_EQ(c[0].base, 0x80000000u);
  EXPECT_EQ(c[0].size, 0x100u);
  EXPECT_EQ(c[0].pattern, MemPattern::AllZero);
  EXPECT_EQ(c[1].port, MemoryPort::Primary);  // the literal 1
  EXPECT_EQ(c[1].size, 8u);                   // extent of in.dat
  EXPECT_EQ(c[1].pattern, MemPattern::Addr);
  EXPECT_EQ(c[2].op, CfgOp::MemLoad);
  ASSERT_TRUE(c[2].surface);
  EXPECT_EQ(c[2].surface->chunks.size(), 2u);
  EXPECT_EQ(c[3].op, CfgOp::MemReserve);
  EXPECT_EQ(c[3].port, MemoryPort::Secondary);
  EXPECT_EQ(c[3].size, 64u);
  // Master map: PDP at 0xB000, D_OP_ENABLE at +0x008; GLB at 0x1000,
  // S_INTR_MASK at +0x004; SDP_RDMA at 0x8000, D_OP_ENABLE at +0x008;
  // PDP_RDMA at 0xA000, S_POINTER at +0x004; SDP at 0x9000, S_STATUS at +0x000.
  EXPECT_EQ(c[4].op, CfgOp::RegWrite);
  EXPECT_EQ(c[4].reg.address, 0xB008u);
  EXPECT_EQ(c[4].reg.unit, Unit::Pdp);
  EXPECT_EQ(c[4].reg.name, "PDP.D_OP_ENABLE");
  EXPECT_EQ(c[4].value, 1u);
  EXPECT_EQ(c[5].reg.address, 0x1004u);
  EXPECT_EQ(c[5].reg.name, "GLB.S_INTR_MASK");
  EXPECT_EQ(c[6].op, CfgOp::RegReadCheck);
  EXPECT_EQ(c[6].reg.address, 0x8008u);
  EXPECT_EQ(c[7].op, CfgOp::RegRead);
  EXPECT_EQ(c[7].reg.address, 0xA004u);
  EXPECT_EQ(c[7].event, "sync_r");
  EXPECT_EQ(c[8].op, CfgOp::PollRegEqual);
  EXPECT_EQ(c[8].reg.address, 0x9000u);
  EXPECT_EQ(c[8].value, 5u);
  EXPECT_EQ(c[9].op, CfgOp::SyncNotify);
  EXPECT_EQ(c[9].queue, "NVDLA_PDP");
  EXPECT_EQ(c[10].op, CfgOp::SyncWait);
  EXPECT_EQ(c[10].event, "sync_a");
  EXPECT_EQ(c[11].op, CfgOp::IntrNotify);
  EXPECT_EQ(c[11].interrupt.name(), "PDP_1");
  EXPECT_EQ(c[11].interrupt.status_bit(), 5u);  // GLB PDP_DONE_STATUS1
  EXPECT_EQ(c[12].interrupt.status_bit(), 0u);  // GLB SDP_DONE_STATUS0
  EXPECT_EQ(c[13].op, CfgOp::CheckCrc);
  EXPECT_EQ(c[13].event, "sync_id_0");
  EXPECT_EQ(c[13].value, 0xcbf43926u);
  EXPECT_EQ(c[14].op, CfgOp::CheckNothing);
  EXPECT_EQ(c[15].op, CfgOp::CheckFile);
  EXPECT_EQ(c[15].port, MemoryPort::Secondary);
  EXPECT_EQ(c[16].op, CfgOp::MemRelease);
  EXPECT_EQ(c[16].event, "sync_id_0");
  EXPECT_EQ(c[17].pattern, MemPattern::Random);
  EXPECT_EQ(c[17].event, "sync_a");
  EXPECT_EQ(c[17].where.line, 19u);
}

TEST_F(TraceFiles, CfgNvFullMapAddresses) {
  // nv_full map: PDP at 0xD000, GLB at 0x0000, BDMA at 0x4000 (CFG_OP +0x030).
  const std::string path = write("t.cfg",
                                 "reg_write(NVDLA_PDP.D_OP_ENABLE_0, 1);\n"
                                 "reg_write(NVDLA_GLB.S_INTR_STATUS_0, 0xffffffff);\n"
                                 "reg_write(NVDLA_BDMA.CFG_OP_0, 1);\n");
  const CfgTrace trace = read_cfg_trace(path, Config::NvFull);
  ASSERT_EQ(trace.commands.size(), 3u);
  EXPECT_EQ(trace.commands[0].reg.address, 0xD008u);
  EXPECT_EQ(trace.commands[1].reg.address, 0x000Cu);
  EXPECT_EQ(trace.commands[2].reg.address, 0x4030u);
}

TEST_F(TraceFiles, CfgErrorsNameFileAndLine) {
  write("ok.dat", "{offset:0x0, size:1, payload:0x01},\n");
  write("broken.dat", "{offset:0x0, size:1, payload:0x01},\n{offset:0x1, size:1, payload:1},\n");
  const std::string p = (dir_ / "t.cfg").string();
  const auto error = [&](const std::string& line, Config config = Config::NvSmall) {
    return error_of([&] { read_cfg_trace(write("t.cfg", "// first\n\n" + line + "\n"), config); });
  };
  // Syntax.
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1)"), p + ":3: missing ';'");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1;"), p + ":3: missing ')'");
  EXPECT_EQ(error("reg_write((NVDLA_PDP.D_OP_ENABLE_0, 0x1));"), p + ":3: unbalanced '('");
  EXPECT_EQ(error("reg_write NVDLA_PDP.D_OP_ENABLE_0, 0x1;"), p + ":3: expected '(' after reg_write");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1); junk"), p + ":3: unexpected text after ';': 'junk'");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1));"), p + ":3: expected ';' after ')'");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, );"), p + ":3: empty argument");
  EXPECT_EQ(error("mem_load(pri_mem, 0x0, \"ok.dat);"), p + ":3: unterminated string");
  EXPECT_EQ(error("(1);"), p + ":3: expected a command, found '(1);'");
  EXPECT_EQ(error("reg_wirte(NVDLA_PDP.D_OP_ENABLE_0, 1);"), p + ":3: unknown command 'reg_wirte'");
  // Arguments.
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1, 2);"), p + ":3: reg_write takes 2 arguments, got 3");
  EXPECT_EQ(error("mem_load(pri_mem, 0x0);"), p + ":3: mem_load takes 3 to 4 arguments, got 2");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x1g);"), p + ":3: bad number '0x1g' for value");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE_0, 0x100000000);"), p + ":3: value 0x100000000 does not fit 32 bits");
  EXPECT_EQ(error("check_crc(id, pri_mem, 0x2, 0x10, 0x0);"), p + ":3: check_crc base 0x2 is not a multiple of 4");
  EXPECT_EQ(error("check_crc(id, pri_mem, 0x0, 0x11, 0x0);"), p + ":3: check_crc size 0x11 is not a multiple of 4");
  EXPECT_EQ(error("mem_init(pri_mem, 0x0, 0x10, ZEROS);"),
            p + ":3: unknown pattern 'ZEROS': expected ALL_ZERO, ONES, AFIVE, FIVEA, ADDR, RANDOM or X");
  EXPECT_EQ(error("mem_init(dram, 0x0, 0x10, ALL_ZERO);"), p + ":3: unknown memory 'dram': expected pri_mem, sec_mem or 1");
  EXPECT_EQ(error("mem_init(sec_mem, 0x0, 0x10, ALL_ZERO);"),
            p + ":3: sec_mem: nv_small has no secondary memory interface (CVIF)");
  EXPECT_EQ(error("mem_load(pri_mem, 0x0, ok.dat);"), p + ":3: expected a quoted file name, found 'ok.dat'");
  EXPECT_EQ(error("sync_notify(NVDLA_PDP, two words);"), p + ":3: bad sync id 'two words'");
  // Registers and units.
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_FOO_0, 1);"), p + ":3: unknown register NVDLA_PDP.D_FOO_0");
  EXPECT_EQ(error("reg_write(NVDLA_PDP.D_OP_ENABLE, 1);"),
            p + ":3: bad register name 'NVDLA_PDP.D_OP_ENABLE': the register name ends in _0");
  EXPECT_EQ(error("reg_write(PDP.D_OP_ENABLE_0, 1);"),
            p + ":3: bad register name 'PDP.D_OP_ENABLE_0': expected NVDLA_<UNIT>.<REG>_0");
  EXPECT_EQ(error("poll_reg_equal(NVDLA_RUBIK.S_STATUS_0, 1);"), p + ":3: unit RUBIK is not modelled: nv_small has no RUBIK");
  EXPECT_EQ(error("reg_write(NVDLA_GEC.D_OP_ENABLE_0, 1);"), p + ":3: unit GEC is not modelled");
  EXPECT_EQ(error("reg_write(NVDLA_RUBIK.D_OP_ENABLE_0, 1);"), p + ":3: unit RUBIK is not modelled: nv_small has no RUBIK");
  EXPECT_EQ(error("reg_write(NVDLA_BDMA.CFG_OP_0, 1);"), p + ":3: unit BDMA is not modelled: nv_small has no BDMA");
  EXPECT_EQ(error("reg_write(NVDLA_FOO.D_OP_ENABLE_0, 1);"), p + ":3: unknown unit FOO");
  // Interrupts.
  EXPECT_EQ(error("intr_notify(RUBIK_0, id);"), p + ":3: unit RUBIK is not modelled: nv_small has no RUBIK");
  EXPECT_EQ(error("intr_notify(FOO_0, id);"), p + ":3: unknown interrupt source FOO");
  EXPECT_EQ(error("intr_notify(BDMA_0, id);"), p + ":3: unit BDMA is not modelled: nv_small has no BDMA");
  EXPECT_EQ(error("intr_notify(FOO_0, id);"), p + ":3: unknown interrupt source FOO");
  EXPECT_EQ(error("intr_notify(PDP_2, id);"), p + ":3: bad interrupt 'PDP_2': expected <UNIT>_0 or <UNIT>_1");
  EXPECT_EQ(error("intr_notify(sync_id_0);"),
            p + ":3: intr_notify(sync_id) without an interrupt id is not supported: write intr_notify(UNIT_g, sync_id_0)");
  EXPECT_TRUE(error("intr_notify(BDMA_1, id);", Config::NvFull).empty());
  // Payload files.
  EXPECT_EQ(error("mem_load(pri_mem, 0x0, \"missing.dat\");"),
            p + ":3: mem_load: cannot read " + (dir_ / "missing.dat").string() + ": No such file or directory");
  EXPECT_EQ(error("mem_load(pri_mem, 0x0, \"broken.dat\");"),
            p + ":3: mem_load: " + (dir_ / "broken.dat").string() + ":2: payload byte '1' is not 0xNN");
  EXPECT_EQ(error("check_file(id, pri_mem, 0x0, 0, \"ok.dat\");"),
            p + ":3: check_file: ok.dat reaches offset 0x1, beyond size 0x0");
}

// ------------------------------------------------------------- .txn traces

TEST_F(TraceFiles, TxnCommandsAndAddresses) {
  write("mem.dat", "Data_size = 0x40\n" + dump_line(0) + "\n" + dump_line(32) + "\n");
  const std::string path = write("input.txn",
                                 "# load_mem(addr, offset,  file)\n"
                                 "write_reg 0xffff3406 0x6 #NVDLA_PDP.D_DATA_CUBE_OUT_WIDTH_0\n"
                                 "read_reg 0xffff100b 0xffffffe0 0x00000800 #NVDLA_BDMA.CFG_DST_SURF_0\n"
                                 "read_reg 0xffff0003 0x40 >= 0x40 7\n"
                                 "read_reg 0xffff3000 0x1 <= 0x0\n"
                                 "load_mem 0x80000000 0x40 mem.dat \n"
                                 "dump_mem 0x50000000 0x21 mem.dat\n"
                                 "\n"
                                 "wait\n");
  const TxnTrace trace = read_txn_trace(path, Config::NvFull);
  ASSERT_EQ(trace.commands.size(), 7u);
  const auto& c = trace.commands;
  // CSB byte address = (word address & 0xFFFF) << 2; nv_full unit windows:
  // 0xffff3406 -> 0xD018 (PDP D_DATA_CUBE_OUT_WIDTH), 0xffff100b -> 0x402C
  // (BDMA CFG_DST_SURF), 0xffff0003 -> 0x000C (GLB S_INTR_STATUS),
  // 0xffff3000 -> 0xC000 (PDP_RDMA S_STATUS).
  EXPECT_EQ(c[0].op, TxnOp::WriteReg);
  EXPECT_EQ(c[0].where.line, 2u);
  EXPECT_EQ(c[0].csb_address, 0xD018u);
  EXPECT_EQ(c[0].unit, Unit::Pdp);
  EXPECT_EQ(c[0].data, 6u);
  EXPECT_EQ(c[1].op, TxnOp::ReadReg);
  EXPECT_EQ(c[1].csb_address, 0x402Cu);
  EXPECT_EQ(c[1].unit, Unit::Bdma);
  EXPECT_EQ(c[1].mask, 0xffffffe0u);
  EXPECT_EQ(c[1].data, 0x800u);
  EXPECT_EQ(c[1].compare, TxnCompare::Equal);
  EXPECT_EQ(c[1].polls, 0u);
  EXPECT_EQ(c[2].csb_address, 0x000Cu);
  EXPECT_EQ(c[2].unit, Unit::Glb);
  EXPECT_EQ(c[2].compare, TxnCompare::GreaterEqual);
  EXPECT_EQ(c[2].polls, 7u);
  EXPECT_EQ(c[3].csb_address, 0xC000u);
  EXPECT_EQ(c[3].unit, Unit::PdpRdma);
  EXPECT_EQ(c[3].compare, TxnCompare::LessEqual);
  EXPECT_EQ(c[4].op, TxnOp::LoadMem);
  EXPECT_EQ(c[4].port, MemoryPort::Primary);
  ASSERT_EQ(c[4].bytes.size(), 0x40u);
  EXPECT_EQ(c[4].bytes[0x3f], 0x3f);
  EXPECT_EQ(c[5].op, TxnOp::DumpMem);
  EXPECT_EQ(c[5].port, MemoryPort::Secondary);  // top nibble 0x5: CVSRAM
  EXPECT_EQ(c[5].bytes.size(), 0x21u);
  EXPECT_EQ(c[5].file_name, "mem.dat");
  EXPECT_EQ(c[6].op, TxnOp::Wait);
  EXPECT_EQ(c[6].where.line, 9u);
  // No plusargs.txt: the conversion scripts' defaults.
  EXPECT_EQ(trace.plusargs.read_reg_poll_retries, 50000u);
  EXPECT_FALSE(trace.plusargs.continue_on_fail);
}

TEST(TxnCompareRule, MaskedComparisons) {
  EXPECT_TRUE(compare_holds(TxnCompare::Equal, 0x0101, 0x3, 0x1));  // 0x101 & 3 == 1
  EXPECT_FALSE(compare_holds(TxnCompare::Equal, 0x0102, 0x3, 0x1));
  EXPECT_TRUE(compare_holds(TxnCompare::Equal, 0xffffffff, 0x40, 0x40));
  EXPECT_TRUE(compare_holds(TxnCompare::LessEqual, 0x13, 0xf, 0x4));   // 3 <= 4
  EXPECT_FALSE(compare_holds(TxnCompare::LessEqual, 0x15, 0xf, 0x4));  // 5 > 4
  EXPECT_TRUE(compare_holds(TxnCompare::GreaterEqual, 0x5, 0xf, 0x5));
  EXPECT_FALSE(compare_holds(TxnCompare::GreaterEqual, 0x4, 0xf, 0x5));
}

TEST_F(TraceFiles, TxnErrorsNameFileAndLine) {
  write("short.dat", "W=0x8\n" + dump_line(0) + "\n");
  const std::string p = (dir_ / "input.txn").string();
  const auto error = [&](const std::string& line, Config config = Config::NvFull) {
    return error_of([&] { read_txn_trace(write("input.txn", "# comment\n" + line + "\n"), config); });
  };
  EXPECT_EQ(error("write_reg 0xffff3406"), p + ":2: write_reg takes 2 arguments, got 1");
  EXPECT_EQ(error("read_reg 0xffff3406 0x1"), p + ":2: read_reg takes 3 to 5 arguments, got 2");
  EXPECT_EQ(error("wait now"), p + ":2: wait takes 0 arguments, got 1");
  EXPECT_EQ(error("write_reg 3406 0x6"), p + ":2: bad ADDR '3406': expected 0x<hex>");
  EXPECT_EQ(error("write_reg 0xffff3406 0x1ffffffff"), p + ":2: DATA 0x1ffffffff does not fit 32 bits");
  EXPECT_EQ(error("read_reg 0xffff3406 0x1 != 0x1"), p + ":2: bad comparison '!=': expected ==, <= or >=");
  EXPECT_EQ(error("read_reg 0xffff3406 0x1 == 0x1 0"), p + ":2: bad NPOLLS '0': expected 1 to 65535");
  EXPECT_EQ(error("write_mem 0x80000000 0xffff 0x0"),
            p + ":2: write_mem is not supported (NVDLA's own trace converters leave it unimplemented)");
  EXPECT_EQ(error("poke 0x0"), p + ":2: unknown command 'poke'");
  // Units this project does not model, named from the nv_full map:
  // word 0x0800 -> byte 0x2000 (MCIF), 0x0c00 -> 0x3000 (CVIF), 0x0400 -> 0x1000 (GEC).
  EXPECT_EQ(error("write_reg 0xffff0800 0x1"), p + ":2: unit MCIF is not modelled (trace address 0xffff0800)");
  EXPECT_EQ(error("read_reg 0xffff0c00 0x1 0x1"), p + ":2: unit CVIF is not modelled (trace address 0xffff0c00)");
  EXPECT_EQ(error("write_reg 0xffff0400 0x1"), p + ":2: unit GEC is not modelled (trace address 0xffff0400)");
  // Master map: word 0x4400 -> byte 0x11000, Rubik's window, compiled out.
  EXPECT_EQ(error("write_reg 0xffff4400 0x1", Config::NvSmall),
            p + ":2: unit RUBIK is not modelled: nv_small has no RUBIK (trace address 0xffff4400)");
  // Master map: word 0x4000 -> byte 0x10000, BDMA's window, compiled out.
  EXPECT_EQ(error("write_reg 0xffff4000 0x1", Config::NvSmall),
            p + ":2: unit BDMA is not modelled: nv_small has no BDMA (trace address 0xffff4000)");
  EXPECT_EQ(error("write_reg 0xfffff000 0x1"),
            p + ":2: no NVDLA unit at CSB address 0x3c000 (trace address 0xfffff000)");
  // Data files.
  EXPECT_EQ(error("load_mem 0x80000000 0x40 short.dat"),
            p + ":2: load_mem: " + (dir_ / "short.dat").string() + ":2: the file ends after 32 of 64 bytes (0x40)");
  EXPECT_EQ(error("dump_mem 0x80000000 0x20 gone.dat"),
            p + ":2: dump_mem: cannot read " + (dir_ / "gone.dat").string() + ": No such file or directory");
  EXPECT_EQ(error("load_mem 0x80000000 20 short.dat"), p + ":2: bad SIZE '20': expected 0x<hex>");
  EXPECT_EQ(error("load_mem 0x50000000 0x20 short.dat", Config::NvSmall),
            p + ":2: address 0x50000000 is CVSRAM, but nv_small has no secondary memory interface (CVIF)");
}

TEST_F(TraceFiles, Plusargs) {
  write("input.txn", "wait\n");
  write("plusargs.txt", "+read_reg_poll_retries=10 +continue_on_fail\n+ntb_random_seed=1 +nobanner\n");
  const TxnTrace trace = read_txn_trace((dir_ / "input.txn").string(), Config::NvFull);
  EXPECT_EQ(trace.plusargs.read_reg_poll_retries, 10u);
  EXPECT_TRUE(trace.plusargs.continue_on_fail);

  const std::string p = (dir_ / "plusargs.txt").string();
  write("plusargs.txt", "+continue_on_fail\n+read_reg_poll_retries=ten\n");
  EXPECT_ERROR(read_txn_trace((dir_ / "input.txn").string(), Config::NvFull),
               p + ":2: bad +read_reg_poll_retries=ten: expected a count of at least 1");
  write("plusargs.txt", "continue_on_fail\n");
  EXPECT_ERROR(read_txn_trace((dir_ / "input.txn").string(), Config::NvFull),
               p + ":1: 'continue_on_fail' is not a plusarg (+name or +name=value)");
}

// ----------------------------------------------- NVDLA's conformance traces

fs::path conformance_dir() { return acosim::nvdla::test::conformance_root(); }

// Skips the test where NVDLA's trace tests are not available (fails it
// under CI=true).
#define REQUIRE_CONFORMANCE() ACOSIM_REQUIRE_NVDLA_CONFORMANCE(conformance_dir())

// The check_crc of every master trace of the modelled units, read from the
// traces.
struct CrcCheck {
  const char* config;
  const char* test;
  uint64_t base, size;
  uint32_t crc;
  unsigned pdp_interrupts, sdp_interrupts, cdp_interrupts;  // intr_notify(PDP_0 / SDP_0 / CDP_0, ...) lines
  unsigned conv_interrupts = 0;  // intr_notify(CACC_0 / CDMA_DAT_0 / CDMA_WT_0, ...) lines
  bool secondary = false;  // check_crc on sec_mem (CVIF)
};
constexpr CrcCheck kCrcChecks[] = {
    {"nv_small", "pdp_12x9x19_8x3_ave_int8_0", 0x80000000, 0x1E6C0, 0x388f5f72, 1, 0, 0},
    {"nv_small", "pdp_16x6x16_4x2_split_max_int8_0", 0x80000080, 0x114C0, 0xf0ca2c1b, 1, 0, 0},
    {"nv_small", "pdp_1x1x1_3x3_ave_int8_0", 0x80000120, 0x26C0, 0xafff270d, 1, 0, 0},
    {"nv_small", "pdp_1x3x8_8x8_ave_int8_0", 0x800001E0, 0x26C0, 0xad5a0fc3, 1, 0, 0},
    {"nv_small", "pdp_24x16x1_8x8_ave_int8_0", 0x80000000, 0x10340, 0x0f7aee8d, 1, 0, 0},
    {"nv_small", "pdp_28x28x8_2x2_max_int8_0", 0x80000120, 0x11160, 0x80012571, 1, 0, 0},
    {"nv_small", "pdp_5x7x8_4x1_split_max_int8_0", 0x80000000, 0x8C00, 0x45faa00d, 1, 0, 0},
    {"nv_small", "pdp_7x9x10_3x3_int8", 0x80000000, 0x6140, 0x3e993ffa, 1, 0, 0},
    {"nv_small", "pdp_8x8x32_1x1_int8_0", 0x80080000, 0x800, 0xf1e8ba9e, 1, 0, 0},
    {"nv_small", "pdp_8x8x32_1x1_int8_1", 0x80080000, 0x800, 0x9f5edd58, 1, 0, 0},
    {"nv_small", "pdp_8x8x64_2x2_ave_int8_0", 0x80100000, 0x1000, 0xbad56856, 1, 0, 0},
    {"nv_small", "pdp_8x8x64_2x2_int8", 0x80100000, 0x1000, 0x33d91a71, 1, 0, 0},
    {"nv_small", "pdp_8x8x64_2x2_min_int8_0", 0x80100000, 0x1000, 0x36d2200e, 1, 0, 0},
    {"nv_small", "pdp_8x9x19_3x3_ave_int8_0", 0x80000000, 0x1E6C0, 0x5ac59418, 1, 0, 0},
    {"nv_small", "pdp_8x9x19_3x3_ave_int8_1", 0x80000000, 0x24000, 0x36ca65e7, 1, 0, 0},
    {"nv_small", "sdp_pdp_32x16x32_pass_through_int8_0", 0x80800000, 0x4000, 0x19997af2, 1, 1, 0},
    {"nv_large", "pdp_3x3x33_2x2_ave_int8_0", 0x80001420, 0x9E80, 0x4e029f82, 1, 1, 0},
    {"nv_large", "pdp_8x8x32_1x1_max_int8_0", 0x80080000, 0x800, 0x9f5edd58, 1, 0, 0},
    {"nv_large", "pdp_passthrough_8x8x32_pack_all_zero_int8", 0x80080000, 0x800, 0xf1e8ba9e, 1, 0, 0},
    {"nv_large", "pdp_passthrough_8x8x32_pack_inc_int8", 0x80080000, 0x800, 0x9f5edd58, 1, 0, 0},
    {"nv_small", "sdp_1x1x1_pass_through_int8", 0x90000040, 0x8, 0xcb0ea2db, 0, 1, 0},
    {"nv_small", "sdp_1x1x8_pass_through_int8_0", 0x90000040, 0x8, 0xcb0ea2db, 0, 1, 0},
    {"nv_small", "sdp_1x8192x1_pass_through_int8_0", 0x90000000, 0x3C0180, 0x46fa65c1, 0, 1, 0},
    {"nv_small", "sdp_23x13x42_bs_int8_mem_0", 0xA0000000, 0x11400, 0x07a0b0d3, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bn_int8_mem_0", 0xA0000040, 0x1400, 0xf480b323, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bn_int8_reg_0", 0x900001C0, 0xF00, 0xb81f461a, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bn_int8_reg_1", 0x900001C0, 0xF00, 0x51a9869b, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bn_int8_reg_2", 0x900001C0, 0xF00, 0xf4c36239, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bs_bn_int8_0", 0x900001C0, 0xF00, 0x44d46c92, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bs_bn_int8_1", 0x900001C0, 0xF00, 0xdb8d3a94, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bs_int8_reg_0", 0x900001C0, 0xF00, 0x87c9168e, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_bs_int8_reg_1", 0x900001C0, 0xF00, 0xb884ff1a, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_ew_int8_reg_0", 0x900001C0, 0xF00, 0x9858835a, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_ew_le_exp_int8", 0x900001C0, 0xF00, 0x3347874c, 0, 1, 0},
    {"nv_small", "sdp_3x3x33_ew_le_lin_int8", 0x900001C0, 0xF00, 0x4dd84f2e, 0, 1, 0},
    {"nv_small", "sdp_4x22x42_bypass_int8", 0x90000120, 0x1080, 0xbf9c6048, 0, 1, 0},
    {"nv_small", "sdp_5x24x18_bs_int8_mem_0", 0xA0000000, 0x7620, 0xb5aca836, 0, 1, 0},
    {"nv_small", "sdp_8192x1x1_pass_through_int8_0", 0x90000140, 0x401E0, 0x447cc3c4, 0, 1, 0},
    {"nv_small", "sdp_8x8x32_bypass_int8_0", 0x80080000, 0x800, 0xf1e8ba9e, 0, 1, 0},
    {"nv_small", "sdp_8x8x32_bypass_int8_1", 0x80080000, 0x800, 0x9f5edd58, 0, 1, 0},
    {"nv_large", "sdp_13x4x29_ew_lut_int8", 0x82000060, 0xDE0, 0xd4993221, 0, 1, 0},
    {"nv_large", "sdp_passthrough_8x8x32_pack_all_zero_int8", 0x80080000, 0x800, 0xf1e8ba9e, 0, 1, 0},
    {"nv_large", "sdp_passthrough_8x8x32_pack_inc_int8", 0x80080000, 0x800, 0x9f5edd58, 0, 1, 0},
    {"nv_small", "cdp_1x1x1_lrn3_int8_0", 0x80000020, 0x800, 0xf1e8ba9e, 0, 0, 1},
    {"nv_small", "cdp_33x17x34_lrn5_int8_0", 0x80800060, 0x15EA0, 0x732465fe, 0, 0, 1},
    {"nv_small", "cdp_8x8x32_lrn3_int8_0", 0x80080000, 0x800, 0xf1e8ba9e, 0, 0, 1},
    {"nv_small", "cdp_8x8x32_lrn3_int8_1", 0x80080000, 0x800, 0x9f5edd58, 0, 0, 1},
    {"nv_small", "cdp_8x8x32_lrn3_int8_2", 0x80000060, 0x867900, 0x1c5c80c2, 0, 0, 1},
    {"nv_small", "cdp_8x8x32_lrn5_int8_0", 0x80000020, 0x2000, 0xed646fa9, 0, 0, 1},
    {"nv_small", "cdp_8x8x32_lrn7_int8_0", 0x80000020, 0x2000, 0x21f0b858, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_0", 0x90000000, 0x1000, 0xfbb9c78c, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_1", 0x90000000, 0x1000, 0x170080e8, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_10", 0x80000060, 0x1000, 0xb09aac71, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_11", 0x80000060, 0x1000, 0xfdd37fe5, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_12", 0x80000060, 0x1000, 0x9492a69c, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_2", 0x90000000, 0x1000, 0x556ea326, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_3", 0x90000000, 0x1000, 0xb4ebc953, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_4", 0x90000000, 0x1000, 0xad87aeaf, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_5", 0x90000000, 0x1000, 0xfa662a0b, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_7", 0x80000060, 0x1000, 0x725e5c67, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_8", 0x80000060, 0x1000, 0x1e248dd1, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn3_int8_9", 0x80000060, 0x1000, 0xb8886ed0, 0, 0, 1},
    {"nv_small", "cdp_8x8x64_lrn9_int8", 0x90000000, 0x1000, 0x1a232a09, 0, 0, 1},
    {"nv_large", "cdp_8x8x64_lrn9_int8_0", 0x50000000, 0x4000, 0xb46c4f4c, 0, 0, 1, 0, true},
    {"nv_large", "cdp_passthrough_8x8x32_pack_inc_int8", 0x80080000, 0x800, 0x9f5edd58, 0, 0, 1},
    {"nv_small", "dc_13x15x64_5x3x64x16_int8_0", 0x90000000, 0x1500, 0x8c467827, 0, 1, 0, 0},
    {"nv_small", "dc_14x7x49_3x4x49x32_int8_0", 0x800001A0, 0x2A00, 0x6f902382, 0, 1, 0, 0},
    {"nv_small", "dc_24x33x55_5x5x55x25_int8_0", 0x80000000, 0x6000, 0x3d870ff3, 0, 1, 0, 0},
    {"nv_small", "dc_32x26x76_6x3x76x16_int8_0", 0x80200020, 0x4880, 0xcc4be8f7, 0, 1, 0, 0},
    {"nv_small", "dc_35x22x54_6x8x54x29_int8_0", 0x80000000, 0x24000, 0xab710c39, 0, 1, 0, 0},
    {"nv_small", "dc_4x1x8192_1x1x8192x1_int8_0", 0xA0000120, 0x160, 0x2cb4a4cf, 0, 1, 0, 0},
    {"nv_small", "dc_6x8x192_3x3x192x32_int8_0", 0x80000000, 0x1000, 0xee3e1e0c, 0, 1, 0, 0},
    {"nv_small", "dc_8192x1x1_2x3x1x41_int8_0", 0xA0000000, 0xC0E40, 0x8d6abbb0, 0, 1, 0, 0},
    {"nv_small", "dc_8x16x128_3x3x128x32_int8", 0x80000120, 0x2100, 0xea88655a, 0, 1, 0, 0},
    {"nv_small", "dc_8x8x36_4x4x36x16_dilation_int8_0", 0xA0000000, 0x500, 0xbdfa62b8, 0, 1, 0, 0},
    {"nv_large", "dc_8x16x128_3x3x128x32_int8", 0x80000120, 0x2100, 0xa0bd94a4, 0, 1, 0, 0},
    {"nv_large", "dc_8x8x32_1x1x32x32_int8_0", 0x80080000, 0x800, 0xf1e8ba9e, 0, 1, 0, 3},
};

TEST(ConformanceTraces, EveryMasterTraceParses) {
  REQUIRE_CONFORMANCE();
  unsigned traces = 0;
  for (const auto& expected : kCrcChecks) {
    SCOPED_TRACE(expected.test);
    const fs::path folder = conformance_dir() / expected.config / expected.test;
    const fs::path cfg = folder / (std::string(expected.test) + ".cfg");
    const CfgTrace trace = read_cfg_trace(cfg.string(), *parse_config(expected.config));
    unsigned crc_checks = 0, pdp = 0, sdp = 0, cdp = 0, conv = 0, loads = 0;
    for (const auto& c : trace.commands) {
      if (c.op == CfgOp::CheckCrc) {
        ++crc_checks;
        EXPECT_EQ(c.port, expected.secondary ? MemoryPort::Secondary : MemoryPort::Primary);
        EXPECT_EQ(c.base, expected.base);
        EXPECT_EQ(c.size, expected.size);
        EXPECT_EQ(c.value, expected.crc);
      }
      if (c.op == CfgOp::IntrNotify) {
        const std::string& source = c.interrupt.source;
        (source == "PDP" ? pdp : source == "CDP" ? cdp : source == "SDP" ? sdp : conv) += 1;
      }
      if (c.op == CfgOp::MemLoad) {
        ++loads;
        EXPECT_FALSE(c.surface->chunks.empty());
      }
    }
    EXPECT_EQ(crc_checks, 1u);
    EXPECT_EQ(pdp, expected.pdp_interrupts);
    EXPECT_EQ(sdp, expected.sdp_interrupts);
    EXPECT_EQ(cdp, expected.cdp_interrupts);
    EXPECT_EQ(conv, expected.conv_interrupts);
    EXPECT_GE(loads, 1u);
    ++traces;
  }
  EXPECT_EQ(traces, 77u);
}

TEST(ConformanceTraces, NoOtherMasterTraces) {
  REQUIRE_CONFORMANCE();
  // Every .cfg of the set is one of the table's, so the test above saw them
  // all, or a trace of units not modelled yet.
  for (const char* config : {"nv_small", "nv_large"}) {
    for (const auto& entry : fs::directory_iterator(conformance_dir() / config)) {
      bool listed = false;
      for (const auto& expected : kCrcChecks) {
        listed = listed || (entry.path().filename() == expected.test && std::string(config) == expected.config);
      }
      EXPECT_TRUE(listed) << entry.path();
    }
  }
}

TEST(ConformanceTraces, EverySurfaceFileParses) {
  REQUIRE_CONFORMANCE();
  unsigned files = 0;
  for (const char* config : {"nv_small", "nv_large"}) {
    for (const auto& entry : fs::recursive_directory_iterator(conformance_dir() / config)) {
      const auto ext = entry.path().extension();
      if (ext != ".dat" && ext != ".mem") continue;
      SCOPED_TRACE(entry.path().string());
      const SurfaceFile file = read_surface_file(entry.path().string());
      EXPECT_FALSE(file.chunks.empty());
      ++files;
    }
  }
  EXPECT_GT(files, 20u);
  // An 8x8x32 int8 cube packed: 8*8*32 = 2048 bytes.
  EXPECT_EQ(read_surface_file((conformance_dir() / "nv_small/pdp_8x8x32_1x1_int8_1/PDP_0_input.dat").string()).extent(),
            0x800u);
  // The .mem of the SDP->PDP trace is a copy of its .dat.
  const fs::path sdp = conformance_dir() / "nv_small/sdp_pdp_32x16x32_pass_through_int8_0";
  const SurfaceFile dat = read_surface_file((sdp / "sdp_pdp_32x16x32_pass_through_int8_0.dat").string());
  const SurfaceFile mem = read_surface_file((sdp / "sdp_pdp_32x16x32_pass_through_int8_0.mem").string());
  ASSERT_EQ(dat.chunks.size(), mem.chunks.size());
  for (size_t i = 0; i < dat.chunks.size(); ++i) {
    EXPECT_EQ(dat.chunks[i].offset, mem.chunks[i].offset);
    EXPECT_EQ(dat.chunks[i].bytes, mem.chunks[i].bytes);
  }
  EXPECT_EQ(dat.extent(), 0x4000u);  // 32x16x32 int8
}

TEST(ConformanceTraces, EveryTxnTraceParses) {
  REQUIRE_CONFORMANCE();
  // read_reg counts from the conformance set's README.
  struct Expected {
    const char* test;
    unsigned read_regs, waits, dumps;
    unsigned retries;
    bool continue_on_fail;
  };
  constexpr Expected kTraces[] = {
      {"sanity0", 2, 0, 0, 10, true},          {"sanity1", 15, 0, 0, 100000, true},
      {"sanity1_cvsram", 15, 0, 0, 100000, true}, {"sanity2", 14, 1, 0, 100000, true},
      {"sanity2_cvsram", 14, 1, 0, 100000, true}, {"pdp_max_pooling_int16", 36, 1, 1, 50000, false},
  };
  for (const auto& expected : kTraces) {
    SCOPED_TRACE(expected.test);
    const TxnTrace trace =
        read_txn_trace((conformance_dir() / "nv_full_traceplayer" / expected.test / "input.txn").string(), Config::NvFull);
    unsigned reads = 0, waits = 0, dumps = 0;
    for (const auto& c : trace.commands) {
      reads += c.op == TxnOp::ReadReg;
      waits += c.op == TxnOp::Wait;
      dumps += c.op == TxnOp::DumpMem;
      if (c.op == TxnOp::LoadMem || c.op == TxnOp::DumpMem) {
        const bool cvsram = std::string(expected.test).find("cvsram") != std::string::npos;
        EXPECT_EQ(c.port, cvsram ? MemoryPort::Secondary : MemoryPort::Primary);
      }
    }
    EXPECT_EQ(reads, expected.read_regs);
    EXPECT_EQ(waits, expected.waits);
    EXPECT_EQ(dumps, expected.dumps);
    EXPECT_EQ(trace.plusargs.read_reg_poll_retries, expected.retries);
    EXPECT_EQ(trace.plusargs.continue_on_fail, expected.continue_on_fail);
  }
}

TEST(ConformanceTraces, MemoryDumpContents) {
  REQUIRE_CONFORMANCE();
  const fs::path full = conformance_dir() / "nv_full_traceplayer";
  // First data bytes as they stand in the files.
  const auto surf = read_memory_dump((full / "sanity1/sample_surf.dat").string(), 0x1000);
  ASSERT_EQ(surf.size(), 0x1000u);
  EXPECT_EQ(surf[0], 0xce);
  EXPECT_EQ(surf[1], 0xe4);
  const auto golden = read_memory_dump((full / "pdp_max_pooling_int16/output_feature_map.dat").string(), 0x1880);
  ASSERT_EQ(golden.size(), 0x1880u);
  EXPECT_EQ(golden[0], 0x11);
  EXPECT_EQ(golden[1], 0x20);
  EXPECT_EQ(golden[0x1f], 0x2f);
  EXPECT_EQ(golden[0x20], 0x21);  // second line starts 0x21 0x20
  // The golden dump holds exactly 0x1880 bytes (196 lines).
  EXPECT_ERROR_HAS(read_memory_dump((full / "pdp_max_pooling_int16/output_feature_map.dat").string(), 0x1881),
                   "the file ends after 6272 of 6273 bytes");
}

}  // namespace
}  // namespace acosim::nvdla::trace
