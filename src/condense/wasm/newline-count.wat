;; Counts the newlines of memory[0, end), `end` a multiple of 16: 16 bytes a step (compare with 10, bitmask, popcount).
;; The caller copies each piece in and counts the tail (length % 16) itself.
(module
  (memory (export "memory") 1)
  (func (export "count") (param $end i32) (result i32)
    (local $at i32)
    (local $count i32)
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $count
          (i32.add (local.get $count)
            (i32.popcnt (i8x16.bitmask (i8x16.eq (v128.load (local.get $at)) (i8x16.splat (i32.const 10)))))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $step)))
    (local.get $count)))
