# OpenBench convention: `make [EXE=path]` builds the release binary and copies it to $(EXE).
EXE ?= amity
CARGO ?= cargo

.PHONY: all bench clean

all:
	$(CARGO) build --release
	cp target/release/amity $(EXE)

bench: all
	echo bench | target/release/amity

clean:
	$(CARGO) clean
