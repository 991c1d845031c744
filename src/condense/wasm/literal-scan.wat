;; The byte loops of the whole-stream scan (see ../literal-search.ts), over a text copied into this memory.
;; Memory: [0, 64 Ki) how far a four-byte window ending on a pair may move (the pair read as a little-endian u16);
;; [64 Ki, 128 Ki) whether a pair opens some chosen four bytes; [128 Ki, 192 Ki) the offsets found (u32 each);
;; at 192 Ki the byte classes of the short literals' anchors (four nibble tables); at 196 Ki a set of the chosen
;; four bytes themselves, as 65 536 bits by a hash of the four; from 256 Ki the text, with a newline just before it.
(module
  (memory (export "memory") 24 24)
  (global $resume (export "resume") (mut i32) (i32.const 0))
  (global $aFound (export "aFound") (mut i32) (i32.const 0))
  (global $bFound (export "bFound") (mut i32) (i32.const 0))
  (global $aResume (export "aResume") (mut i32) (i32.const 0))
  (global $bResume (export "bResume") (mut i32) (i32.const 0))

  ;; The ends of the windows that may hold some chosen four bytes: their last pair moves them by 0, their first
  ;; pair opens some four, and the four are in the set. Two cursors, over [a, aTo) and [b, bTo), each the other's
  ;; wait for a load: their windows are listed apart (`aFound` at 128 Ki, `bFound` at 160 Ki); the pass stops when
  ;; either list holds 8 192 (then `aResume` and `bResume` say where to go on).
  (func (export "skip") (param $a i32) (param $aTo i32) (param $b i32) (param $bTo i32)
    (local $step i32)
    (local $hash i32)
    (local $live i32)
    (global.set $aFound (i32.const 0))
    (global.set $bFound (i32.const 0))
    (block $full
      (loop $next
        (local.set $live (i32.const 0))
        (if (i32.lt_u (local.get $a) (local.get $aTo))
          (then
            (local.set $live (i32.const 1))
            (local.set $step (i32.load8_u (i32.load16_u (i32.sub (local.get $a) (i32.const 1)))))
            (if (local.get $step)
              (then (local.set $a (i32.add (local.get $a) (local.get $step))))
              (else
                (local.set $hash
                  (i32.shr_u (i32.mul (i32.load (i32.sub (local.get $a) (i32.const 3))) (i32.const 0x9e3779b1)) (i32.const 16)))
                (if (i32.and
                      (i32.load8_u offset=65536 (i32.load16_u (i32.sub (local.get $a) (i32.const 3))))
                      (i32.shr_u
                        (i32.load8_u offset=200704 (i32.shr_u (local.get $hash) (i32.const 3)))
                        (i32.and (local.get $hash) (i32.const 7))))
                  (then
                    (i32.store offset=131072 (i32.shl (global.get $aFound) (i32.const 2)) (local.get $a))
                    (global.set $aFound (i32.add (global.get $aFound) (i32.const 1)))))
                (local.set $a (i32.add (local.get $a) (i32.const 1)))
                (br_if $full (i32.eq (global.get $aFound) (i32.const 8192)))))))
        (if (i32.lt_u (local.get $b) (local.get $bTo))
          (then
            (local.set $live (i32.const 1))
            (local.set $step (i32.load8_u (i32.load16_u (i32.sub (local.get $b) (i32.const 1)))))
            (if (local.get $step)
              (then (local.set $b (i32.add (local.get $b) (local.get $step))))
              (else
                (local.set $hash
                  (i32.shr_u (i32.mul (i32.load (i32.sub (local.get $b) (i32.const 3))) (i32.const 0x9e3779b1)) (i32.const 16)))
                (if (i32.and
                      (i32.load8_u offset=65536 (i32.load16_u (i32.sub (local.get $b) (i32.const 3))))
                      (i32.shr_u
                        (i32.load8_u offset=200704 (i32.shr_u (local.get $hash) (i32.const 3)))
                        (i32.and (local.get $hash) (i32.const 7))))
                  (then
                    (i32.store offset=163840 (i32.shl (global.get $bFound) (i32.const 2)) (local.get $b))
                    (global.set $bFound (i32.add (global.get $bFound) (i32.const 1)))))
                (local.set $b (i32.add (local.get $b) (i32.const 1)))
                (br_if $full (i32.eq (global.get $bFound) (i32.const 8192)))))))
        (br_if $next (local.get $live))))
    (global.set $aResume (local.get $a))
    (global.set $bResume (local.get $b)))

  ;; The offsets in [at, to) of a byte in the class anywhere in a line, or of one in the class starting a line,
  ;; sixteen bytes a step. A byte is in a class when its low nibble's entry in the class's low table and its high
  ;; nibble's in its high table share a bit (each high nibble of the class has a bit of its own, so a class of up
  ;; to eight high nibbles is exact). Stops when fewer than 16 places are left for them (then `resume` says where to go on).
  (func (export "anchors") (param $at i32) (param $to i32) (result i32)
    (local $found i32)
    (local $bytes v128)
    (local $hits v128)
    (local $bits i32)
    (local $low v128)
    (local $high v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $to)))
        (if (i32.gt_u (local.get $found) (i32.const 16368))
          (then
            (global.set $resume (local.get $at))
            (return (local.get $found))))
        (local.set $bytes (v128.load (local.get $at)))
        (local.set $low (v128.and (local.get $bytes) (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15)))
        (local.set $high (i8x16.shr_u (local.get $bytes) (i32.const 4)))
        (local.set $hits
          (v128.or
            (v128.and
              (i8x16.swizzle (v128.load offset=196608 (i32.const 0)) (local.get $low))
              (i8x16.swizzle (v128.load offset=196624 (i32.const 0)) (local.get $high)))
            (v128.and
              (i8x16.eq
                (v128.load (i32.sub (local.get $at) (i32.const 1)))
                (v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10))
              (v128.and
                (i8x16.swizzle (v128.load offset=196640 (i32.const 0)) (local.get $low))
                (i8x16.swizzle (v128.load offset=196656 (i32.const 0)) (local.get $high))))))
        (if (v128.any_true (local.get $hits))
          (then
            (local.set $bits (i8x16.bitmask (i8x16.ne (local.get $hits) (v128.const i64x2 0 0))))
            ;; the last block's bytes past `to` are not the text's
            (if (i32.lt_u (i32.sub (local.get $to) (local.get $at)) (i32.const 16))
              (then
                (local.set $bits
                  (i32.and (local.get $bits)
                    (i32.sub (i32.shl (i32.const 1) (i32.sub (local.get $to) (local.get $at))) (i32.const 1))))))
            (block $stored
              (loop $bit
                (br_if $stored (i32.eqz (local.get $bits)))
                (i32.store offset=131072 (i32.shl (local.get $found) (i32.const 2))
                  (i32.add (local.get $at) (i32.ctz (local.get $bits))))
                (local.set $found (i32.add (local.get $found) (i32.const 1)))
                (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
                (br $bit)))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $next)))
    (global.set $resume (local.get $at))
    (local.get $found)))
