// TLM-side state of the Tensil TCU, carried into the array's VCD file
// (systemc/tensil/waves.h). The module has no logic to simulate: its inputs
// are set by the wave writer at each observed cycle and appear in the VCD
// under the tcu_observer scope, next to the Verilated array, together with
// a few decoded signals that make the waves easier to read. Tensil sources:
// zynq/tcu/AXIWrapperTCU.scala (instruction ingress), tcu/Decoder.scala
// (program counter, tracepoint and timeout flags), tcu/Sampler.scala (the
// sample stream) and axi/Converter.scala (DRAM masters).
// Every input is there to be seen in the waves, not to drive logic.
/* verilator lint_off UNUSEDSIGNAL */
module tcu_observer (
    input logic [31:0] program_counter,
    input logic        instruction_valid,
    input logic        instruction_ready,
    input logic [ 3:0] opcode,
    input logic        dram0_read,
    input logic        dram0_write,
    input logic        dram1_read,
    input logic        dram1_write,
    input logic        tracepoint,
    input logic        timeout,
    input logic        sample_valid,
    input logic        sample_last,
    input logic [47:0] sample
);
  // Read only by the wave viewer.
  logic        instruction_dispatched;  // handshake of the instruction queue head
  logic        instruction_stalled;     // the head waits for a busy unit
  logic [ 3:0] dispatched_opcode;       // opcode while dispatched, else 0
  logic        dram0_busy;
  logic        dram1_busy;

  assign instruction_dispatched = instruction_valid & instruction_ready;
  assign instruction_stalled    = instruction_valid & ~instruction_ready;
  assign dispatched_opcode      = instruction_dispatched ? opcode : 4'h0;
  assign dram0_busy             = dram0_read | dram0_write;
  assign dram1_busy             = dram1_read | dram1_write;
endmodule
/* verilator lint_on UNUSEDSIGNAL */
