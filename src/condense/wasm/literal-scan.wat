;; The byte loops of the whole-stream scan (see ../literal-search.ts), over a text copied into this memory.
;; Memory: [0, 64 Ki) how far a four-byte window ending on a pair may move (the pair read as a little-endian u16);
;; [64 Ki, 128 Ki) whether a pair opens some chosen four bytes; [128 Ki, 192 Ki) the offsets found (u32 each);
;; at 192 Ki the byte classes of the short literals' anchors (four nibble tables); at 196 Ki a set of the chosen
;; four bytes themselves, as 65 536 bits by a hash of the four; from 256 Ki the text, with a newline just before it.
;; Past the text (see scan-tables.ts): at 0x150000 ASCII folding (256 bytes); at 0x150100 the first short needle
;; anchored on each byte (u16 each), at 0x151000 the needles (16 bytes each: the next on that byte u16, whether it
;; must start a line u8, how far its anchor is into it u8, a mask of its bytes, its bytes, its length); at 0x170000
;; the first node for each hash of four bytes (u16 each), at 0x190000 the nodes (8 bytes: the next u16, its literal's
;; place), from 0x1a0000 the literals (how far before a window's end each starts, its length, whether it folds, u32
;; each, then its bytes). Index 0 of each list is no entry.
(module
  (memory (export "memory") 28 28)
  (global $resume (export "resume") (mut i32) (i32.const 0))
  (global $aFound (export "aFound") (mut i32) (i32.const 0))
  (global $bFound (export "bFound") (mut i32) (i32.const 0))
  (global $aResume (export "aResume") (mut i32) (i32.const 0))
  (global $bResume (export "bResume") (mut i32) (i32.const 0))
  ;; Where the line holding the anchor pass's next block starts, and the last line it listed (both set before a text).
  (global $lineStart (export "lineStart") (mut i32) (i32.const 0))
  (global $lastLine (export "lastLine") (mut i32) (i32.const 0))

  ;; Whether a literal whose chosen four bytes hash to `hash` is in the text with them ending at `end` (its bytes
  ;; compared, folded when it folds; the text's bounds and where in its line it is are the caller's to check).
  (func $literalAt (param $end i32) (param $hash i32) (result i32)
    (local $node i32)
    (local $literal i32)
    (local $start i32)
    (local $length i32)
    (local $folds i32)
    (local $i i32)
    (local $byte i32)
    (local.set $node (i32.load16_u offset=0x170000 (i32.shl (local.get $hash) (i32.const 1))))
    (block $none
      (loop $chain
        (br_if $none (i32.eqz (local.get $node)))
        (local.set $literal (i32.load offset=0x190004 (i32.shl (local.get $node) (i32.const 3))))
        (local.set $start (i32.sub (local.get $end) (i32.load (local.get $literal))))
        (local.set $length (i32.load offset=4 (local.get $literal)))
        (local.set $folds (i32.load offset=8 (local.get $literal)))
        (local.set $i (i32.const 0))
        (block $differs
          (loop $next
            (if (i32.ge_u (local.get $i) (local.get $length)) (then (return (i32.const 1))))
            (local.set $byte (i32.load8_u (i32.add (local.get $start) (local.get $i))))
            (if (local.get $folds) (then (local.set $byte (i32.load8_u offset=0x150000 (local.get $byte)))))
            (br_if $differs (i32.ne (local.get $byte) (i32.load8_u offset=12 (i32.add (local.get $literal) (local.get $i)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $next)))
        (local.set $node (i32.load16_u offset=0x190000 (i32.shl (local.get $node) (i32.const 3))))
        (br $chain)))
    (i32.const 0))

  ;; Whether a short needle anchored on the byte at `at` is there, inside the text [256 Ki, `to`), where it must be.
  (func $needleAt (param $at i32) (param $to i32) (result i32)
    (local $node i32)
    (local $needle i32)
    (local $start i32)
    (local.set $node (i32.load16_u offset=0x150100 (i32.shl (i32.load8_u (local.get $at)) (i32.const 1))))
    (block $none
      (loop $chain
        (br_if $none (i32.eqz (local.get $node)))
        (local.set $needle (i32.add (i32.const 0x151000) (i32.shl (local.get $node) (i32.const 4))))
        (local.set $start (i32.sub (local.get $at) (i32.load8_u offset=3 (local.get $needle))))
        (if (i32.and
              (i32.and
                (i32.ge_u (local.get $start) (i32.const 262144))
                (i32.le_u (i32.add (local.get $start) (i32.load offset=12 (local.get $needle))) (local.get $to)))
              (i32.and
                (i32.eq
                  (i32.and (i32.load (local.get $start)) (i32.load offset=4 (local.get $needle)))
                  (i32.load offset=8 (local.get $needle)))
                (i32.or
                  (i32.eqz (i32.load8_u offset=2 (local.get $needle)))
                  (i32.eq (i32.load8_u (i32.sub (local.get $start) (i32.const 1))) (i32.const 10)))))
          (then (return (i32.const 1))))
        (local.set $node (i32.load16_u (local.get $needle)))
        (br $chain)))
    (i32.const 0))

  ;; The ends of the windows that may hold some chosen four bytes: their last pair moves them by 0, their first
  ;; pair opens some four, the four are in the set, and a literal of theirs is there. Two cursors, over [a, aTo) and [b, bTo), each the other's
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
                    (if (call $literalAt (local.get $a) (local.get $hash))
                      (then
                        (i32.store offset=131072 (i32.shl (global.get $aFound) (i32.const 2)) (local.get $a))
                        (global.set $aFound (i32.add (global.get $aFound) (i32.const 1)))))))
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
                    (if (call $literalAt (local.get $b) (local.get $hash))
                      (then
                        (i32.store offset=163840 (i32.shl (global.get $bFound) (i32.const 2)) (local.get $b))
                        (global.set $bFound (i32.add (global.get $bFound) (i32.const 1)))))))
                (local.set $b (i32.add (local.get $b) (i32.const 1)))
                (br_if $full (i32.eq (global.get $bFound) (i32.const 8192)))))))
        (br_if $next (local.get $live))))
    (global.set $aResume (local.get $a))
    (global.set $bResume (local.get $b)))

  ;; The starts of the lines in [at, to) holding a short needle where it must be, each listed once, in order:
  ;; sixteen bytes a step, the places of an anchor byte found by class (a byte in the class anywhere in a line, or
  ;; one in the class starting a line), each checked against the needles anchored on it. A byte is in a class when
  ;; its low nibble's entry in the class's low table and its high nibble's in its high table share a bit (each high
  ;; nibble of the class has a bit of its own, so a class of up to eight high nibbles is exact). Stops when fewer
  ;; than 16 places are left for them (then `resume` says where to go on; `lineStart` and `lastLine` carry over).
  (func (export "anchors") (param $at i32) (param $to i32) (result i32)
    (local $found i32)
    (local $bytes v128)
    (local $hits v128)
    (local $afterNewline v128)
    (local $bits i32)
    (local $starts i32)
    (local $place i32)
    (local $line i32)
    (local $before i32)
    (local $low v128)
    (local $high v128)
    (local.set $line (global.get $lineStart))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $to)))
        (if (i32.gt_u (local.get $found) (i32.const 16368))
          (then
            (global.set $resume (local.get $at))
            (global.set $lineStart (local.get $line))
            (return (local.get $found))))
        (local.set $bytes (v128.load (local.get $at)))
        (local.set $low (v128.and (local.get $bytes) (v128.const i8x16 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15)))
        (local.set $high (i8x16.shr_u (local.get $bytes) (i32.const 4)))
        (local.set $afterNewline
          (i8x16.eq
            (v128.load (i32.sub (local.get $at) (i32.const 1)))
            (v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10)))
        ;; bit i: a line starts at `at` + i
        (local.set $starts (i8x16.bitmask (local.get $afterNewline)))
        (local.set $hits
          (v128.or
            (v128.and
              (i8x16.swizzle (v128.load offset=196608 (i32.const 0)) (local.get $low))
              (i8x16.swizzle (v128.load offset=196624 (i32.const 0)) (local.get $high)))
            (v128.and
              (local.get $afterNewline)
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
                (local.set $place (i32.add (local.get $at) (i32.ctz (local.get $bits))))
                (if (call $needleAt (local.get $place) (local.get $to))
                  (then
                    ;; the line starts at the block's last line start up to the place, else where the block's line does
                    (local.set $before
                      (i32.and (local.get $starts)
                        (i32.sub (i32.shl (i32.const 2) (i32.ctz (local.get $bits))) (i32.const 1))))
                    (if (local.get $before)
                      (then (local.set $line (i32.sub (i32.add (local.get $at) (i32.const 31)) (i32.clz (local.get $before))))))
                    (if (i32.ne (local.get $line) (global.get $lastLine))
                      (then
                        (i32.store offset=131072 (i32.shl (local.get $found) (i32.const 2)) (local.get $line))
                        (local.set $found (i32.add (local.get $found) (i32.const 1)))
                        (global.set $lastLine (local.get $line))))))
                (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
                (br $bit)))))
        (if (local.get $starts)
          (then (local.set $line (i32.sub (i32.add (local.get $at) (i32.const 31)) (i32.clz (local.get $starts))))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $next)))
    (global.set $resume (local.get $at))
    (global.set $lineStart (local.get $line))
    (local.get $found)))
