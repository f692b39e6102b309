//! The transposition table: a lockless hash table shared by all search threads.
//!
//! Each entry is two `AtomicU64` words. The data word packs:
//!
//! ```text
//!  63      58 57 56 55 54    48 47            32 31            16 15             0
//! +----------+-----+--+-------+----------------+----------------+----------------+
//! |generation|bound|pv| depth |  static eval   |     value      |    move key    |
//! +----------+-----+--+-------+----------------+----------------+----------------+
//! ```
//!
//! `pv` marks a position that was on a principal variation when stored
//! (Stockfish's `ttPv`).
//!
//! and the key word holds `hash ^ data`. A reader accepts an entry only if
//! `key ^ data` gives back its hash, so a torn write by another thread reads as
//! a miss rather than as another position's data (Hyatt's lockless hashing).
//! Entries sit in clusters of four (one 64-byte cache line); a store replaces
//! the same position's entry, else the shallowest or oldest of the cluster.
//!
//! Mate values are stored relative to the node, not the root: a mate in 3
//! found at ply 5 is stored as a mate in 3 from that node, so it reads true when
//! the position is reached at another ply.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::MATE_BOUND;
use crate::observer::Bound;

/// "No move" in an entry's move key.
pub const NO_MOVE: u16 = u16::MAX;

const CLUSTER: usize = 4;
/// The depth's bits in the data word, below the `pv` bit.
const DEPTH_MASK: u64 = 0x7f;
const ENTRY_BYTES: usize = 16;

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

/// Four entries on one cache line. The alignment is what makes a probe one
/// memory access: a plain `Vec<Entry>` is only 8-byte aligned, so most of its
/// 64-byte clusters would straddle two lines.
#[derive(Default)]
#[repr(align(64))]
struct Cluster([Entry; CLUSTER]);

const _: () = assert!(std::mem::size_of::<Cluster>() == CLUSTER * ENTRY_BYTES);

/// What a probe found.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct TtEntry {
    /// The best (or refuting) move's key, or [`NO_MOVE`].
    pub move_key: u16,
    /// The stored value, already converted back to the probing ply.
    pub value: i32,
    /// The static evaluation of the position.
    pub eval: i32,
    /// The remaining depth the value was searched to.
    pub depth: i32,
    /// What kind of bound `value` is.
    pub bound: Bound,
    /// Whether the position was on a principal variation when stored.
    pub pv: bool,
}

impl TtEntry {
    /// Whether the stored value settles a search of the window (`alpha`,
    /// `beta`): an exact value always does, a lower bound at or above beta
    /// and an upper bound at or below alpha do too.
    #[must_use]
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.value >= beta,
            Bound::Upper => self.value <= alpha,
        }
    }

    /// The better guess of the position's value between `static_eval` and
    /// the stored value: the stored one where its bound says the truth lies
    /// beyond the static value on its side (a lower bound above it, an
    /// upper bound below it, or an exact value), unless it is a mate score.
    #[must_use]
    pub fn refine(&self, static_eval: i32) -> i32 {
        let nearer = self.value.abs() < crate::MATE_BOUND
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.value > static_eval,
                Bound::Upper => self.value < static_eval,
            };
        if nearer { self.value } else { static_eval }
    }
}

/// A transposition table of the size asked for could not be allocated.
#[derive(Clone, Copy, Debug, Eq, PartialEq, thiserror::Error)]
#[error("cannot allocate a {mb} MiB transposition table: not enough memory")]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub mb: usize,
}

/// A lockless transposition table.
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    generation: AtomicU64,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("entries", &(self.clusters.len() * CLUSTER))
            .finish_non_exhaustive()
    }
}

fn bound_bits(bound: Bound) -> u64 {
    match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

fn bits_bound(bits: u64) -> Option<Bound> {
    match bits {
        1 => Some(Bound::Exact),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Upper),
        _ => None,
    }
}

/// Converts a value from root-relative to node-relative before storing.
fn value_to_tt(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= MATE_BOUND {
        value + ply
    } else if value <= -MATE_BOUND {
        value - ply
    } else {
        value
    }
}

/// Converts a stored node-relative value back to the probing ply.
fn value_from_tt(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= MATE_BOUND {
        value - ply
    } else if value <= -MATE_BOUND {
        value + ply
    } else {
        value
    }
}

#[allow(clippy::cast_sign_loss)] // packing signed 16-bit fields into bits
fn pack(
    move_key: u16,
    value: i32,
    eval: i32,
    depth: i32,
    bound: Bound,
    pv: bool,
    generation: u64,
) -> u64 {
    let value = value.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16;
    let eval = eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16;
    let depth = depth.clamp(0, DEPTH_MASK as i32) as u64;
    u64::from(move_key)
        | u64::from(value) << 16
        | u64::from(eval) << 32
        | depth << 48
        | u64::from(pv) << 55
        | bound_bits(bound) << 56
        | (generation & 0x3f) << 58
}

