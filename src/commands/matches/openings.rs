//! Opening files for matches: each opening is played twice, colours swapped.
//!
//! One opening a line; `#` starts a comment. A line is one of:
//! - a FEN or EPD position (chess, xiangqi);
//! - `startpos moves M1 M2 …` or `fen FEN moves M1 M2 …` (xiangqi moves in
//!   Fairy-Stockfish's coordinates, ranks 1–10, as its tools write them);
//! - gomoku stones as Gomocup offsets from the centre: `0,0, 0,-1, 1,-2`
//!   (black, white, black, …).

use anyhow::{Context, bail};

use super::uci::shift_ranks;
use banco_games::{Playable, Setup};

/// Where a game starts: a position and the moves played from it.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    /// The position before the opening moves.
    pub setup: Setup,
    /// The opening's moves, in the game's own codes.
    pub moves: Vec<String>,
}

/// Reads an opening file for `G`, with the board options of `base`.
///
/// # Errors
///
/// A line that is none of the forms above, or a position or move `G` refuses.
pub fn parse<G: Playable>(text: &str, base: &Setup) -> anyhow::Result<Vec<Opening>> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let opening = parse_line::<G>(line, base)
            .with_context(|| format!("opening line {}: '{line}'", number + 1))?;
        // Play it through once so a bad opening fails now, not mid-match.
        let mut game = G::setup(&opening.setup)?;
        for code in &opening.moves {
            let mv = game.parse_move(code).map_err(|e| anyhow::anyhow!(e))?;
            game.make_move(mv);
        }
        openings.push(opening);
    }
    if openings.is_empty() {
        bail!("the opening file has no openings");
    }
    Ok(openings)
}

fn parse_line<G: Playable>(line: &str, base: &Setup) -> anyhow::Result<Opening> {
    let engine_move = |code: &str| {
        if G::INFO.uci_ranks_from_one {
            shift_ranks(code, -1)
        } else {
            code.to_owned()
        }
    };
    let with_moves = |position: Option<&str>, moves: &str| Opening {
        setup: Setup {
            position: position.map(str::to_owned),
            ..base.clone()
        },
        moves: moves.split_whitespace().map(engine_move).collect(),
    };
    if let Some(rest) = line.strip_prefix("startpos") {
        let moves = rest.trim().strip_prefix("moves").unwrap_or(rest.trim());
        return Ok(with_moves(None, moves));
    }
    if let Some(rest) = line.strip_prefix("fen ") {
        let (fen, moves) = rest.split_once(" moves").unwrap_or((rest, ""));
        return Ok(with_moves(Some(fen.trim()), moves));
    }
    if line
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '-' | ' '))
    {
        let size = i64::from(base.size.unwrap_or(15));
        let numbers: Vec<i64> = line
            .split(',')
            .map(|n| n.trim().parse::<i64>())
            .collect::<Result<_, _>>()
            .context("expected whole numbers")?;
        if !numbers.len().is_multiple_of(2) {
            bail!("offsets come in x,y pairs");
        }
        let moves = numbers
            .chunks(2)
            .map(|pair| format!("{},{}", size / 2 + pair[0], size / 2 + pair[1]))
            .collect();
        return Ok(Opening {
            setup: base.clone(),
            moves,
        });
    }
    Ok(Opening {
        setup: Setup {
            position: Some(line.to_owned()),
            ..base.clone()
        },
        moves: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_games::{ChessGame, GomokuGame, XiangqiGame};

    #[test]
    fn each_form_is_read() {
        let chess = parse::<ChessGame>(
            "# comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nstartpos moves e2e4 e7e5\n",
            &Setup::default(),
        )
        .unwrap();
        assert_eq!(chess.len(), 2);
        assert_eq!(chess[1].moves, ["e2e4", "e7e5"]);
        let xiangqi =
            parse::<XiangqiGame>("startpos moves h3e3 h10g8\n", &Setup::default()).unwrap();
        assert_eq!(xiangqi[0].moves, ["h2e2", "h9g7"]);
        let gomoku = parse::<GomokuGame>("0,0, 0,-1, 1,-2\n", &Setup::default()).unwrap();
        assert_eq!(gomoku[0].moves, ["7,7", "7,6", "8,5"]);
    }

    #[test]
    fn bad_lines_are_refused() {
        assert!(parse::<ChessGame>("", &Setup::default()).is_err());
        assert!(parse::<ChessGame>("not a fen", &Setup::default()).is_err());
        assert!(parse::<ChessGame>("startpos moves e2e5", &Setup::default()).is_err());
        assert!(parse::<GomokuGame>("0,0, 0", &Setup::default()).is_err());
        assert!(parse::<GomokuGame>("0,0, 0,0", &Setup::default()).is_err());
    }
}
