//! Noticing that the GUI has gone: when the reader of standard output closes its end (the
//! GUI quit or crashed), the engine ends at once and quietly instead of searching on for
//! nobody until its next line fails to write.

/// Watches standard output on a thread of its own and ends the process, with status 0 and
/// without a word, once its reader is gone. Blocks in `poll(2)` without waking: a pipe or
/// socket whose other end closes reports an error or hang-up, while a terminal, a file or
/// `/dev/null` never does, so output redirected to a file is never mistaken for a closed GUI.
#[cfg(unix)]
pub fn end_when_output_closes() {
    let watcher = std::thread::Builder::new()
        .name("amity-hangup".into())
        .stack_size(64 << 10)
        .spawn(|| {
            loop {
                let mut watched = libc::pollfd {
                    fd: libc::STDOUT_FILENO,
                    // Nothing requested: only the error and hang-up states wake the poll.
                    events: 0,
                    revents: 0,
                };
                // SAFETY: one valid, initialised pollfd, whose count is passed with it.
                let ready = unsafe { libc::poll(&mut watched, 1, -1) };
                if ready < 0 {
                    if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    // Standard output cannot be watched (closed at start): nothing to do.
                    return;
                }
                if watched.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) != 0 {
                    std::process::exit(0);
                }
            }
        });
    // Without the watcher the engine still ends when its input closes.
    drop(watcher);
}

/// Elsewhere the engine ends when its input closes.
#[cfg(not(unix))]
pub fn end_when_output_closes() {}
