# The steps scripts/network_from_nothing.sh and scripts/network_more_data.sh share, sourced
# by both (from the repository's root), so that both know a position the same way and train
# the same way.

# An awk function: the key that tells positions apart in a `fen;label` line's FEN. Board, side
# to move, castling, en passant and the game's own FEN fields (such as Love's couple); the
# move counters are left out, so a position met again later in a game is the same position.
POSITION_KEY='function position_key(fen,    f, n, i, key) {
    n = split(fen, f, " "); key = f[1] " " f[2] " " f[3] " " f[4]
    for (i = 7; i <= n; i++) key = key " " f[i]
    return key
}'

# Sets AMITY to the binary to run: as given, or a quick build of this checkout.
find_amity() {
    if [ -z "${AMITY:-}" ]; then
        cargo build --profile quick --quiet
        AMITY=${CARGO_TARGET_DIR:-target}/quick/amity
    fi
}

# train_network VARIANT DATA NETWORK [amity train options]: the network as a correction to the
# game's linear (or classical) evaluation, on every position and its mirror image.
train_network() {
    variant=$1 data=$2 network=$3
    shift 3
    "$AMITY" train --variant "$variant" --data "$data" --on-linear --mirror --penalty 0.02 \
        --write "$network" "$@"
}
