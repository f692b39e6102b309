//! `banco play`: a game in the terminal, human or computer on either side,
//! with the seeds' panels after every move.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use banco_chess::pgn::{PgnTags, write_pgn};
use banco_chess::shakmaty::{Color, Position};
use banco_chess::{ChessEvaluator, ChessGame, notation};
use banco_search::{Algorithm, Game, Level, Limits, SearchConfig, Searcher, Silent};
use clap::{Args, ValueEnum};

use crate::GameKind;
use crate::terminal::board::{Style, render};
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
    /// Which game.
    #[arg(default_value = "chess")]
    pub game: GameKind,
    /// Who plays white.
    #[arg(long, default_value = "human")]
    pub white: Player,
    /// Who plays black.
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
    /// The computer's evaluator (default: the level's).
    #[arg(long)]
    pub evaluator: Option<ChessEvaluator>,
    /// Start from this position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Draw the board with letters and no colours.
    #[arg(long)]
    pub ascii: bool,
    /// Show the board from black's side.
    #[arg(long)]
    pub flip: bool,
}

impl Default for PlayArgs {
    fn default() -> PlayArgs {
        PlayArgs {
            game: GameKind::Chess,
            white: Player::Human,
            black: Player::Computer,
            level: Level::MAX,
            movetime: 1000,
            algorithm: Algorithm::Engine,
            evaluator: None,
            fen: None,
            ascii: false,
            flip: false,
        }
    }
}

const HELP: &str = "Type a move as SAN (e4, Nf3, O-O, e8=Q) or UCI (e2e4, e7e8q), or a command:
  z, undo     take back your last move (and the computer's reply)
  r, reset    start again from the first position
  f, flip     turn the board around
  moves       list the legal moves
  level N     set the computer's level (1-10)
  fen         print the position as FEN
  pgn         print the game as PGN
  board       draw the board again
  help, ?     this list
  q, quit     leave";

struct Session<W: Write> {
    game: ChessGame,
    start: ChessGame,
    players: [Player; 2],
    level: Level,
    algorithm: Algorithm,
    evaluator: Option<ChessEvaluator>,
    movetime: Duration,
    flipped: bool,
    style: Style,
    searcher: Searcher,
    searches: u64,
    out: W,
}

impl<W: Write> Session<W> {
    fn player_to_move(&self) -> Player {
        match self.game.position().turn() {
            Color::White => self.players[0],
            Color::Black => self.players[1],
        }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    fn show(&mut self) {
        let last = self.game.moves().last().copied();
        let board = render(self.game.position(), self.flipped, last, self.style);
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
        let mut limits = Limits::move_time(self.movetime);
        let mut config = SearchConfig {
            algorithm: self.algorithm,
            hash_mb: 64,
            move_overhead: Duration::ZERO,
            ..SearchConfig::default()
        };
        self.searches += 1;
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ self.searches;
        self.level.apply(&mut config, &mut limits, seed);
        self.searcher.set_config(config);
        let eval = self
            .evaluator
            .unwrap_or_else(|| ChessEvaluator::for_strength(self.level.settings().evaluator));
        let result = self
            .searcher
            .search(&self.game, &eval, &limits, &mut Silent);
        let Some(mv) = result.best_move else {
            return;
        };
        let san = notation::to_san(self.game.position(), mv);
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
        self.game.undo();
        // Back to the last position where a human was to move.
        while humans && self.player_to_move() == Player::Computer && self.game.plies() > 0 {
            self.game.undo();
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
            "help" | "?" | "h" => self.say(HELP),
            "z" | "undo" => self.undo(),
            "r" | "reset" => {
                self.game = self.start.clone();
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
                let fen = self.game.fen();
                self.say(&fen);
            }
            "pgn" => {
                let mut tags = PgnTags::default();
                let name = |p: Player| match p {
                    Player::Human => "Human".to_owned(),
                    Player::Computer => format!("Banco level {}", self.level),
                };
                tags.set("White", &name(self.players[0]));
                tags.set("Black", &name(self.players[1]));
                let pgn = write_pgn(&self.game, &tags);
                self.say(pgn.trim_end());
            }
            "moves" => {
                let mut moves = Vec::new();
                self.game.legal_moves(&mut moves);
                let list: Vec<String> = moves
                    .iter()
                    .map(|&mv| notation::to_san(self.game.position(), mv))
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
            _ if self.game.status().is_over() => {
                self.say("The game is over: z to take back, r for a new game, q to leave.");
            }
            _ => match notation::parse_move(self.game.position(), input) {
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
        let status = self.game.status();
        let result = status.result(self.game.position().turn());
        let winner = match result {
            "1-0" => "White wins",
            "0-1" => "Black wins",
            _ => "Draw",
        };
        self.say(&format!("Game over: {status}. {winner} ({result})."));
    }
}

/// Plays a game on standard input and output.
pub fn run(args: &PlayArgs) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let terminal = stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    play(args, stdin.lock(), stdout.lock(), terminal)
}

/// Plays a game reading lines from `input`.
pub fn play<R: BufRead, W: Write>(
    args: &PlayArgs,
    input: R,
    out: W,
    terminal: bool,
) -> anyhow::Result<()> {
    let GameKind::Chess = args.game;
    let start = super::chess_game(args.fen.as_deref())?;
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
        evaluator: args.evaluator,
        movetime: Duration::from_millis(args.movetime.max(1)),
        flipped: args.flip || (args.white == Player::Computer && args.black == Player::Human),
        style,
        searcher: Searcher::new(SearchConfig {
            hash_mb: 64,
            ..SearchConfig::default()
        }),
        searches: 0,
        out,
    };
    session.say("Banco · chess · type 'help' for commands");
    session.show();
    let mut lines = input.lines();
    let mut announced = false;
    loop {
        if session.game.status().is_over() {
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
        let side = match session.game.position().turn() {
            Color::White => "White",
            Color::Black => "Black",
        };
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
