"""Tests of scripts/stockfish_labels.py's resume: which source positions a stopped run has
already settled (run by .ci/run with pytest; needs no engine)."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from stockfish_labels import positions_done  # noqa: E402

SOURCE = [f"fen{index} w - - 0 1;0.5" for index in range(6)]


def test_no_target_means_nothing_done(tmp_path):
    assert positions_done(str(tmp_path / "missing.txt"), SOURCE) == 0


def test_resumes_after_the_last_label_even_past_dropped_positions(tmp_path):
    # fen1 and fen3 were dropped (mates): they leave no line, but fen3 is settled.
    target = tmp_path / "labelled.txt"
    target.write_text("fen0 w - - 0 1;0.4000\nfen2 w - - 0 1;0.6000\nfen4 w - - 0 1;0.1000\n")
    assert positions_done(str(target), SOURCE) == 5


def test_an_unfinished_last_line_is_cut_off_and_labelled_again(tmp_path):
    target = tmp_path / "labelled.txt"
    target.write_text("fen0 w - - 0 1;0.4000\nfen1 w - - 0 1;0.6000\nfen2 w - - 0")
    assert positions_done(str(target), SOURCE) == 2
    assert target.read_text() == "fen0 w - - 0 1;0.4000\nfen1 w - - 0 1;0.6000\n"


def test_a_target_of_other_positions_is_not_resumed(tmp_path):
    target = tmp_path / "labelled.txt"
    target.write_text("other w - - 0 1;0.5000\n")
    assert positions_done(str(target), SOURCE) == 0
