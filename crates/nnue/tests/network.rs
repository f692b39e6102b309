//! Net files: read back as written; every bad file refused with a typed
//! error, never a panic; accumulators updated piece by piece equal fresh
//! ones.

use banco_nnue::{Layout, NetError, Network, TrainConfig, Trainer};
use proptest::prelude::*;

fn small_net(layout: Layout) -> Network {
    let config = TrainConfig {
        hidden: 8,
        ..TrainConfig::default()
    };
    Trainer::new(layout, &config).quantise(400.0).unwrap()
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
