//! `banco play`: a game in the terminal, human or computer on either side,
//! with the seeds' panels after every move.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use banco_games::computer::{SearchPlan, plan, think};
use banco_games::swap::{SwapAnswer, SwapRule};
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
    /// The computer's evaluator, simple, strong or nnue (default: the level's).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Draw the board with letters (FEN letters for xiangqi) and no colours.
    #[arg(long)]
    pub ascii: bool,
    /// Show the board from the second player's side.
    #[arg(long)]
    pub flip: bool,
    /// Gomoku: open with swap1 or swap2 (the first player puts three
    /// stones, the second chooses a colour or, in swap2, adds two stones
    /// and leaves the choice to the first).
    #[arg(long, value_parser = parse_swap_rule)]
    pub opening: Option<SwapRule>,
}

fn parse_swap_rule(text: &str) -> Result<SwapRule, String> {
    text.parse()
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
            opening: None,
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

    /// The plan of the computer's next search.
    fn next_plan(&mut self) -> SearchPlan {
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
        computer_plan::<G>(&computer, self.movetime, seed)
    }

    /// Plays the computer's move and prints the panel.
    fn computer_move(&mut self) {
        let plan = self.next_plan();
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

    /// Plays `texts` as the next moves, all or none.
    fn play_all(&mut self, texts: &[&str]) -> Result<(), String> {
        let mut tried = self.game.clone();
        for text in texts {
            let mv = tried.parse_move(text).map_err(|err| err.to_string())?;
            tried.make_move(mv);
            if tried.ending().is_some() {
                return Err(format!("{text} ends the game: the opening may not"));
            }
        }
        self.game = tried;
        Ok(())
    }

    /// Asks the human whose choice it is until a line reads as one of
    /// `counts` stones (or `swap`, if `swap_allowed`); `None` at the end
    /// of the input or on `quit`.
    fn ask_stones(
        &mut self,
        lines: &mut impl Iterator<Item = std::io::Result<String>>,
        prompt: &str,
        counts: &[usize],
        swap_allowed: bool,
    ) -> Option<Option<Vec<String>>> {
        loop {
            let _ = write!(self.out, "{prompt}> ");
            let _ = self.out.flush();
            let Some(Ok(line)) = lines.next() else {
                self.say("");
                return None;
            };
            let words: Vec<String> = line
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect();
            match words.first().map(|w| w.to_ascii_lowercase()) {
                Some(w) if matches!(w.as_str(), "q" | "quit" | "exit") => return None,
                Some(w) if w == "swap" && swap_allowed && words.len() == 1 => {
                    return Some(None);
                }
                _ if counts.contains(&words.len()) => {
                    let texts: Vec<&str> = words.iter().map(String::as_str).collect();
                    match self.play_all(&texts) {
                        Ok(()) => return Some(Some(words)),
                        Err(err) => self.say(&err),
                    }
                }
                _ => self.say(&format!("Expected {prompt}.")),
            }
        }
    }

    /// The computer's answer at this step of the opening.
    fn computer_swap(&mut self, opening: SwapRule) -> anyhow::Result<SwapAnswer> {
        let plan = self.next_plan();
        let answer = self
            .game
            .swap_answer(opening, &mut self.searcher, &plan)
            .ok_or_else(|| anyhow::anyhow!("{} has no swap openings", G::INFO.name))??;
        Ok(answer)
    }

    fn play_points(&mut self, points: &[banco_gomoku::Point]) -> anyhow::Result<()> {
        let texts: Vec<String> = points.iter().map(ToString::to_string).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        self.play_all(&texts).map_err(anyhow::Error::msg)
    }

    /// The swap opening: the first player (black's, to begin with) puts
    /// three stones; the second takes black (`swap`), stays white and
    /// plays, or (swap2) adds two stones, and then the first chooses.
    /// A swap exchanges who plays which colour. `Ok(false)` when the human
    /// left during it.
    fn swap_opening(
        &mut self,
        opening: SwapRule,
        lines: &mut impl Iterator<Item = std::io::Result<String>>,
    ) -> anyhow::Result<bool> {
        let opener = match self.players[0] {
            Player::Human => "you put",
            Player::Computer => "Banco puts",
        };
        let chooser = match self.players[1] {
            Player::Human => "you choose",
            Player::Computer => "Banco chooses",
        };
        self.say(&format!(
            "Opening: {}: {opener} the first three stones, then {chooser}.",
            opening.name()
        ));
        // The first three stones.
        if self.players[0] == Player::Computer {
            if let SwapAnswer::Opening(three) = self.computer_swap(opening)? {
                self.play_points(&three)?;
                self.say(&format!(
                    "Banco opens with {} {} {}.",
                    three[0], three[1], three[2]
                ));
            }
        } else if self
            .ask_stones(lines, "three stones (black, white, black)", &[3], false)
            .is_none()
        {
            return Ok(false);
        }
        self.show();
        // The second player's choice.
        let two_allowed = opening == SwapRule::Swap2;
        let added = if self.players[1] == Player::Computer {
            match self.computer_swap(opening)? {
                SwapAnswer::Swap => {
                    self.players.swap(0, 1);
                    self.say("Banco swaps: it takes black, you play white.");
                    false
                }
                SwapAnswer::Play(p) => {
                    self.play_points(&[p])?;
                    self.say(&format!("Banco stays white and plays {p}."));
                    false
                }
                SwapAnswer::AddTwo(two) => {
                    self.play_points(&two)?;
                    self.say(&format!(
                        "Banco adds {} and {}: choose your colour.",
                        two[0], two[1]
                    ));
                    true
                }
                SwapAnswer::Opening(_) => false,
            }
        } else {
            let prompt = if two_allowed {
                "swap (take black), a stone (stay white), or two stones (white, black)"
            } else {
                "swap (take black) or a stone (stay white)"
            };
            let counts: &[usize] = if two_allowed { &[1, 2] } else { &[1] };
            match self.ask_stones(lines, prompt, counts, true) {
                None => return Ok(false),
                Some(None) => {
                    self.players.swap(0, 1);
                    self.say("You take black: Banco plays white.");
                    false
                }
                Some(Some(stones)) => stones.len() == 2,
            }
        };
        // Swap2's last choice, the first player's, after two stones more.
        if added {
            if self.players[0] == Player::Computer {
                match self.computer_swap(opening)? {
                    SwapAnswer::Play(p) => {
                        self.players.swap(0, 1);
                        self.play_points(&[p])?;
                        self.say(&format!("Banco takes white and plays {p}."));
                    }
                    _ => self.say("Banco takes black: you play white."),
                }
            } else {
                match self.ask_stones(
                    lines,
                    "swap (take black) or a stone (take white)",
                    &[1],
                    true,
                ) {
                    None => return Ok(false),
                    Some(None) => {}
                    Some(Some(_)) => self.players.swap(0, 1),
                }
            }
        }
        self.show();
        Ok(true)
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
    let mut lines = banco_protocol::input::LossyLines::new(input);
    if let Some(opening) = args.opening {
        if G::INFO.name != "gomoku" {
            anyhow::bail!("--opening {} is for gomoku", opening.name());
        }
        if session.game.plies() > 0 {
            anyhow::bail!("--opening starts on an empty board: leave out --fen");
        }
        if !session.swap_opening(opening, &mut lines)? {
            return Ok(());
        }
    } else {
        session.show();
    }
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
