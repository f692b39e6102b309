//! The net's inner loops: adding or taking a row out of an accumulator,
//! and the output layer's squared clipped ReLU dot product.
//!
//! Each is written once, in plain Rust the compiler vectorises, and
//! compiled twice on x86-64: for the baseline instruction set (SSE2,
//! which every x86-64 processor has) and for AVX2, whose 256-bit
//! registers do twice the work an instruction; the AVX2 copy is picked at
//! run time where the processor has it. The output layer's AVX2 copy is
//! written with the instructions themselves, which the compiler did not
//! find. Integer arithmetic throughout, so every copy gives the same
//! values bit for bit (the tests compare each with the definition).

use crate::network::QA;

/// Whether this processor runs the AVX2 copies (detected once; the
/// standard library caches the answer).
#[inline]
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `accumulator[i] += row[i]`, wrapping (a trained net's sums stay in
/// range; wrapping keeps a malformed one from panicking).
#[inline]
pub(crate) fn add_row(accumulator: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the only condition for calling a function compiled with
        // `target_feature(enable = "avx2")` is that the processor has
        // AVX2, checked on the line above. Measured reason for it: with
        // SSE2 the accumulator updates and the output layer took about
        // 15 % of a chess search's time (docs/search.md, the AVX2 row).
        #[allow(unsafe_code)]
        unsafe {
            avx2::add_row(accumulator, row);
        }
        return;
    }
    add_row_body(accumulator, row);
}

/// `accumulator[i] -= row[i]`, wrapping.
#[inline]
pub(crate) fn sub_row(accumulator: &mut [i16], row: &[i16]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `add_row`: AVX2 is present, checked just above.
        #[allow(unsafe_code)]
        unsafe {
            avx2::sub_row(accumulator, row);
        }
        return;
    }
    sub_row_body(accumulator, row);
}

/// `to[i] = from[i] + Σ added[k][i] − Σ removed[k][i]`, wrapping: a
/// position's accumulator made from the one before in one pass, rather
/// than a copy and then one pass per changed input.
#[inline]
pub(crate) fn apply(to: &mut [i16], from: &[i16], added: &[&[i16]], removed: &[&[i16]]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `add_row`: AVX2 is present, checked just above.
        #[allow(unsafe_code)]
        unsafe {
            avx2::apply(to, from, added, removed);
        }
        return;
    }
    apply_body(to, from, added, removed);
}

/// Σ clamp(a, 0, QA)² · w over an accumulator and a weight row of the same
/// length, each weight within ±[`crate::MAX_OUTPUT_WEIGHT`].
#[inline]
pub(crate) fn screlu_dot(accumulator: &[i16], weights: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `add_row`: AVX2 is present, checked just above.
        #[allow(unsafe_code)]
        return unsafe { avx2::screlu_dot(accumulator, weights) };
    }
    screlu_dot_body(accumulator, weights)
}

#[inline(always)]
fn add_row_body(accumulator: &mut [i16], row: &[i16]) {
    for (a, &w) in accumulator.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline(always)]
