#!/usr/bin/env python3
"""Drives `banco uci` with python-chess through whole games.

python-chess checks every move Banco sends. Two Banco processes play a full
game against each other on a clock, one at full strength and one at level 3,
then analysis and a mate search are checked. Exits non-zero on any failure.

    python3 tests/uci/python_chess_game.py target/release/banco
"""
import sys

import chess
import chess.engine


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/banco"
    strong = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    weak = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    try:
        assert strong.id["name"].startswith("Banco"), strong.id
        for name in ("Hash", "Threads", "Level", "Algorithm", "Evaluator"):
            assert name in strong.options, f"option {name} missing"
        strong.configure({"Hash": 32})
        weak.configure({"Level": 3})

        board = chess.Board()
        clock = {chess.WHITE: 10.0, chess.BLACK: 10.0}
        engines = {chess.WHITE: strong, chess.BLACK: weak}
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=0.1, black_inc=0.1)
            result = engines[board.turn].play(board, limit, info=chess.engine.INFO_ALL)
            assert result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}"
            board.push(result.move)
        outcome = board.outcome(claim_draw=True)
        print(f"game over after {board.ply()} plies: {board.result(claim_draw=True)}"
              f" ({outcome.termination.name if outcome else 'ply limit'})")
        assert board.ply() >= 10

        info = strong.analyse(chess.Board(), chess.engine.Limit(depth=8))
        assert info["depth"] >= 8 and info["pv"] and info["score"] is not None, info
        print(f"analysis of the start: depth {info['depth']}, score {info['score'].white()}, pv {info['pv'][0]}")

        mate = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        info = strong.analyse(mate, chess.engine.Limit(depth=4))
        assert info["score"].white().mate() == 1, info["score"]
        assert info["pv"][0] == chess.Move.from_uci("h5f7")

        stalemate = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
        assert strong.play(stalemate, chess.engine.Limit(depth=2)).move is None
        print("python-chess drove banco uci through a full game: ok")
    finally:
        strong.quit()
        weak.quit()


if __name__ == "__main__":
    main()
