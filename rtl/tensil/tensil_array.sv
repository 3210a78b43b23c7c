// Weight-stationary systolic array of the Tensil TCU: SIZE x SIZE processing
// elements (tensil_mac) plus a row of bias registers.
//
// Behaviour followed (Tensil rtl/src/main/scala/tensil/tcu/):
// - dataflow, as in Tensil's InnerSystolicArray.scala: PE(i,j) multiplies input
//   element j by the weight it holds for output lane i and adds the partial
//   sum of PE(i,j-1); PE(i,0) starts from bias register i. Output lane i is
//   therefore the sequential chain bias, x[0], ..., x[SIZE-1], each step
//   rounded and saturated (macFixedPoint, in tensil_mac).
// - LoadWeights (SystolicArray.scala): the weight store is a shift register. A loaded vector
//   enters the bias registers, the bias registers move into PE column 0 and
//   column j into column j+1; column SIZE-1's weights fall off. The first of
//   SIZE+1 loaded vectors thus ends in the last column, the last one in the
//   bias registers. All weights reset to zero.
// - zeroes: a run with control_zeroes streams a zero vector without
//   using input_lanes (the result is the bias row); a load with
//   control_zeroes shifts in a zero row.
// - timing (SystolicArray.scala, InnerSystolicArray.scala): input element j is delayed j cycles on entry (skew), output
//   lane i is delayed SIZE-1-i cycles on exit (de-skew), so the result of a
//   vector accepted in cycle t is presented, with output_valid, in cycle
//   t + 2*SIZE - 1; one vector per cycle streams back to back. A load is held
//   off (control_ready low) until 2*SIZE-1 cycles have passed since the last
//   accepted run, i.e. until no input is left inside the PEs, so loading and
//   computing never overlap. Runs are always accepted.
// - The PEs are free running, as in Tensil: they compute every cycle and only
//   output_valid tells which outputs belong to an accepted vector.
module tensil_array #(
    parameter int SIZE = 8,
    parameter int WIDTH = 16,
    parameter int BINARY_POINT = 8
) (
    input  logic                    clock,
    input  logic                    reset,
    // One command per cycle: a run (control_load low) streams input_lanes as
    // one input vector, a load (control_load high) shifts input_lanes into the
    // weight store. control_zeroes replaces input_lanes by zeroes.
    input  logic                    control_valid,
    input  logic                    control_load,
    input  logic                    control_zeroes,
    output logic                    control_ready,
    input  logic signed [WIDTH-1:0] input_lanes [SIZE],
    output logic                    output_valid,
    output logic signed [WIDTH-1:0] output_lanes[SIZE]
);
  localparam int Latency = 2 * SIZE - 1;

  logic run_accepted;
  logic load_accepted;
  logic busy;  // an accepted input vector is still inside the PEs

  // Valid bit of every accepted run, delayed by the array latency.
  logic [Latency-1:0] valid_delay;

  logic signed [WIDTH-1:0] edge_lanes[SIZE];
  logic signed [WIDTH-1:0] bias[SIZE];

  // Signals between PEs: data_down[i][j] enters PE(i,j) from above,
  // weight_right[i][j] / sum_right[i][j] leave PE(i,j) to the right. The
  // last row's data and the last column's weights leave the array unused.
  /* verilator lint_off UNUSEDSIGNAL */
  logic signed [WIDTH-1:0] data_down   [SIZE+1][SIZE];
  logic signed [WIDTH-1:0] weight_right[SIZE][SIZE];
  /* verilator lint_on UNUSEDSIGNAL */
  logic signed [WIDTH-1:0] sum_right   [SIZE][SIZE];

  assign run_accepted  = control_valid & ~control_load;
  assign load_accepted = control_valid & control_load & ~busy;
  assign control_ready = ~control_load | ~busy;
  assign output_valid  = valid_delay[Latency-1];

  generate
    if (Latency > 1) begin : g_busy
      assign busy = |valid_delay[Latency-2:0];
    end else begin : g_never_busy
      // A 1x1 array has used its input by the end of the accepting cycle.
      assign busy = 1'b0;
    end
  endgenerate

  generate
    if (Latency > 1) begin : g_valid_shift
      always_ff @(posedge clock) begin
        if (reset) valid_delay <= '0;
        else valid_delay <= {valid_delay[Latency-2:0], run_accepted};
      end
    end else begin : g_valid_register
      always_ff @(posedge clock) begin
        if (reset) valid_delay <= '0;
        else valid_delay <= run_accepted;
      end
    end
  endgenerate

  for (genvar lane = 0; lane < SIZE; lane++) begin : g_lane
    // A run's input vector, or zero while no run is accepted.
    assign edge_lanes[lane] = (run_accepted && !control_zeroes) ? input_lanes[lane] : '0;

    // Bias register of output lane `lane`: takes the newest loaded vector.
    always_ff @(posedge clock) begin
      if (reset) bias[lane] <= '0;
      else if (load_accepted) bias[lane] <= control_zeroes ? '0 : input_lanes[lane];
    end

    // Input skew: element `lane` waits `lane` cycles before entering row 0.
    if (lane == 0) begin : g_no_skew
      assign data_down[0][lane] = edge_lanes[lane];
    end else begin : g_skew
      logic signed [WIDTH-1:0] skew[lane];
      always_ff @(posedge clock) begin
        if (reset) begin
          for (int k = 0; k < lane; k++) skew[k] <= '0;
        end else begin
          skew[0] <= edge_lanes[lane];
          for (int k = 1; k < lane; k++) skew[k] <= skew[k-1];
        end
      end
      assign data_down[0][lane] = skew[lane-1];
    end

    // Output de-skew: lane `lane` waits SIZE-1-lane cycles on exit, so all
    // lanes of one result leave together.
    if (lane == SIZE - 1) begin : g_no_deskew
      assign output_lanes[lane] = sum_right[lane][SIZE-1];
    end else begin : g_deskew
      logic signed [WIDTH-1:0] deskew[SIZE-1-lane];
      always_ff @(posedge clock) begin
        if (reset) begin
          for (int k = 0; k < SIZE - 1 - lane; k++) deskew[k] <= '0;
        end else begin
          deskew[0] <= sum_right[lane][SIZE-1];
          for (int k = 1; k < SIZE - 1 - lane; k++) deskew[k] <= deskew[k-1];
        end
      end
      assign output_lanes[lane] = deskew[SIZE-2-lane];
    end
  end

  for (genvar row = 0; row < SIZE; row++) begin : g_row
    for (genvar column = 0; column < SIZE; column++) begin : g_column
      tensil_mac #(
          .WIDTH(WIDTH),
          .BINARY_POINT(BINARY_POINT)
      ) pe (
          .clock    (clock),
          .reset    (reset),
          .load     (load_accepted),
          .weight_in(column == 0 ? bias[row] : weight_right[row][column-1]),
          .weight   (weight_right[row][column]),
          .data_in  (data_down[row][column]),
          .data_out (data_down[row+1][column]),
          .sum_in   (column == 0 ? bias[row] : sum_right[row][column-1]),
          .sum_out  (sum_right[row][column])
      );
    end
  end
endmodule