#[allow(clippy::cast_possible_truncation)] // unpacking fixed-width fields
fn unpack(data: u64, ply: usize) -> Option<TtEntry> {
    let bound = bits_bound((data >> 56) & 3)?;
    Some(TtEntry {
        move_key: data as u16,
        value: value_from_tt(i32::from((data >> 16) as u16 as i16), ply),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: ((data >> 48) & DEPTH_MASK) as i32,
        bound,
        pv: (data >> 55) & 1 == 1,
    })
}

impl TranspositionTable {
    /// A table of about `mb` MiB (at least one cluster).
    ///
    /// # Panics
    ///
    /// When the memory cannot be had, as any allocation; a size that comes
    /// from input goes through [`TranspositionTable::try_new`].
    #[must_use]
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|err| panic!("{err}"))
    }

    /// A table of about `mb` MiB (at least one cluster), or an error when
    /// the memory cannot be had.
    ///
    /// # Errors
    ///
    /// [`TableAllocError`] when `mb` MiB do not fit in the address space or
    /// the allocator refuses them.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, TableAllocError> {
        let bytes = mb
            .max(1)
            .checked_mul(1024 * 1024)
            .ok_or(TableAllocError { mb })?;
        let count = (bytes / (ENTRY_BYTES * CLUSTER)).max(1);
        let mut clusters = Vec::new();
        clusters
            .try_reserve_exact(count)
            .map_err(|_| TableAllocError { mb })?;
        clusters.resize_with(count, Cluster::default);
        Ok(TranspositionTable {
            clusters,
            generation: AtomicU64::new(0),
        })
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        for entry in self.clusters.iter_mut().flat_map(|c| c.0.iter_mut()) {
            *entry.key.get_mut() = 0;
            *entry.data.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed) & 0x3f
    }

    #[allow(clippy::cast_possible_truncation)] // the product is below the table length
    fn cluster(&self, hash: u64) -> &[Entry; CLUSTER] {
        let clusters = self.clusters.len() as u64;
        let index = ((u128::from(hash) * u128::from(clusters)) >> 64) as usize;
        &self.clusters[index].0
    }

    /// Starts loading the cluster of `hash` into the cache and returns at
    /// once. The table is far larger than the caches, so a probe mostly
    /// waits on memory; asked for while the move is being made, the line
    /// is there by the time the child probes.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let line: *const Entry = self.cluster(hash).as_ptr();
            // SAFETY: a prefetch is a hint to the cache: it never faults,
            // reads nothing into the program and writes nothing, whatever
            // the address (this one points into the table). Measured
            // reason in docs/search.md (the prefetch row).
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(line.cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks the position up; `ply` converts mate values to the caller's distance.
    #[must_use]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtEntry> {
        for entry in self.cluster(hash) {
            let data = entry.data.load(Ordering::Relaxed);
            let key = entry.key.load(Ordering::Relaxed);
            if key ^ data == hash && data != 0 {
                return unpack(data, ply);
            }
        }
        None
    }

    /// Stores a search result. A `move_key` of [`NO_MOVE`] keeps the move the
    /// entry already had for this position.
    #[allow(clippy::too_many_arguments)] // one field each of the packed entry
    pub fn store(
        &self,
        hash: u64,
        ply: usize,
        move_key: u16,
        value: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let generation = self.generation();
        let cluster = self.cluster(hash);
        let mut victim = &cluster[0];
        let mut victim_worth = i32::MAX;
        for entry in cluster {
            let data = entry.data.load(Ordering::Relaxed);
            let key = entry.key.load(Ordering::Relaxed);
            if key ^ data == hash && data != 0 {
                // Same position: a bound from a much shallower search (a
                // quiescence store, say) must not overwrite a deep result of
                // this search; it only brings its better move, if it has one.
                let old = unpack(data, ply);
                if let Some(old) = old {
                    let same_search = (data >> 58) & 0x3f == generation;
                    if same_search && bound != Bound::Exact && old.depth > depth + 3 {
                        if move_key != NO_MOVE && move_key != old.move_key {
                            Self::write(
                                entry, hash, ply, move_key, old.value, old.eval, old.depth,
                                old.bound, old.pv, generation,
                            );
                        }
                        return;
                    }
                    let move_key = if move_key == NO_MOVE {
                        old.move_key
                    } else {
                        move_key
                    };
                    Self::write(
                        entry, hash, ply, move_key, value, eval, depth, bound, pv, generation,
                    );
                    return;
                }
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                let age = (generation + 64 - ((data >> 58) & 0x3f)) & 0x3f;
                ((data >> 48) & DEPTH_MASK) as i32 - 8 * age as i32
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        Self::write(
            victim, hash, ply, move_key, value, eval, depth, bound, pv, generation,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn write(
        entry: &Entry,
        hash: u64,
        ply: usize,
        move_key: u16,
        value: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
        generation: u64,
    ) {
        let data = pack(
            move_key,
            value_to_tt(value, ply),
            eval,
            depth,
            bound,
            pv,
            generation,
        );
        entry.data.store(data, Ordering::Relaxed);
        entry.key.store(hash ^ data, Ordering::Relaxed);
    }

    /// How full the table is with this search's entries, in permille (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample_clusters = self.clusters.len().min(1000 / CLUSTER);
        let sample = sample_clusters * CLUSTER;
        let generation = self.generation();
        let used = self.clusters[..sample_clusters]
            .iter()
            .flat_map(|c| c.0.iter())
            .filter(|e| {
                let data = e.data.load(Ordering::Relaxed);
                data != 0 && (data >> 58) & 0x3f == generation
            })
            .count();
        u32::try_from(used * 1000 / sample.max(1)).unwrap_or(1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{mate_in, mated_in};

    #[test]
    fn refine_takes_the_stored_value_only_beyond_the_static_value() {
        let entry = |value, bound| TtEntry {
            move_key: NO_MOVE,
            value,
            eval: 0,
            depth: 3,
            bound,
            pv: false,
        };
        assert_eq!(entry(50, Bound::Lower).refine(10), 50);
        assert_eq!(entry(5, Bound::Lower).refine(10), 10);
        assert_eq!(entry(-50, Bound::Upper).refine(10), -50);
        assert_eq!(entry(50, Bound::Upper).refine(10), 10);
        assert_eq!(entry(-7, Bound::Exact).refine(10), -7);
        assert_eq!(entry(mate_in(3), Bound::Lower).refine(10), 10);
    }

    #[test]
    fn stores_and_probes() {
        let tt = TranspositionTable::new(1);
        tt.store(0xdead_beef, 0, 42, -17, 5, 7, Bound::Lower, true);
        let e = tt.probe(0xdead_beef, 0).unwrap();
        assert_eq!(
            e,
            TtEntry {
                move_key: 42,
                value: -17,
                eval: 5,
                depth: 7,
                bound: Bound::Lower,
                pv: true,
            }
        );
        assert!(tt.probe(0xdead_bef0, 0).is_none());
    }

    #[test]
    fn mate_values_are_node_relative() {
        let tt = TranspositionTable::new(1);
        // Mate in 5 plies from the root, found at ply 3: mate in 2 from the node.
        tt.store(1, 3, NO_MOVE, mate_in(5), 0, 4, Bound::Exact, false);
        assert_eq!(tt.probe(1, 3).unwrap().value, mate_in(5));
        assert_eq!(tt.probe(1, 1).unwrap().value, mate_in(3));
        tt.store(2, 2, NO_MOVE, mated_in(6), 0, 4, Bound::Exact, false);
        assert_eq!(tt.probe(2, 4).unwrap().value, mated_in(8));
    }

    #[test]
    fn keeps_the_move_when_none_is_given() {
        let tt = TranspositionTable::new(1);
        tt.store(9, 0, 7, 10, 0, 3, Bound::Exact, false);
        tt.store(9, 0, NO_MOVE, 12, 0, 4, Bound::Upper, false);
        let e = tt.probe(9, 0).unwrap();
        assert_eq!((e.move_key, e.value, e.depth), (7, 12, 4));
    }

    #[test]
    fn colliding_positions_fill_the_cluster_then_replace_the_shallowest() {
        let tt = TranspositionTable::new(1);
        // Hashes with equal high bits land in the same cluster.
        let base = 0x1234_0000_0000_0000_u64;
        for i in 0..4_u64 {
            tt.store(base + i, 0, 1, 0, 0, 10 + i as i32, Bound::Exact, false);
        }
        for i in 0..4_u64 {
            assert!(tt.probe(base + i, 0).is_some());
        }
        tt.store(base + 9, 0, 1, 0, 0, 20, Bound::Exact, false);
        assert!(tt.probe(base, 0).is_none(), "the shallowest entry goes");
        assert!(tt.probe(base + 9, 0).is_some());
    }

    #[test]
    fn a_size_beyond_the_address_space_is_an_error() {
        assert_eq!(
            TranspositionTable::try_new(usize::MAX).unwrap_err(),
            TableAllocError { mb: usize::MAX }
        );
        assert!(TranspositionTable::try_new(1).is_ok());
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for i in 0..100_000_u64 {
            tt.store(
                i.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                1,
                0,
                0,
                1,
                Bound::Exact,
                false,
            );
        }
        assert!(tt.hashfull() > 0);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert!(tt.probe(0x9E37_79B9_7F4A_7C15, 0).is_none());
    }
}
