//! Bad input at the socket itself: a request over the size limit, text that is not JSON, a
//! binary frame, each answered with an error on a connection that goes on; only a frame past
//! the largest the socket reads closes it. No timing: each step waits for its answer.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// The server on a free port of 127.0.0.1, in the test's runtime; its address.
async fn start_server() -> std::net::SocketAddr {
    let (sender, receiver) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let address = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
        amity_web::serve(address, None, Default::default(), |server| {
            let _ = sender.send(server.address);
        })
        .await
        .expect("the server runs");
    });
    receiver.await.expect("the server starts")
}

/// The next text message, as JSON; `None` once the socket is closed. A server that never
/// answers fails the test (after a minute) rather than hanging it.
async fn next<S>(socket: &mut S) -> Option<Value>
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let received = tokio::time::timeout(std::time::Duration::from_secs(60), socket.next())
            .await
            .expect("the server answers");
        match received? {
            Ok(Message::Text(text)) => return Some(serde_json::from_str(&text).expect("JSON")),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_answered_and_the_connection_goes_on() {
    let address = start_server().await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .expect("the socket opens");
    assert_eq!(next(&mut socket).await.expect("hello")["type"], "hello");
    let long = format!(r#"{{"op":"lobby","pad":"{}"}}"#, "x".repeat(20_000));
    let refusals = [
        (
            Message::text(long.clone()),
            format!("a request of {} bytes is longer than 16384", long.len()),
        ),
        (
            Message::text("{\"op\":"),
            "malformed request: not JSON: EOF while parsing a value at line 1 column 6".into(),
        ),
        (
            Message::binary(vec![1, 2, 3]),
            "send text (JSON), not binary frames".into(),
        ),
        (
            Message::text(
                r#"{"op":"new","variant":"chess","players":["person","amity"],"seat":0,"depth":99}"#,
            ),
            "Amity searches to a depth of 1 to 8, not 99".into(),
        ),
    ];
    for (request, refused) in refusals {
        socket.send(request).await.expect("sent");
        let answer = next(&mut socket).await.expect("an answer");
        assert_eq!(answer["type"], "error", "{answer}");
        assert_eq!(answer["message"], refused.as_str());
    }
    // The connection still serves.
    socket
        .send(Message::text(r#"{"op":"lobby"}"#))
        .await
        .expect("sent");
    assert_eq!(next(&mut socket).await.expect("the lobby")["type"], "lobby");
    // A frame past what the socket reads (64 KB) closes it, and nothing else.
    let huge = "x".repeat(70_000);
    let _ = socket.send(Message::text(huge)).await;
    assert!(next(&mut socket).await.is_none(), "the socket is closed");
    // The server still serves others.
    let (mut other, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .expect("another socket opens");
    assert_eq!(next(&mut other).await.expect("hello")["type"], "hello");
}
