#!/usr/bin/env python3
"""Merges a rerun of some deals into a solitaire benchmark table: a deal the first table left
unproven takes the rerun's proof when the rerun has one, else the lower of the two proven
upper limits (both are proven, so the lower one holds) and the better of the two wins found
(both are real wins). Proven deals of the first table are kept as they are. Writes the merged
CSV to stdout.

Usage: scripts/solitaire_merge.py neighbour_open.csv neighbour_unproven_rerun.csv > merged.csv
"""
import csv
import sys


def main():
    first_path, rerun_path = sys.argv[1:3]
    rerun = {row["deal"]: row for row in csv.DictReader(open(rerun_path, newline=""))}
    with open(first_path, newline="") as handle:
        reader = csv.DictReader(handle)
        writer = csv.DictWriter(sys.stdout, fieldnames=reader.fieldnames, lineterminator="\n")
        writer.writeheader()
        for row in reader:
            again = rerun.get(row["deal"])
            if row["score"] == "" and again is not None:
                if again["score"] != "":
                    row = dict(again, best_found=again["score"])
                else:
                    if again["score_at_most"] != "" and row["score_at_most"] != "":
                        row["score_at_most"] = str(min(int(row["score_at_most"]),
                                                       int(again["score_at_most"])))
                    found = [int(r["best_found"]) for r in (row, again) if r["best_found"] != ""]
                    if found:
                        row["best_found"] = str(max(found))
            writer.writerow(row)


if __name__ == "__main__":
    main()
