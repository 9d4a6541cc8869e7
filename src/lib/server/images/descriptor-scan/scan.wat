;; Dot products of stored descriptors (one signed byte per dimension) with query vectors (16-bit integers), sixteen
;; dimensions per step with WebAssembly SIMD. Rows sit `stride` bytes apart; a query is `stride` 16-bit values and
;; the three queries of `dot3` follow each other. `from` and `to` are byte offsets in a row, multiples of 16.
;; Both functions add into the 32-bit sums at `out` (one per row for `dot1`, three per row for `dot3`), so a row's
;; shared dimensions can be summed once and its differing ones per query.
;;
;; Edit this file, then run `node scripts/build-scan-wasm.mjs`: it writes scan-wasm.ts, which the product loads,
;; and a unit test fails while the two disagree.
(module
  (memory (export "memory") 1)

  ;; The sum of the four 32-bit lanes.
  (func $sum (param $v v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
      (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))

  (func (export "dot1")
    (param $codes i32) (param $rows i32) (param $stride i32) (param $q i32) (param $from i32) (param $to i32) (param $out i32)
    (local $row i32) (local $end i32) (local $i i32) (local $qi i32) (local $x v128) (local $acc v128)
    (if (i32.ge_u (local.get $from) (local.get $to)) (then (return)))
    (local.set $row (local.get $codes))
    (local.set $end (i32.add (local.get $codes) (i32.mul (local.get $rows) (local.get $stride))))
    (block $rows_done
      (loop $rows_loop
        (br_if $rows_done (i32.ge_u (local.get $row) (local.get $end)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $i (local.get $from))
        (local.set $qi (i32.add (local.get $q) (i32.shl (local.get $from) (i32.const 1))))
        (loop $dims
          (local.set $x (v128.load (i32.add (local.get $row) (local.get $i))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.add
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $x)) (v128.load (local.get $qi)))
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $x)) (v128.load offset=16 (local.get $qi))))))
          (local.set $qi (i32.add (local.get $qi) (i32.const 32)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $dims (i32.lt_u (local.get $i) (local.get $to))))
        (i32.store (local.get $out) (i32.add (i32.load (local.get $out)) (call $sum (local.get $acc))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (local.set $row (i32.add (local.get $row) (local.get $stride)))
        (br $rows_loop))))

  (func (export "dot3")
    (param $codes i32) (param $rows i32) (param $stride i32) (param $q i32) (param $from i32) (param $to i32) (param $out i32)
    (local $row i32) (local $end i32) (local $i i32) (local $qa i32) (local $gap i32)
    (local $x v128) (local $lo v128) (local $hi v128) (local $a v128) (local $b v128) (local $c v128)
    (if (i32.ge_u (local.get $from) (local.get $to)) (then (return)))
    ;; The distance in bytes from one query's value to the next query's value of the same dimension.
    (local.set $gap (i32.shl (local.get $stride) (i32.const 1)))
    (local.set $row (local.get $codes))
    (local.set $end (i32.add (local.get $codes) (i32.mul (local.get $rows) (local.get $stride))))
    (block $rows_done
      (loop $rows_loop
        (br_if $rows_done (i32.ge_u (local.get $row) (local.get $end)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $b (v128.const i32x4 0 0 0 0))
        (local.set $c (v128.const i32x4 0 0 0 0))
        (local.set $i (local.get $from))
        (local.set $qa (i32.add (local.get $q) (i32.shl (local.get $from) (i32.const 1))))
        (loop $dims
          (local.set $x (v128.load (i32.add (local.get $row) (local.get $i))))
          (local.set $lo (i16x8.extend_low_i8x16_s (local.get $x)))
          (local.set $hi (i16x8.extend_high_i8x16_s (local.get $x)))
          (local.set $a (i32x4.add (local.get $a)
            (i32x4.add
              (i32x4.dot_i16x8_s (local.get $lo) (v128.load (local.get $qa)))
              (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (local.get $qa))))))
          (local.set $b (i32x4.add (local.get $b)
            (i32x4.add
              (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $qa) (local.get $gap))))
              (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (i32.add (local.get $qa) (local.get $gap)))))))
          (local.set $c (i32x4.add (local.get $c)
            (i32x4.add
              (i32x4.dot_i16x8_s (local.get $lo) (v128.load (i32.add (local.get $qa) (i32.shl (local.get $gap) (i32.const 1)))))
              (i32x4.dot_i16x8_s (local.get $hi) (v128.load offset=16 (i32.add (local.get $qa) (i32.shl (local.get $gap) (i32.const 1))))))))
          (local.set $qa (i32.add (local.get $qa) (i32.const 32)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $dims (i32.lt_u (local.get $i) (local.get $to))))
        (i32.store (local.get $out) (i32.add (i32.load (local.get $out)) (call $sum (local.get $a))))
        (i32.store offset=4 (local.get $out) (i32.add (i32.load offset=4 (local.get $out)) (call $sum (local.get $b))))
        (i32.store offset=8 (local.get $out) (i32.add (i32.load offset=8 (local.get $out)) (call $sum (local.get $c))))
        (local.set $out (i32.add (local.get $out) (i32.const 12)))
        (local.set $row (i32.add (local.get $row) (local.get $stride)))
        (br $rows_loop)))))
