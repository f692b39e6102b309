//! Replays a game (`h8 i9 …`, freestyle 15×15) and prints, before every
//! move, whether the side to move has a VCF or a VCT: a tool for finding
//! where a lost game turned.
//!
//! `cargo run --release -p banco-gomoku --example replay_threats -- "h8 i9 …"`

use banco_gomoku::threat::{ThreatLimits, ThreatOutcome, vcf, vct};
use banco_gomoku::{GomokuGame, Rule, render};

fn main() {
    let moves: Vec<String> = std::env::args()
        .skip(1)
        .flat_map(|a| a.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let mut game = GomokuGame::new(15, Rule::Freestyle).expect("15 is a size");
    for (i, text) in moves.iter().enumerate() {
        let f = vcf(&game, ThreatLimits::nodes(200_000));
        let t = vct(&game, ThreatLimits::nodes(200_000), 3);
        let show = |o: &ThreatOutcome| match o {
            ThreatOutcome::Win(line) => format!(
                "win {}",
                line.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            ThreatOutcome::NoWin => "-".to_owned(),
            ThreatOutcome::Unknown => "?".to_owned(),
        };
        println!(
            "{:>3} {:<4} vcf {:<30} vct {}",
            i + 1,
            text,
            show(&f.outcome),
            show(&t.outcome)
        );
        if game.play_str(text).is_err() {
            println!("cannot play {text}");
            break;
        }
    }
    print!("{}", render::board_text(&game));
    println!("{}", render::status_text(&game));
}
