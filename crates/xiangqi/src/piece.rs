//! Colours, piece kinds and their letters.

use banco_search::Side;

/// Red moves first and sits on ranks 0–4; black on ranks 5–9.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Color {
    /// The first player (uppercase letters in FEN).
    Red,
    /// The second player (lowercase letters).
    Black,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for red, 1 for black.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::Red => 0,
            Color::Black => 1,
        }
    }

    /// The search's name for this player.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Color::Red => Side::First,
            Color::Black => Side::Second,
        }
    }

    /// The colour's name in English.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

/// The seven kinds of piece.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// 帥/將: moves one point orthogonally inside the palace.
    General,
    /// 仕/士: moves one point diagonally inside the palace.
    Advisor,
    /// 相/象: moves two points diagonally on its own side, blocked at the eye.
    Elephant,
    /// 傌/馬: one point orthogonally then one diagonally, blocked at the leg.
    Horse,
    /// 俥/車: slides orthogonally.
    Chariot,
    /// 炮/砲: slides orthogonally, captures by jumping exactly one screen.
    Cannon,
    /// 兵/卒: one point forward; also sideways after crossing the river.
    Soldier,
}

impl Kind {
    /// All kinds, general first.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// 0..7, in the order of [`Kind::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind a side starts with (and can ever have).
    #[must_use]
    pub const fn max_count(self) -> usize {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }

    /// The FEN letter, uppercase (Fairy-Stockfish and Pikafish: K A B N R C P).
    #[must_use]
    pub const fn fen_letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        }
    }

    /// The WXF letter (K A E H R C P).
    #[must_use]
    pub const fn wxf_letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'E',
            Kind::Horse => 'H',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        }
    }

    /// The kind a letter names, in either FEN's or WXF's alphabet (case ignored;
    /// `G`/`S` for general and soldier are accepted too).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        Some(match letter.to_ascii_uppercase() {
            'K' | 'G' => Kind::General,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Chariot,
            'C' => Kind::Cannon,
            'P' | 'S' => Kind::Soldier,
            _ => return None,
        })
    }

    /// The traditional character, red's or black's form.
    #[must_use]
    pub const fn chinese(self, color: Color) -> char {
        match (self, color) {
            (Kind::General, Color::Red) => '帥',
            (Kind::General, Color::Black) => '將',
            (Kind::Advisor, Color::Red) => '仕',
            (Kind::Advisor, Color::Black) => '士',
            (Kind::Elephant, Color::Red) => '相',
            (Kind::Elephant, Color::Black) => '象',
            (Kind::Horse, Color::Red) => '傌',
            (Kind::Horse, Color::Black) => '馬',
            (Kind::Chariot, Color::Red) => '俥',
            (Kind::Chariot, Color::Black) => '車',
            (Kind::Cannon, Color::Red) => '炮',
            (Kind::Cannon, Color::Black) => '砲',
            (Kind::Soldier, Color::Red) => '兵',
            (Kind::Soldier, Color::Black) => '卒',
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The FEN letter: uppercase for red, lowercase for black.
    #[must_use]
    pub fn fen_char(self) -> char {
        let letter = self.kind.fen_letter();
        match self.color {
            Color::Red => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    /// The cell code the mailbox stores: 1..=7 red, 9..=15 black.
    pub(crate) const fn code(self) -> u8 {
        1 + self.kind as u8 + 8 * self.color.index() as u8
    }

    /// The piece a cell code names, if it names one.
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let color = match code {
            1..=7 => Color::Red,
            9..=15 => Color::Black,
            _ => return None,
        };
        let kind = match (code & 7) - 1 {
            0 => Kind::General,
            1 => Kind::Advisor,
            2 => Kind::Elephant,
            3 => Kind::Horse,
            4 => Kind::Chariot,
            5 => Kind::Cannon,
            _ => Kind::Soldier,
        };
        Some(Piece { color, kind })
    }
}
