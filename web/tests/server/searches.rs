//! Amity's searches run side by side: a shallow answer in one room does not wait for a deep
//! search in another, and a person's `cancel` stops a search, which answers with the best it
//! has found (a hint answers as cancelled). Checked by the order things happen in, never by
//! how long they take.

use amity_web::hub::{Hub, Outbox};
use amity_web::search::SearchPool;
use serde_json::{Value, json};

fn messages(outbox: &Outbox, client: u64) -> Vec<Value> {
    outbox
        .iter()
        .filter(|(to, _)| *to == client)
        .map(|(_, text)| serde_json::from_str(text).expect("JSON"))
        .collect()
}

/// A room where Amity (White) decides first, `client` at Black.
fn amity_to_move(hub: &mut Hub, client: u64, variant: &str, depth: u32) -> u64 {
    hub.connect(client);
    let out = hub.handle(
        client,
        &json!({"op": "new", "variant": variant, "players": ["amity", "person"], "seat": 1, "depth": depth, "seed": 1})
            .to_string(),
    );
    messages(&out, client)[0]["room"].as_u64().expect("a room")
}

/// Waits, yielding, until `ready` (no time limit: the test is about order, not speed).
async fn until(ready: impl Fn() -> bool) {
    while !ready() {
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shallow_answer_does_not_wait_for_a_deep_search_elsewhere() {
    let pool = SearchPool::default();
    let mut hub = Hub::new();
    let deep_room = amity_to_move(&mut hub, 1, "gravity", 8);
    let shallow_room = amity_to_move(&mut hub, 2, "chess", 1);
    assert!(hub.claim_amity(deep_room));
    let deep = pool.start(hub.next_amity_job(deep_room).expect("Amity moves first"));
    until(|| deep.is_searching()).await;
    assert!(hub.claim_amity(shallow_room));
    let shallow = pool.start(hub.next_amity_job(shallow_room).expect("Amity moves first"));
    let answer = shallow.answer().await.expect("the shallow search answers");
    // The deep search is still under way when the shallow one has answered.
    assert!(!deep.is_finished(), "the depth-8 search ended first");
    let out = hub.apply_amity(answer);
    let told = messages(&out, 2).pop().expect("a state");
    assert_eq!(told["toDecide"], 1, "{told}");
    // The person in the deep room stops Amity: it plays the best it has found.
    let refused = hub.handle(2, r#"{"op":"cancel"}"#);
    assert_eq!(
        messages(&refused, 2)[0]["message"],
        "nothing is being searched for you to cancel"
    );
    assert!(hub.handle(1, r#"{"op":"cancel"}"#).is_empty());
    let answer = deep.answer().await.expect("the stopped search answers");
    assert!(answer.cancelled);
    let out = hub.apply_amity(answer);
    let told = messages(&out, 1).pop().expect("a state");
    assert_eq!(told["toDecide"], 1, "Amity played: {told}");
    assert_eq!(told["record"].as_array().map(Vec::len), Some(1), "{told}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_hint_answers_as_cancelled() {
    let pool = SearchPool::new(1);
    let mut hub = Hub::new();
    hub.connect(1);
    let out = hub.handle(
        1,
        &json!({"op": "new", "variant": "gravity", "players": ["person", "amity"], "seat": 0, "depth": 8, "seed": 1})
            .to_string(),
    );
    assert_eq!(messages(&out, 1)[0]["type"], "created");
    assert!(hub.handle(1, r#"{"op":"hint"}"#).is_empty());
    let (asker, job) = hub.take_hints().pop().expect("a hint to search");
    let stop = job.stop_flag();
    let hint = pool.start(job);
    until(|| hint.is_searching()).await;
    assert!(hub.handle(1, r#"{"op":"cancel"}"#).is_empty());
    let answer = hint.answer().await.expect("the stopped hint answers");
    assert!(hub.hint_done(asker, &stop), "the hint the page waits for");
    let text: Value = serde_json::from_str(&answer.hint_text()).expect("JSON");
    assert_eq!(text["cancelled"], true, "{text}");
    // Nothing is left to cancel.
    let out = hub.handle(1, r#"{"op":"cancel"}"#);
    assert_eq!(messages(&out, 1)[0]["type"], "error");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn amity_plays_at_the_elo_level_of_its_room() {
    let pool = SearchPool::default();
    let mut hub = Hub::new();
    hub.connect(1);
    let out = hub.handle(
        1,
        &json!({"op": "new", "variant": "chess", "players": ["amity", "person"], "seat": 1, "elo": 1200, "seed": 1})
            .to_string(),
    );
    let told = &messages(&out, 1)[0];
    let room = told["room"].as_u64().expect("a room");
    assert!(hub.claim_amity(room));
    let job = hub.next_amity_job(room).expect("Amity moves first");
    let answer = pool.start(job).answer().await.expect("Amity answers");
    let out = hub.apply_amity(answer);
    let state = messages(&out, 1).pop().expect("a state");
    // Amity played (legally: the hub plays only legal decisions) and the room says its level.
    assert_eq!(state["toDecide"], 1, "{state}");
    assert_eq!(state["elo"], 1200, "{state}");
}
