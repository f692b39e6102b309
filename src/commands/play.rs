//! `banco play`: a game in the terminal, human or computer on either side,
//! with the seeds' panels after every move.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use banco_games::computer::{SearchPlan, plan, think};
use banco_games::{ComputerSettings, GameKind, RecordHeader};
use banco_search::{
    Algorithm, EvaluatorStrength, Game, Level, Limits, SearchConfig, Searcher, Silent,
};
use clap::{Args, ValueEnum};

use super::args::GameArgs;
use crate::terminal::Style;
use crate::terminal::game::CliGame;
use crate::terminal::panel::{computer_panel, game_panel, move_list};

/// Who plays a side.
#[derive(Copy, Clone, Debug, Eq, PartialEq, ValueEnum)]
pub enum Player {
    /// Moves typed at the prompt.
    Human,
    /// Banco.
    Computer,
}

/// Arguments of `banco play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game and its position.
    #[command(flatten)]
    pub game: GameArgs,
    /// Who plays first: white in chess, red in xiangqi (`--red` works too).
    #[arg(long, alias = "red", default_value = "human")]
    pub white: Player,
    /// Who plays second: black.
    #[arg(long, default_value = "computer")]
    pub black: Player,
    /// The computer's level, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value = "10")]
    pub level: Level,
    /// The computer's time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// The computer's algorithm: minimax, alphabeta, engine, mtdf.
    #[arg(long, default_value = "engine")]
    pub algorithm: Algorithm,
    /// The computer's evaluator, simple or strong (default: the level's).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Draw the board with letters (FEN letters for xiangqi) and no colours.
    #[arg(long)]
    pub ascii: bool,
    /// Show the board from the second player's side.
    #[arg(long)]
    pub flip: bool,
}

impl Default for PlayArgs {
    fn default() -> PlayArgs {
        PlayArgs {
            game: GameArgs::of(GameKind::Chess),
            white: Player::Human,
            black: Player::Computer,
            level: Level::MAX,
            movetime: 1000,
            algorithm: Algorithm::Engine,
            evaluator: None,
            ascii: false,
            flip: false,
        }
    }
}

const COMMANDS: &str = "  z, undo     take back your last move (and the computer's reply)
  r, reset    start again from the first position
  f, flip     turn the board around
  moves       list the legal moves
  level N     set the computer's level (1-10)
  fen         print the position as FEN
  pgn         print the game as PGN (chess)
  history     print the moves so far
  board       draw the board again
  help, ?     this list
  q, quit     leave";

struct Session<G: CliGame, W: Write> {
    game: G,
    start: G,
    players: [Player; 2],
    level: Level,
    algorithm: Algorithm,
    evaluator: Option<EvaluatorStrength>,
    movetime: Duration,
    flipped: bool,
    style: Style,
    searcher: Searcher,
    searches: u64,
    /// When this game began (the PGN's date).
    started: SystemTime,
    out: W,
}

