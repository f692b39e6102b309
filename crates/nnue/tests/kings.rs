//! King buckets: the file keeps the map, a bad map is refused, the trainer
//! learns with them (its shared rows folded into the quantised net), and
//! its checkpoints keep them.

mod common;

use banco_nnue::{Dataset, InputSet, KingBuckets, Layout, NetError, Network, TrainConfig, Trainer};
use common::material_positions;

fn king4() -> InputSet {
    InputSet {
        layout: Layout::Chess,
        kings: KingBuckets::scheme(Layout::Chess, "king4").unwrap(),
    }
}

fn config() -> TrainConfig {
    TrainConfig {
        hidden: 16,
        batch_size: 256,
        learning_rate: 0.01,
        lambda: 1.0,
        ..TrainConfig::default()
    }
}

/// The same random positions as `material_positions`, read with `inputs`.
fn material_positions_with(inputs: InputSet, count: usize, seed: u64) -> Dataset {
    let plain = material_positions(count, seed);
    let mut data = Dataset::with_inputs(inputs);
    for i in 0..plain.len() {
        let p = plain.get(i);
        // The plain set's mover inputs are (owner × 6 + kind) × 64 +
        // square from the mover's side; rebuild the pieces from them.
        let pieces: Vec<(u8, u8)> = p
            .mover
            .iter()
            .map(|&f| {
                let f = usize::from(f);
                let (owner_kind, square) = (f / 64, f % 64);
                let (theirs, kind) = (owner_kind / 6, owner_kind % 6);
                (square as u8, kind as u8 | if theirs == 1 { 8 } else { 0 })
            })
            .collect();
        let result = (p.result * 2.0).round() as u8;
        assert!(data.push(&pieces, false, p.score, result, p.game));
    }
    data
}

#[test]
fn a_net_with_king_buckets_reads_back_as_written() {
    let net = Trainer::with_inputs(king4(), &config())
        .quantise(400.0)
        .unwrap();
    assert_eq!(net.inputs(), king4());
    let bytes = net.to_bytes();
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 3);
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    assert_eq!(
        bytes.len(),
        banco_nnue::HEADER_BYTES + 64 + 2 * (4 * 768 * 16 + 16 + 32) + 4
    );
    for cut in 0..bytes.len() {
        assert!(Network::from_bytes(&bytes[..cut]).is_err(), "{cut}");
    }
    // A map naming a bucket the weights do not hold.
    let mut bad = bytes.clone();
    bad[banco_nnue::HEADER_BYTES] = 9;
    assert!(matches!(Network::from_bytes(&bad), Err(NetError::Shape(_))));
    // A plain net is still written as version 2.
    let plain = Trainer::new(Layout::Chess, &config())
        .quantise(400.0)
        .unwrap()
        .to_bytes();
    assert_eq!(u16::from_le_bytes([plain[8], plain[9]]), 2);
}

#[test]
fn training_with_king_buckets_learns_and_quantises_faithfully() {
    let data = material_positions_with(king4(), 4_000, 7);
    let held_out = material_positions_with(king4(), 500, 8);
    let config = config();
    let mut trainer = Trainer::with_inputs(king4(), &config);
    let all: Vec<usize> = (0..held_out.len()).collect();
    let before = trainer.loss(&held_out, &all, &config).loss;
    let order: Vec<usize> = (0..data.len()).collect();
    for _ in 0..20 {
        trainer.epoch(&data, &order, &config, &mut |_| {});
    }
    let after = trainer.loss(&held_out, &all, &config).loss;
    assert!(after < before / 4.0, "{before} -> {after}");
    // The shared rows are folded into each bucket's: the integer net
    // computes what the floats do, in every bucket.
    let net = trainer.quantise(config.scale).unwrap();
    let mut buckets_seen = [false; 4];
    for i in 0..300 {
        let p = data.get(i);
        for &f in p.mover.iter().chain(p.other) {
            buckets_seen[usize::from(f) / 768] = true;
        }
        let as_usize = |f: &[u16]| f.iter().map(|&f| usize::from(f)).collect::<Vec<_>>();
        let float = trainer.output(p.mover, p.other) * config.scale;
        let int = net.evaluate(&as_usize(p.mover), &as_usize(p.other));
        assert!(
            (float - int as f32).abs() <= 8.0 + 0.03 * float.abs(),
            "{float} against {int}"
        );
    }
    assert!(buckets_seen.iter().all(|&b| b), "{buckets_seen:?}");
}

#[test]
fn checkpoints_keep_the_king_buckets() {
    let data = material_positions_with(king4(), 500, 3);
    let config = config();
    let mut trainer = Trainer::with_inputs(king4(), &config);
    let order: Vec<usize> = (0..data.len()).collect();
    trainer.epoch(&data, &order, &config, &mut |_| {});
    let bytes = trainer.to_checkpoint();
    let back = Trainer::from_checkpoint(&bytes).unwrap();
    assert_eq!(back.inputs(), king4());
    assert_eq!(back.to_checkpoint(), bytes);
    for cut in [bytes.len() - 1, 30, 28 + 63] {
        assert!(Trainer::from_checkpoint(&bytes[..cut]).is_err(), "{cut}");
    }
}
