// A small kernel in the custom form, written by hand for the fuzz corpus.
!f4 = !cuda_tile.tile<4xf32>
#two = 2
cuda_tile.module @demo attributes {producer = "seed"} {
  global private constant @lut alignment = 16 <f32: [1.0, 2.5, -0.5, 4.0]> : tile<4xf32>
  global @flags <i1: true> : tile<2xi1>
  entry @k(%p: tile<ptr<f32>>, %n: !cuda_tile.tile<i32>, %c: tile<i1>) optimization_hints=<sm_100 = {num_cta_in_cga = #two}> {
    %zero = constant <i32: 0> : tile<i32>
    %one = cuda_tile.constant <i32: 1> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %s = addi %bx, %one overflow<no_signed_wrap> : tile<i32>
    %t:3 = "cuda_tile.get_num_tile_blocks"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    %u = muli %s, %t#1 : tile<i32>
    %lut = get_global @lut : tile<4xf32>
    %v = addf %lut, %lut rounding<zero> flush_to_zero : !f4
    %w = maxf %v, %v propagate_nan flush_to_zero : tile<4xf32>
    %sum = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %w) -> (tile<4xf32>) {
      %x = mulf %acc, %acc : tile<4xf32>
      continue %x : tile<4xf32>
    }
    if %c {
      %y = negf %sum : tile<4xf32>
    } else {
      %y2 = absf %sum : tile<4xf32>
    }
    %r = if %c -> (tile<i32>) {
      yield %u : tile<i32>
    } else {
      yield %zero : tile<i32>
    }
    %lp = loop iter_values(%a = %r) : tile<i32> -> tile<i32> {
      %b = cmpi less_than %a, %n, signed : tile<i32> -> tile<i1>
      if %b {
        break %a : tile<i32>
      }
      %a2 = addi %a, %one : tile<i32>
      continue %a2 : tile<i32>
    }
    %red = reduce %lut dim=0 identities=[0.000000e+00 : f32] : tile<4xf32> -> tile<f32>
    (%l: tile<f32>, %rr: tile<f32>) {
      %m = addf %l, %rr : tile<f32>
      yield %m : tile<f32>
    }
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %tile, %tok = load_view_tko weak %pv[%zero] : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %tok2 = store_view_tko weak %tile, %pv[%zero] token = %tok : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %as = assume div_by<16>, %n : tile<i32>
    print_tko "n=%d\n", %as : tile<i32> -> token
    return
  }
}