/// Seconds since 1970 at `time` (0 for a clock set before then).
fn unix_seconds(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl<G: CliGame, W: Write> Session<G, W> {
    fn player_to_move(&self) -> Player {
        self.players[self.game.side_to_move().index()]
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    fn show(&mut self) {
        let board = self.game.render(self.flipped, self.style);
        let _ = write!(self.out, "\n{board}");
        let panel = game_panel(&self.game);
        self.say(&panel);
        let list = move_list(&self.game, 8);
        if !list.is_empty() {
            self.say(&format!("Moves: {list}"));
        }
    }

    /// Plays the computer's move and prints the panel.
    fn computer_move(&mut self) {
        self.searches += 1;
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ self.searches;
        let computer = ComputerSettings {
            level: self.level,
            algorithm: self.algorithm,
            evaluator: self.evaluator,
        };
        let plan = computer_plan::<G>(&computer, self.movetime, seed);
        let result = think(&self.game, &mut self.searcher, &plan, &mut Silent);
        let Some(mv) = result.best_move else {
            return;
        };
        let san = self.game.move_text(mv);
        let panel = computer_panel(
            self.algorithm.name(),
            self.level.get(),
            &result.report,
            &self.game,
        );
        self.game.make_move(mv);
        self.say(&format!("\nBanco plays {san}"));
        self.say(&format!("  {panel}"));
        self.show();
    }

    fn undo(&mut self) {
        if self.game.plies() == 0 {
            self.say("Nothing to undo.");
            return;
        }
        let humans = self.players.contains(&Player::Human);
        self.game.take_back();
        // Back to the last position where a human was to move.
        while humans && self.player_to_move() == Player::Computer && self.game.plies() > 0 {
            self.game.take_back();
        }
        self.show();
    }

    /// Handles a line typed by the human. Returns `false` to leave.
    fn handle(&mut self, line: &str) -> bool {
        let input = line.trim();
        let lower = input.to_ascii_lowercase();
        match lower.as_str() {
            "" => {}
            "q" | "quit" | "exit" => return false,
            "help" | "?" | "h" => {
                let help = format!(
                    "Type a move as {}, or a command:\n{COMMANDS}",
                    G::INFO.move_help
                );
                self.say(&help);
            }
            "history" => {
                let text = self.game.history_text();
                self.say(&text);
            }
            "z" | "undo" => self.undo(),
            "r" | "reset" => {
                self.game = self.start.clone();
                self.started = SystemTime::now();
                self.searcher.clear();
                self.say("New game.");
                self.show();
            }
            "f" | "flip" => {
                self.flipped = !self.flipped;
                self.show();
            }
            "board" => self.show(),
            "fen" => {
                let fen = self.game.position();
                self.say(&fen);
            }
            "pgn" => {
                let name = |p: Player| match p {
                    Player::Human => "Human".to_owned(),
                    Player::Computer => format!("Banco level {}", self.level),
                };
                let players = [name(self.players[0]), name(self.players[1])];
                let result = self.game.ending().map_or("*", |e| e.result);
                let header = RecordHeader {
                    players: [players[0].as_str(), players[1].as_str()],
                    result,
                    created_ms: unix_seconds(self.started).saturating_mul(1000),
                };
                match self.game.record("pgn", &header) {
                    Some(pgn) => self.say(pgn.trim_end()),
                    None => self.say(
                        "No PGN for this game: 'history' lists the moves, 'fen' the position.",
                    ),
                }
            }
            "moves" => {
                // What a player may play (in gomoku every empty point, not
                // only the search's candidates near the stones).
                let list: Vec<String> = self
                    .game
                    .playable_moves()
                    .into_iter()
                    .map(|mv| self.game.move_text(mv))
                    .collect();
                self.say(&list.join(" "));
            }
            _ if lower.starts_with("level") => {
                match lower["level".len()..].trim().parse::<Level>() {
                    Ok(level) => {
                        self.level = level;
                        self.say(&format!("Level {level}."));
                    }
                    Err(err) => self.say(&err.to_string()),
                }
            }
            _ if self.game.ending().is_some() => {
                self.say("The game is over: z to take back, r for a new game, q to leave.");
            }
            _ => match self.game.parse_move(input) {
                Ok(mv) => {
                    self.game.make_move(mv);
                    self.show();
                }
                Err(err) => self.say(&format!("{err}. Type 'help' for commands.")),
            },
        }
        true
    }

    fn announce_end(&mut self) {
        if let Some(ending) = self.game.ending() {
            self.say(&format!("Game over: {}.", ending.summary()));
        }
    }
}

/// The terminal computer's plan: the player's move time, a 64 MiB table,
/// and the level through the game layer, as every front end plans it.
#[must_use]
pub fn computer_plan<G: Game>(
    computer: &ComputerSettings,
    movetime: Duration,
    seed: u64,
) -> SearchPlan {
    let config = SearchConfig {
        hash_mb: 64,
        move_overhead: Duration::ZERO,
        ..SearchConfig::default()
    };
    plan::<G>(computer, config, Limits::move_time(movetime), seed)
}

/// Plays a game on standard input and output.
pub fn run<G: CliGame>(args: &PlayArgs) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let terminal = stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    play::<G, _, _>(args, stdin.lock(), stdout.lock(), terminal)
}

/// Plays a game reading lines from `input`.
pub fn play<G: CliGame, R: BufRead, W: Write>(
    args: &PlayArgs,
    input: R,
    out: W,
    terminal: bool,
) -> anyhow::Result<()> {
    let start = G::setup(&args.game.setup())?;
    let evaluator = args
        .evaluator
        .as_deref()
        .map(str::parse::<EvaluatorStrength>)
        .transpose()?;
    let style = if args.ascii || !terminal {
        Style::PLAIN
    } else {
        Style {
            color: true,
            unicode: true,
        }
    };
    let mut session = Session {
        game: start.clone(),
        start,
        players: [args.white, args.black],
        level: args.level,
        algorithm: args.algorithm,
        evaluator,
        movetime: Duration::from_millis(args.movetime.max(1)),
        flipped: args.flip || (args.white == Player::Computer && args.black == Player::Human),
        style,
        searcher: Searcher::new(SearchConfig {
            hash_mb: 64,
            ..SearchConfig::default()
        }),
        searches: 0,
        started: SystemTime::now(),
        out,
    };
    session.say(&format!(
        "Banco · {} · type 'help' for commands",
        G::INFO.name
    ));
    session.show();
    let mut lines = banco_protocol::input::LossyLines::new(input);
    let mut announced = false;
    loop {
        if session.game.ending().is_some() {
            if !announced {
                session.announce_end();
                announced = true;
            }
            if !session.players.contains(&Player::Human) {
                return Ok(());
            }
        } else {
            announced = false;
            if session.player_to_move() == Player::Computer {
                session.computer_move();
                continue;
            }
        }
        let side = session.game.side_name();
        let _ = write!(session.out, "{side}> ");
        let _ = session.out.flush();
        let Some(Ok(line)) = lines.next() else {
            session.say("");
            return Ok(());
        };
        if !session.handle(&line) {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_games::with_game;

    #[test]
    fn every_level_plans_as_the_game_layer_plans_it() {
        for kind in GameKind::ALL {
            for n in 1..=10 {
                let computer = ComputerSettings::level(Level::new(n).unwrap());
                let terminal = with_game!(kind, G => computer_plan::<G>(
                    &computer,
                    Duration::from_millis(1000),
                    3,
                ));
                let layer = kind.plan(
                    &computer,
                    SearchConfig::default(),
                    Limits::move_time(Duration::from_millis(1000)),
                    3,
                );
                assert_eq!(
                    terminal.level_terms(),
                    layer.level_terms(),
                    "{kind} level {n}"
                );
            }
        }
    }
}
