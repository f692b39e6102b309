//! The trainer learns, is deterministic, resumes from checkpoints, and its
//! quantised net computes what its float weights do.

mod common;

use banco_nnue::{Layout, Network, TrainConfig, Trainer};
use common::material_positions;

fn config() -> TrainConfig {
    TrainConfig {
        hidden: 16,
        batch_size: 256,
        learning_rate: 0.01,
        lambda: 1.0,
        ..TrainConfig::default()
    }
}

#[test]
fn training_learns_material() {
    let data = material_positions(4_000, 7);
    let held_out = material_positions(500, 8);
    let config = config();
    let mut trainer = Trainer::new(Layout::Chess, &config);
    let all: Vec<usize> = (0..held_out.len()).collect();
    let before = trainer.loss(&held_out, &all, &config).loss;
    let order: Vec<usize> = (0..data.len()).collect();
    for _ in 0..30 {
        trainer.epoch(&data, &order, &config, &mut |_| {});
    }
    let after = trainer.loss(&held_out, &all, &config).loss;
    assert!(after < before / 4.0, "{before} -> {after}");
    // A queen up is good, a queen down bad, for whoever moves.
    let queen_up = [(4_usize, 5_u8), (60, 13), (3, 4)];
    let net = trainer.quantise(config.scale).unwrap();
    let view = |second: bool| -> Vec<usize> {
        queen_up
            .iter()
            .map(|&(s, c)| Layout::Chess.feature(s, c, second).unwrap())
            .collect()
    };
    let (white, black) = (view(false), view(true));
    assert!(
        net.evaluate(&white, &black) > 300,
        "{}",
        net.evaluate(&white, &black)
    );
    assert!(
        net.evaluate(&black, &white) < -300,
        "{}",
        net.evaluate(&black, &white)
    );
}

#[test]
fn the_quantised_net_computes_what_the_floats_do() {
    let data = material_positions(2_000, 3);
    for buckets in [1, 4] {
        let config = TrainConfig {
            buckets,
            ..config()
        };
        let mut trainer = Trainer::new(Layout::Chess, &config);
        let order: Vec<usize> = (0..data.len()).collect();
        for _ in 0..5 {
            trainer.epoch(&data, &order, &config, &mut |_| {});
        }
        let net = trainer.quantise(config.scale).unwrap();
        assert_eq!(net.buckets(), buckets);
        // Rounding each weight to its integer step moves a value by a few
        // centipawns (this small net's large weights, up to 16 on a rare
        // position); a wrong bucket or layout would move it by hundreds.
        let mut total_error = 0.0;
        for i in 0..200 {
            let p = data.get(i);
            let as_usize = |f: &[u16]| f.iter().map(|&f| usize::from(f)).collect::<Vec<_>>();
            let float = trainer.output(p.mover, p.other) * config.scale;
            let int = net.evaluate(&as_usize(p.mover), &as_usize(p.other));
            let error = (float - int as f32).abs();
            total_error += error;
            assert!(
                error <= 16.0 + 0.03 * float.abs(),
                "{buckets} buckets: {float} against {int}"
            );
        }
        assert!(
            total_error / 200.0 < 5.0,
            "{buckets} buckets: mean error {}",
            total_error / 200.0
        );
    }
}

#[test]
fn a_quantised_nets_loss_is_its_floats_within_rounding() {
    let data = material_positions(2_000, 5);
    let config = config();
    let mut trainer = Trainer::new(Layout::Chess, &config);
    let all: Vec<usize> = (0..data.len()).collect();
    let untrained = trainer.quantise(config.scale).unwrap();
    for _ in 0..10 {
        trainer.epoch(&data, &all, &config, &mut |_| {});
    }
    let float = trainer.loss(&data, &all, &config).loss;
    let net = trainer.quantise(config.scale).unwrap();
    let quantised = Trainer::net_loss(&net, &data, &all, &config).loss;
    assert!(
        (quantised - float).abs() <= 0.1 * float + 1e-4,
        "float {float}, quantised {quantised}"
    );
    // The output weights stay far inside their clip, so they are quantised
    // finer than QB and the scale is divided alike.
    assert!(net.scale() < config.scale as i32, "scale {}", net.scale());
    assert_eq!(config.scale as i32 % net.scale(), 0);
    // It reads the net it is given: the untrained one does far worse.
    let before = Trainer::net_loss(&untrained, &data, &all, &config).loss;
    assert!(
        before > 2.0 * quantised,
        "untrained {before}, trained {quantised}"
    );
}

#[test]
fn training_is_deterministic_and_resumes_from_a_checkpoint() {
    let data = material_positions(1_000, 11);
    let config = TrainConfig {
        threads: 2,
        buckets: 3,
        ..config()
    };
    let run = |epochs: u32| {
        let mut trainer = Trainer::new(Layout::Chess, &config);
        let order: Vec<usize> = (0..data.len()).collect();
        for _ in 0..epochs {
            trainer.epoch(&data, &order, &config, &mut |_| {});
        }
        trainer
    };
    let straight = run(3);
    assert_eq!(straight.to_checkpoint(), run(3).to_checkpoint());
    let mut resumed = Trainer::from_checkpoint(&run(2).to_checkpoint()).unwrap();
    let all: Vec<usize> = (0..data.len()).collect();
    resumed.epoch(&data, &all, &config, &mut |_| {});
    assert_eq!(resumed.epochs(), 3);
    assert_eq!(resumed.to_checkpoint(), straight.to_checkpoint());
}

#[test]
fn bad_checkpoints_are_refused() {
    let trainer = Trainer::new(Layout::Xiangqi, &config());
    let bytes = trainer.to_checkpoint();
    assert!(Trainer::from_checkpoint(&bytes).is_ok());
    assert!(Trainer::from_checkpoint(&bytes[..bytes.len() - 1]).is_err());
    assert!(Trainer::from_checkpoint(&bytes[..10]).is_err());
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Trainer::from_checkpoint(&longer).is_err());
    assert!(Network::from_bytes(&bytes).is_err());
}
