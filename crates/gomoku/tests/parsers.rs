//! No parser panics on arbitrary input; each returns a typed error instead,
//! and what they read they write back the same.

use banco_gomoku::{GomokuGame, Point, Rule, parse_size};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn points_never_panic(text in ".{0,12}", size in 0_u8..40) {
        let _ = Point::parse(&text, size);
    }

    #[test]
    fn point_like_text_never_panics(text in "[a-zA-Z]?-?[0-9]{0,4}(,-?[0-9]{0,12})?") {
        let _ = Point::parse(&text, 15);
    }

    #[test]
    fn points_round_trip(x in 0_u8..20, y in 0_u8..20) {
        let p = Point::new(x, y);
        prop_assert_eq!(Point::parse(&p.to_string(), 20), Ok(p));
        prop_assert_eq!(Point::parse(&p.to_gomocup(), 20), Ok(p));
    }

    #[test]
    fn names_never_panic(text in ".{0,16}") {
        let _ = text.parse::<Rule>();
        let _ = parse_size(&text);
    }

    #[test]
    fn move_lists_never_panic(text in "([a-q][0-9]{1,2} ){0,12}") {
        let _ = GomokuGame::from_moves(15, Rule::Renju, &text);
    }
}
