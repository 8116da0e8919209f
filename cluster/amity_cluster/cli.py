"""The `amity-cluster` command: `match`, `selfplay` and `label`, each handing its arguments to
the module that cuts the work into shards."""

import sys

USAGE = """usage: amity-cluster match [amity match arguments] [--address ADDR] [--shard-games N]
       amity-cluster selfplay [amity tune arguments] --out DIR [--shard-games N] [--address ADDR]
       amity-cluster label SOURCE --out DIR [--variant NAME] [--nodes N] [--address ADDR]

Runs Amity's matches, self-play and labelling in shards on a Ray cluster (--address), or on
Ray started on this machine. `amity-cluster COMMAND --help` lists a command's own options."""


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "match":
        from . import matches

        return matches.run(rest)
    if command in ("selfplay", "label"):
        from . import data

        return data.run(command, rest)
    print(f"amity-cluster: unknown command '{command}'\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
