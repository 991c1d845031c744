;; The byte loops of the whole-stream scan (see ../literal-search.ts), over a text copied into this memory.
;; Memory: [0, 64 Ki) how far a four-byte window ending on a pair may move (the pair read as a little-endian u16);
;; [64 Ki, 128 Ki) whether a pair opens some chosen four bytes; [128 Ki, 192 Ki) the windows found (u32 each);
;; from 256 Ki the text.
(module
  (memory (export "memory") 24 24)
  (global $resume (export "resume") (mut i32) (i32.const 0))

  ;; The ends of the windows in [end, to) that may hold some chosen four bytes: their last pair moves them by 0
  ;; and their first pair opens some four. Stops after 16 384 (then `resume` says where to go on).
  (func (export "skip") (param $end i32) (param $to i32) (result i32)
    (local $found i32)
    (local $step i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $end) (local.get $to)))
        (local.set $step (i32.load8_u (i32.load16_u (i32.sub (local.get $end) (i32.const 1)))))
        (if (local.get $step)
          (then
            (local.set $end (i32.add (local.get $end) (local.get $step)))
            (br $next)))
        (if (i32.load8_u offset=65536 (i32.load16_u (i32.sub (local.get $end) (i32.const 3))))
          (then
            (i32.store offset=131072 (i32.shl (local.get $found) (i32.const 2)) (local.get $end))
            (local.set $found (i32.add (local.get $found) (i32.const 1)))
            (if (i32.eq (local.get $found) (i32.const 16384))
              (then
                (global.set $resume (i32.add (local.get $end) (i32.const 1)))
                (return (local.get $found))))))
        (local.set $end (i32.add (local.get $end) (i32.const 1)))
        (br $next)))
    (global.set $resume (local.get $end))
    (local.get $found))

  ;; Newlines in [at, to), sixteen bytes a step: each lane counts its newlines, summed every 255 blocks.
  (func (export "newlines") (param $at i32) (param $to i32) (result i32)
    (local $total i32)
    (local $lanes v128)
    (local $blocks i32)
    (local $wide v128)
    (block $bytes
      (loop $round
        (br_if $bytes (i32.gt_u (i32.add (local.get $at) (i32.const 16)) (local.get $to)))
        (local.set $lanes (v128.const i64x2 0 0))
        (local.set $blocks (i32.const 255))
        (loop $block
          (local.set $lanes
            (i8x16.sub (local.get $lanes) (i8x16.eq (v128.load (local.get $at)) (v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10))))
          (local.set $at (i32.add (local.get $at) (i32.const 16)))
          (local.set $blocks (i32.sub (local.get $blocks) (i32.const 1)))
          (br_if $block
            (i32.and
              (i32.ne (local.get $blocks) (i32.const 0))
              (i32.le_u (i32.add (local.get $at) (i32.const 16)) (local.get $to)))))
        (local.set $wide (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $lanes))))
        (local.set $total
          (i32.add (local.get $total)
            (i32.add
              (i32.add (i32x4.extract_lane 0 (local.get $wide)) (i32x4.extract_lane 1 (local.get $wide)))
              (i32.add (i32x4.extract_lane 2 (local.get $wide)) (i32x4.extract_lane 3 (local.get $wide))))))
        (br $round)))
    (block $end
      (loop $byte
        (br_if $end (i32.ge_u (local.get $at) (local.get $to)))
        (if (i32.eq (i32.load8_u (local.get $at)) (i32.const 10))
          (then (local.set $total (i32.add (local.get $total) (i32.const 1)))))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $byte)))
    (local.get $total)))
