//! The server without a network or a browser, driven through the hub: the message layer
//! (`messages`), searches side by side (`searches`) and seats kept by their browser (`seats`).
//! One test binary; the page in a real browser is `web/tests/browser.rs`.

mod messages;
mod searches;
mod seats;