fn sub_row_body(accumulator: &mut [i16], row: &[i16]) {
    for (a, &w) in accumulator.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

/// The common moves get a loop of their own, which the compiler keeps in
/// registers: a quiet move (one input in, one out), a capture (one in, two
/// out) and castling (two in, two out).
#[inline(always)]
fn apply_body(to: &mut [i16], from: &[i16], added: &[&[i16]], removed: &[&[i16]]) {
    // Every slice cut to the accumulator's length up front, so the loops
    // index without bounds checks and vectorise.
    let n = to.len();
    let from = &from[..n];
    match (added, removed) {
        ([a], [r]) => {
            let (a, r) = (&a[..n], &r[..n]);
            for i in 0..n {
                to[i] = from[i].wrapping_add(a[i]).wrapping_sub(r[i]);
            }
        }
        ([a], [r, q]) => {
            let (a, r, q) = (&a[..n], &r[..n], &q[..n]);
            for i in 0..n {
                to[i] = from[i]
                    .wrapping_add(a[i])
                    .wrapping_sub(r[i])
                    .wrapping_sub(q[i]);
            }
        }
        ([a, b], [r, q]) => {
            let (a, b, r, q) = (&a[..n], &b[..n], &r[..n], &q[..n]);
            for i in 0..n {
                to[i] = from[i]
                    .wrapping_add(a[i])
                    .wrapping_add(b[i])
                    .wrapping_sub(r[i])
                    .wrapping_sub(q[i]);
            }
        }
        _ => {
            to.copy_from_slice(from);
            for row in added {
                add_row_body(to, row);
            }
            for row in removed {
                sub_row_body(to, row);
            }
        }
    }
}

/// A clipped activation is at most 255 and a weight at most 127 in size,
/// so their product (at most 32,385) is exact in `i16`; multiplying that
/// by the activation again in `i32` is the multiply-add of pairs that
/// SSE2 and AVX2 have as one instruction. A term is at most 255 · 32,385 ≈
/// 8.26 M, so 256 of them stay within `i32`.
#[inline(always)]
fn screlu_dot_body(accumulator: &[i16], weights: &[i16]) -> i64 {
    const CHUNK: usize = 256;
    // QA = 255 fits i16; the cast cannot truncate.
    const TOP: i16 = QA as i16;
    let mut total = 0_i64;
    for (a, w) in accumulator.chunks(CHUNK).zip(weights.chunks(CHUNK)) {
        let chunk: i32 = a
            .iter()
            .zip(w)
            .map(|(&a, &w)| {
                let v = a.clamp(0, TOP);
                i32::from(v.wrapping_mul(w)) * i32::from(v)
            })
            .sum();
        total += i64::from(chunk);
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The same bodies compiled for AVX2.

    #[target_feature(enable = "avx2")]
    pub(super) fn add_row(accumulator: &mut [i16], row: &[i16]) {
        super::add_row_body(accumulator, row);
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn sub_row(accumulator: &mut [i16], row: &[i16]) {
        super::sub_row_body(accumulator, row);
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn apply(to: &mut [i16], from: &[i16], added: &[&[i16]], removed: &[&[i16]]) {
        super::apply_body(to, from, added, removed);
    }

    /// Written with the AVX2 instructions themselves: the compiler
    /// vectorises `screlu_dot_body` only 128 bits at a time and widens
    /// each product to 32 bits before the multiply-add, where one
    /// `vpmaddwd` takes sixteen products at once. Measured: the output
    /// layer's share of a chess search's time fell from about 7 % to
    /// about 5 %, and searches to a fixed depth took 3–4 % less time
    /// (docs/search.md, the row of the hand-written output layer).
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    pub(super) fn screlu_dot(accumulator: &[i16], weights: &[i16]) -> i64 {
        use std::arch::x86_64::{
            __m256i, _mm256_add_epi32, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16,
            _mm256_min_epi16, _mm256_mullo_epi16, _mm256_set1_epi16, _mm256_setzero_si256,
            _mm256_storeu_si256,
        };
        const LANES: usize = 16;
        // A block adds at most two terms of 255 · 32,385 to an `i32`
        // lane (see `screlu_dot_body`): 64 blocks stay below 2^31.
        const BLOCKS_PER_FLUSH: usize = 64;
        // QA = 255 fits i16; the cast cannot truncate.
        const TOP: i16 = super::QA as i16;
        let n = accumulator.len().min(weights.len());
        let (accumulator, weights) = (&accumulator[..n], &weights[..n]);
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(TOP);
        let (a_blocks, w_blocks) = (accumulator.chunks_exact(LANES), weights.chunks_exact(LANES));
        let tail = super::screlu_dot_body(a_blocks.remainder(), w_blocks.remainder());
        let mut total = 0_i64;
        let mut blocks = a_blocks.zip(w_blocks).peekable();
        while blocks.peek().is_some() {
            let mut sum = _mm256_setzero_si256();
            for (a, w) in blocks.by_ref().take(BLOCKS_PER_FLUSH) {
                // SAFETY: `a` and `w` are slices of exactly 16 `i16`, the
                // 32 bytes an unaligned load reads; AVX2 is enabled on
                // this function.
                let (a, w) = unsafe {
                    (
                        _mm256_loadu_si256(a.as_ptr().cast::<__m256i>()),
                        _mm256_loadu_si256(w.as_ptr().cast::<__m256i>()),
                    )
                };
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(v, w), v));
            }
            let mut lanes = [0_i32; 8];
            // SAFETY: `lanes` is 32 bytes, the width of the unaligned
            // store; AVX2 is enabled on this function.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sum) };
            total += lanes.iter().map(|&lane| i64::from(lane)).sum::<i64>();
        }
        total + tail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, in wide integers: what every copy must give.
    fn screlu_dot_reference(accumulator: &[i16], weights: &[i16]) -> i64 {
        accumulator
            .iter()
            .zip(weights)
            .map(|(&a, &w)| {
                let v = i64::from(a).clamp(0, i64::from(QA));
                v * v * i64::from(w)
            })
            .sum()
    }

    /// A deterministic spread of values over the whole `i16` range and of
    /// weights over the allowed range, lengths not multiples of a vector.
    fn sample(len: usize, seed: u64) -> (Vec<i16>, Vec<i16>) {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as u32
        };
        let acc = (0..len).map(|_| (next() as u16) as i16).collect();
        let weights = (0..len)
            .map(|_| (next() % 255) as i16 - crate::MAX_OUTPUT_WEIGHT)
            .collect();
        (acc, weights)
    }

    #[test]
    fn screlu_dot_matches_its_definition_at_the_extremes() {
        for len in [1, 15, 16, 31, 128, 255, 256, 257, 1024, 2055] {
            let top = vec![i16::MAX; len];
            for w in [crate::MAX_OUTPUT_WEIGHT, -crate::MAX_OUTPUT_WEIGHT] {
                let weights = vec![w; len];
                assert_eq!(
                    screlu_dot(&top, &weights),
                    screlu_dot_reference(&top, &weights)
                );
                assert_eq!(screlu_dot_body(&top, &weights), screlu_dot(&top, &weights));
            }
        }
    }

    #[test]
    fn screlu_dot_matches_its_definition_on_spread_values() {
        for (seed, len) in [(1, 128), (2, 200), (3, 1024), (4, 7)] {
            let (acc, weights) = sample(len, seed);
            assert_eq!(
                screlu_dot(&acc, &weights),
                screlu_dot_reference(&acc, &weights)
            );
            assert_eq!(screlu_dot_body(&acc, &weights), screlu_dot(&acc, &weights));
        }
    }

    #[test]
    fn rows_add_and_come_out_again() {
        let (start, row) = sample(130, 9);
        let mut acc = start.clone();
        add_row(&mut acc, &row);
        let mut expected = start.clone();
        add_row_body(&mut expected, &row);
        assert_eq!(acc, expected);
        assert!(
            acc.iter()
                .zip(&start)
                .zip(&row)
                .all(|((&a, &s), &r)| a == s.wrapping_add(r))
        );
        sub_row(&mut acc, &row);
        assert_eq!(acc, start);
    }

    #[test]
    fn apply_equals_a_copy_and_one_pass_per_row() {
        let rows: Vec<Vec<i16>> = (0..6).map(|seed| sample(130, 20 + seed).0).collect();
        let (from, _) = sample(130, 30);
        for (n_added, n_removed) in [
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (1, 2),
            (2, 2),
            (2, 1),
            (3, 3),
        ] {
            let added: Vec<&[i16]> = rows[..n_added].iter().map(Vec::as_slice).collect();
            let removed: Vec<&[i16]> = rows[3..3 + n_removed].iter().map(Vec::as_slice).collect();
            let mut expected = from.clone();
            for row in &added {
                add_row_body(&mut expected, row);
            }
            for row in &removed {
                sub_row_body(&mut expected, row);
            }
            let mut to = vec![0; 130];
            apply(&mut to, &from, &added, &removed);
            assert_eq!(to, expected, "{n_added} in, {n_removed} out");
            let mut body = vec![0; 130];
            apply_body(&mut body, &from, &added, &removed);
            assert_eq!(body, expected, "{n_added} in, {n_removed} out");
        }
    }
}
