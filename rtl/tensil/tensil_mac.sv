// Processing element (PE) of the Tensil systolic array.
//
// Tensil's macFixedPoint (rtl/src/main/scala/tensil/util/package.scala) and
// tcu/MAC.scala, InnerSystolicArray.scala (dataflow): the PE holds one
// weight, passes its input element on to the PE below through one register,
// and registers MAC(input, weight, partial sum) for the PE to its right.
//
// MAC, bit-exact with macFixedPoint, for raw two's-complement operands of
// WIDTH bits with BINARY_POINT fractional bits:
//   m      = input * weight + partial_sum * 2^BINARY_POINT   (exact, wide)
//   q      = m >>> BINARY_POINT                             (floor)
//   round  = m[BP-1] & (m[BP] | (|m[BP-2:0]))                (half to even,
//            decided on the whole sum, not on the product alone)
//   result = saturate to WIDTH bits (q + round)
// There is no guard bit anywhere: every step saturates back to WIDTH bits
// (every Tensil datapath has exactly the data type's width).
module tensil_mac #(
    parameter int WIDTH = 16,
    parameter int BINARY_POINT = 8
) (
    input  logic                    clock,
    input  logic                    reset,
    // Shift the weight column by one (LoadWeights, Tensil's SystolicArray.scala): the PE
    // takes the weight of the PE to its left (the bias register for column 0).
    input  logic                    load,
    input  logic signed [WIDTH-1:0] weight_in,
    output logic signed [WIDTH-1:0] weight,
    // Input element travelling down the column, one register per PE.
    input  logic signed [WIDTH-1:0] data_in,
    output logic signed [WIDTH-1:0] data_out,
    // Partial sum travelling along the row, one register per PE.
    input  logic signed [WIDTH-1:0] sum_in,
    output logic signed [WIDTH-1:0] sum_out
);
  // x*y needs 2*WIDTH bits and z*2^BP at most WIDTH+BINARY_POINT < 2*WIDTH
  // bits; two more bits keep the sum and the rounding increment exact.
  localparam int SumWidth = 2 * WIDTH + 2;
  localparam logic signed [SumWidth-1:0] Max = (SumWidth'(1) <<< (WIDTH - 1)) - SumWidth'(1);
  localparam logic signed [SumWidth-1:0] Min = -(SumWidth'(1) <<< (WIDTH - 1));

  logic signed [SumWidth-1:0] product_sum;
  logic signed [SumWidth-1:0] quotient;
  logic                       round_up;
  logic signed [SumWidth-1:0] rounded;
  logic signed [   WIDTH-1:0] saturated;

  assign product_sum = SumWidth'(data_in) * SumWidth'(weight) + (SumWidth'(sum_in) <<< BINARY_POINT);
  assign quotient = product_sum >>> BINARY_POINT;

  generate
    if (BINARY_POINT == 0) begin : g_integer
      assign round_up = 1'b0;
    end else if (BINARY_POINT == 1) begin : g_half
      // Exactly half an LSB or nothing: ties go to the even quotient.
      assign round_up = product_sum[0] & product_sum[1];
    end else begin : g_fraction
      assign round_up = product_sum[BINARY_POINT-1]
          & (product_sum[BINARY_POINT] | (|product_sum[BINARY_POINT-2:0]));
    end
  endgenerate

  assign rounded = quotient + SumWidth'(round_up);
  assign saturated = (rounded > Max) ? Max[WIDTH-1:0]
                   : (rounded < Min) ? Min[WIDTH-1:0]
                   : rounded[WIDTH-1:0];

  always_ff @(posedge clock) begin
    if (reset) begin
      weight   <= '0;
      data_out <= '0;
      sum_out  <= '0;
    end else begin
      if (load) weight <= weight_in;
      data_out <= data_in;
      sum_out  <= saturated;
    end
  end
endmodule
