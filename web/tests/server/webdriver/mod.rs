//! A small WebDriver client for the browser tests: starts Debian's `chromedriver`, opens
//! headless Chromium sessions and sends the W3C WebDriver commands the tests use, as JSON
//! over plain HTTP/1.1 to the driver on 127.0.0.1.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The W3C name of an element reference in a driver's answer.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A running chromedriver, ended when dropped.
pub struct Driver {
    process: Child,
    port: u16,
}

/// Sends one HTTP request to the driver and returns the JSON `value` of its answer, or the
/// driver's error as text.
fn request(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body.as_bytes()))
        .map_err(|e| e.to_string())?;
    // The driver keeps the connection open: read the head, then as many bytes as it says.
    let mut answer = Vec::new();
    let mut buffer = [0u8; 16384];
    let head_end = loop {
        if let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        let read = stream.read(&mut buffer).map_err(|e| e.to_string())?;
        if read == 0 {
            return Err("the driver closed the connection".into());
        }
        answer.extend_from_slice(&buffer[..read]);
    };
    let head = String::from_utf8_lossy(&answer[..head_end]).to_string();
    let length = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.trim()
                .eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())
                .flatten()
        })
        .ok_or_else(|| format!("no Content-Length: {head}"))?;
    let mut body = answer[head_end + 4..].to_vec();
    while body.len() < length {
        let read = stream.read(&mut buffer).map_err(|e| e.to_string())?;
        if read == 0 {
            break;
        }
        body.extend_from_slice(&buffer[..read]);
    }
    let body = String::from_utf8_lossy(&body).to_string();
    let parsed: Value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    let value = parsed.get("value").cloned().unwrap_or(Value::Null);
    if head.starts_with("HTTP/1.1 2") {
        Ok(value)
    } else {
        Err(format!("{method} {path}: {value}"))
    }
}

impl Driver {
    /// Starts chromedriver. Panics (the test fails, never skips) when it is not installed.
    pub fn start() -> Driver {
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
            listener.local_addr().expect("its address").port()
        };
        let process = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "chromedriver must be installed for the browser tests \
                 (apt-get install -y chromium chromium-driver)",
            );
        let driver = Driver { process, port };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(status) = request(port, "GET", "/status", None)
                && status["ready"] == true
            {
                return driver;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Opens a headless Chromium window of the given size.
    pub fn browser(&self, width: u32, height: u32) -> Browser {
        let capabilities = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": "/usr/bin/chromium",
                    "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                             "--disable-dev-shm-usage", format!("--window-size={width},{height}")],
                },
            }},
        });
        let session = request(self.port, "POST", "/session", Some(&capabilities))
            .expect("chromium must start under chromedriver");
        let id = session["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Browser {
            port: self.port,
            id,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// One browser window.
pub struct Browser {
    port: u16,
    id: String,
}

impl Browser {
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.id);
        request(self.port, method, &path, body.as_ref())
    }

    pub fn go(&self, url: &str) {
        self.command("POST", "/url", Some(json!({ "url": url })))
            .expect("navigation");
    }

    /// The element the CSS selector finds, if any.
    pub fn find(&self, css: &str) -> Option<String> {
        let found = self
            .command(
                "POST",
                "/element",
                Some(json!({ "using": "css selector", "value": css })),
            )
            .ok()?;
        found[ELEMENT].as_str().map(str::to_string)
    }

    /// Waits up to `seconds` for the selector to find something.
    pub fn wait_for(&self, css: &str, seconds: u64) -> String {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            if let Some(element) = self.find(css) {
                return element;
            }
            assert!(
                Instant::now() < deadline,
                "nothing matches {css} in {}",
                self.source()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A real click (the driver moves the pointer onto the element's centre and clicks).
    pub fn click(&self, css: &str) {
        let element = self.wait_for(css, 10);
        self.command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        )
        .unwrap_or_else(|error| panic!("click on {css}: {error}"));
    }

    /// Chooses `value` in the `<select>` with this id by clicking its option.
    pub fn select(&self, id: &str, value: &str) {
        self.click(&format!("#{id} option[value='{value}']"));
    }

    /// Types into an input.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self.wait_for(css, 10);
        self.command(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        )
        .expect("clear");
        self.command(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        )
        .expect("typing");
    }

    /// Runs a script in the page and returns its value.
    pub fn script(&self, script: &str) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
        .unwrap_or_else(|error| panic!("script {script}: {error}"))
    }

    /// The page's HTML as it is now.
    pub fn source(&self) -> String {
        self.command("GET", "/source", None)
            .expect("page source")
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let encoded = self
            .command("GET", "/screenshot", None)
            .expect("screenshot");
        decode_base64(encoded.as_str().unwrap_or_default())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.command("DELETE", "", None);
    }
}

/// Standard base64 (as WebDriver sends screenshots), padding and line breaks ignored.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |byte: u8| match byte {
        b'A'..=b'Z' => Some(byte - b'A'),
        b'a'..=b'z' => Some(byte - b'a' + 26),
        b'0'..=b'9' => Some(byte - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0);
    for sextet in text.bytes().filter_map(value) {
        bits = (bits << 6) | u32::from(sextet);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}
