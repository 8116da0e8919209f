//! The web server's tests, in one binary so that the server and the games are linked once:
//! driven through the hub without a network or a browser, the message layer (`messages`),
//! searches side by side (`searches`) and seats kept by their browser (`seats`); bad input at a
//! real websocket (`socket`); and, ignored by plain `cargo test` because they need Chromium or
//! minutes, the page in a real browser (`browser`) and the server under load (`load`).

mod browser;
mod load;
mod messages;
mod searches;
mod seats;
mod socket;
mod webdriver;
