//! Net files: read back as written; every bad file refused with a typed
//! error, never a panic; accumulators updated piece by piece equal fresh
//! ones.

use banco_nnue::{
    AccumulatorStack, HEADER_BYTES, Layout, NetError, Network, TrainConfig, Trainer, View,
    output_bucket,
};
use proptest::prelude::*;

fn small_net(layout: Layout) -> Network {
    bucketed_net(layout, 1)
}

fn bucketed_net(layout: Layout, buckets: usize) -> Network {
    let config = TrainConfig {
        hidden: 8,
        buckets,
        ..TrainConfig::default()
    };
    Trainer::new(layout, &config).quantise(400.0).unwrap()
}

#[test]
fn buckets_split_the_piece_counts_evenly() {
    assert_eq!(output_bucket(2, 8), 0);
    assert_eq!(output_bucket(5, 8), 0);
    assert_eq!(output_bucket(6, 8), 1);
    assert_eq!(output_bucket(17, 8), 3);
    assert_eq!(output_bucket(32, 8), 7);
    assert_eq!(output_bucket(40, 8), 7, "more pieces than a full board");
    assert_eq!(output_bucket(0, 8), 0);
    for pieces in 0..40 {
        assert_eq!(output_bucket(pieces, 1), 0);
    }
}

#[test]
fn bucketed_nets_read_back_and_first_version_files_are_one_bucket() {
    let net = bucketed_net(Layout::Xiangqi, 4);
    let bytes = net.to_bytes();
    assert_eq!(
        bytes.len(),
        HEADER_BYTES + 2 * (Layout::Xiangqi.inputs() * 8 + 8 + 4 * 16) + 4 * 4
    );
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    // A file of the first version: one output layer, zero where the
    // bucket count now is.
    let single = small_net(Layout::Chess);
    let mut first_version = single.to_bytes();
    first_version[8] = 1;
    first_version[16] = 0;
    assert_eq!(Network::from_bytes(&first_version).unwrap(), single);
    first_version[16] = 2;
    assert!(matches!(
        Network::from_bytes(&first_version),
        Err(NetError::Shape(_))
    ));
    for buckets in [0_u8, 17] {
        let mut wrong = bytes.clone();
        wrong[16] = buckets;
        assert!(matches!(
            Network::from_bytes(&wrong),
            Err(NetError::Shape(_))
        ));
    }
}

#[test]
fn a_bucketed_net_reads_the_piece_count_in_the_stack_too() {
    let net = std::sync::Arc::new(bucketed_net(Layout::Chess, 8));
    // Kings on e1 and e8, a white queen on d1 and a black rook on a8.
    let pieces = [(4_usize, 5_u8), (60, 13), (3, 4), (56, 11)];
    let view = |black: bool, n: usize| -> Vec<usize> {
        pieces[..n]
            .iter()
            .map(|&(s, c)| Layout::Chess.feature(s, c, black).unwrap())
            .collect()
    };
    let mut stack = AccumulatorStack::new(net.clone(), 0, &view(false, 3), &view(true, 3));
    assert_eq!(
        stack.value(0, View::First),
        net.evaluate(&view(false, 3), &view(true, 3))
    );
    stack.push(1);
    let (rook, rook_black) = (
        Layout::Chess.feature(56, 11, false).unwrap(),
        Layout::Chess.feature(56, 11, true).unwrap(),
    );
    stack.change(1, View::First, rook, true);
    stack.change(1, View::Second, rook_black, true);
    assert_eq!(
        stack.value(1, View::Second),
        net.evaluate(&view(true, 4), &view(false, 4))
    );
    assert_eq!(
        stack.value(0, View::First),
        net.evaluate(&view(false, 3), &view(true, 3))
    );
}

#[test]
fn nets_read_back_as_written() {
    for layout in [Layout::Chess, Layout::Xiangqi] {
        let net = small_net(layout);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        assert_eq!(
            bytes.len(),
            banco_nnue::HEADER_BYTES + 2 * (layout.inputs() * 8 + 8 + 16) + 4
        );
    }
}

#[test]
fn bad_files_are_refused_with_their_reason() {
    let bytes = small_net(Layout::Chess).to_bytes();
    assert!(matches!(
        Network::from_bytes(&bytes[..bytes.len() - 1]),
        Err(NetError::Truncated { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Network::from_bytes(&longer),
        Err(NetError::Trailing { .. })
    ));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(Network::from_bytes(&magic), Err(NetError::NotANet));
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(Network::from_bytes(&version), Err(NetError::Version(9)));
    let mut layout = bytes.clone();
    layout[10] = 7;
    assert_eq!(Network::from_bytes(&layout), Err(NetError::Layout(7)));
    let mut hidden = bytes.clone();
    hidden[12] = 0;
    assert!(matches!(
        Network::from_bytes(&hidden),
        Err(NetError::Shape(_))
    ));
    // An output weight beyond the bound the arithmetic relies on.
    let mut heavy = bytes.clone();
    let first_output = bytes.len() - 4 - 2 * 16;
    heavy[first_output..first_output + 2].copy_from_slice(&1000_i16.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&heavy),
        Err(NetError::Shape(_))
    ));
    for cut in 0..bytes.len() {
        assert!(Network::from_bytes(&bytes[..cut]).is_err(), "{cut}");
    }
}

proptest! {
    #[test]
    fn any_bytes_are_a_net_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Network::from_bytes(&bytes);
        let _ = Trainer::from_checkpoint(&bytes);
    }

    #[test]
    fn a_corrupted_net_is_refused_or_evaluates_without_panicking(
        at in 0_usize..1000,
        byte in any::<u8>(),
    ) {
        let mut bytes = small_net(Layout::Xiangqi).to_bytes();
        let at = at % bytes.len();
        bytes[at] = byte;
        if let Ok(net) = Network::from_bytes(&bytes) {
            let _ = net.evaluate(&[0, 5, 1259], &[3, 4]);
        }
    }

    #[test]
    fn accumulators_updated_piece_by_piece_equal_fresh_ones(
        moves in proptest::collection::vec((0_usize..768, any::<bool>()), 1..60),
    ) {
        let net = small_net(Layout::Chess);
        let mut incremental = vec![0_i16; net.hidden()];
        net.refresh(&mut incremental, &[]);
        let mut present: Vec<usize> = Vec::new();
        for (feature, add) in moves {
            if add || present.is_empty() {
                net.add(&mut incremental, feature);
                present.push(feature);
            } else {
                let gone = present.remove(feature % present.len());
                net.remove(&mut incremental, gone);
            }
        }
        let mut fresh = vec![0_i16; net.hidden()];
        net.refresh(&mut fresh, &present);
        prop_assert_eq!(incremental, fresh);
    }
}
