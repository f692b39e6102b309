//! The net a game's `nnue` evaluator plays with: the one shipped in the
//! binary until another is loaded in its place.

use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use crate::{Layout, NetError, Network};

/// One game's net in use, shared by every search (each search takes its
/// own handle when it starts, so a net loaded mid-search takes effect at
/// the next one).
pub struct NetSlot {
    layout: Layout,
    shipped: &'static [u8],
    embedded: OnceLock<Arc<Network>>,
    current: OnceLock<RwLock<Arc<Network>>>,
}

impl NetSlot {
    /// A slot for `layout`'s nets whose shipped net is the file `shipped`
    /// (an `include_bytes!`).
    #[must_use]
    pub const fn new(layout: Layout, shipped: &'static [u8]) -> NetSlot {
        NetSlot {
            layout,
            shipped,
            embedded: OnceLock::new(),
            current: OnceLock::new(),
        }
    }

    /// The game the slot's nets evaluate.
    #[must_use]
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// The shipped net.
    ///
    /// # Panics
    ///
    /// When the shipped file is not a net of the slot's game: a build
    /// error that each game's tests catch.
    #[must_use]
    pub fn embedded(&self) -> Arc<Network> {
        self.embedded
            .get_or_init(|| {
                let net = Network::from_bytes(self.shipped)
                    .and_then(|net| self.check(net))
                    .unwrap_or_else(|err| panic!("the shipped {} net: {err}", self.layout.name()));
                Arc::new(net)
            })
            .clone()
    }

    fn slot(&self) -> &RwLock<Arc<Network>> {
        self.current.get_or_init(|| RwLock::new(self.embedded()))
    }

    fn check(&self, net: Network) -> Result<Network, NetError> {
        if net.layout() == self.layout {
            Ok(net)
        } else {
            Err(NetError::WrongGame {
                expected: self.layout.name(),
                found: net.layout().name(),
            })
        }
    }

    /// The net in use.
    #[must_use]
    pub fn current(&self) -> Arc<Network> {
        self.slot()
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Plays with the net of a file's bytes from the next search on.
    ///
    /// # Errors
    ///
    /// A file that is not a net, or a net of another game: the net in use
    /// stays.
    pub fn load(&self, bytes: &[u8]) -> Result<(), NetError> {
        let net = self.check(Network::from_bytes(bytes)?)?;
        *self.slot().write().unwrap_or_else(PoisonError::into_inner) = Arc::new(net);
        Ok(())
    }

    /// Plays with the shipped net again.
    pub fn use_embedded(&self) {
        *self.slot().write().unwrap_or_else(PoisonError::into_inner) = self.embedded();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{TrainConfig, Trainer};

    fn net_bytes(layout: Layout, seed: u64) -> Vec<u8> {
        let config = TrainConfig {
            hidden: 8,
            seed,
            ..TrainConfig::default()
        };
        Trainer::new(layout, &config)
            .quantise(400.0)
            .unwrap()
            .to_bytes()
    }

    #[test]
    fn a_loaded_net_replaces_the_shipped_one_until_it_comes_back() {
        let shipped: &'static [u8] = Box::leak(net_bytes(Layout::Xiangqi, 1).into_boxed_slice());
        let slot = NetSlot::new(Layout::Xiangqi, shipped);
        assert_eq!(slot.current().to_bytes(), shipped);
        let other = net_bytes(Layout::Xiangqi, 2);
        slot.load(&other).unwrap();
        assert_eq!(slot.current().to_bytes(), other);
        slot.use_embedded();
        assert_eq!(slot.current().to_bytes(), shipped);
    }

    #[test]
    fn a_bad_or_foreign_net_is_refused_and_the_net_in_use_stays() {
        let shipped: &'static [u8] = Box::leak(net_bytes(Layout::Xiangqi, 1).into_boxed_slice());
        let slot = NetSlot::new(Layout::Xiangqi, shipped);
        let chess = net_bytes(Layout::Chess, 3);
        assert_eq!(
            slot.load(&chess),
            Err(NetError::WrongGame {
                expected: "xiangqi",
                found: "chess"
            })
        );
        assert!(slot.load(&shipped[..shipped.len() - 1]).is_err());
        assert!(slot.load(b"not a net").is_err());
        assert_eq!(slot.current().to_bytes(), shipped);
    }
}
