"""GET /api/v2/search/hotwords: logged searches, distinct clients, recency, junk filtering, the block
list, the per-day cap, fallback, caching."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from api.search_log import rules
from store import hotwords
from store.models import Story
from store.writes import upsert
from tests.support import ROOT, client_for, data_of, story_fields, tiny_stack

ATTACK = "<script>alert(1)</script>"


def words(client) -> list[str]:
    data = data_of(client.get("/api/v2/search/hotwords", query_string={"type": "hotwords"}))
    return [item["source"]["content"] for item in data]


def search(client, q: str, address: str = "127.0.0.1", headers=None, **params) -> dict:
    """One search from `address` (the test client's REMOTE_ADDR)."""
    response = client.get(
        "/api/v2/search", query_string={"q": q, **params}, environ_base={"REMOTE_ADDR": address}, headers=headers
    )
    return data_of(response)


def ranked(stack, **overrides) -> list[str]:
    """The store's hot words under the stack's settings (uncached; the endpoint caches for 60 s)."""
    config = stack.settings(**overrides)
    return [w for w, _ in hotwords.ranked_words(stack.redis(), stack.alias, rules=rules(config))]


def today(stack) -> dict[str, int]:
    return hotwords.day_words(stack.redis(), stack.alias)


def test_defaults_while_traffic_is_thin(make_stack):
    stack = tiny_stack(make_stack, "hot-thin")
    with client_for(stack) as client:
        assert words(client) == stack.settings().default_hotwords[:10]


def test_hot_words_reflect_logged_searches(make_stack):
    stack = tiny_stack(make_stack, "hot-log")
    with client_for(stack) as client:
        for address in ("10.1.0.9", "10.29.0.1", "10.3.0.9"):
            search(client, "边界测试", address)
            search(client, "Empty Series", address)
            search(client, "x", address)  # junk
            search(client, "qqxzvvqq", address)  # finds nothing: not counted
        search(client, "  边界测试 ", "10.49.0.1")  # the same word
        search(client, "匿名", "10.1.0.9")
        search(client, "匿名", "10.29.0.1")
        search(client, "匿名", "10.3.0.9", page=2, size=1)  # paging: not a search
        hot = words(client)
    defaults = stack.settings().default_hotwords
    assert today(stack) == {"边界测试": 4, "empty series": 3, "匿名": 2}
    assert hot[:2] == ["边界测试", "Empty Series"]  # shown as typed
    assert "匿名" not in hot  # two clients: below the threshold
    assert "x" not in hot and "qqxzvvqq" not in hot
    assert hot[2:] == [w for w in defaults if w not in hot[:2]][: 10 - 2]


def test_the_attack_never_reaches_the_hot_words(make_stack):
    """Issue 8 §4: two anonymous searches of markup, and one client searching a word 50 times."""
    stack = tiny_stack(make_stack, "hot-attack")
    with stack.sessions()() as session:  # so that the attack's search finds something and is logged
        upsert(session, Story, {"id": 4801}, story_fields(f"{ATTACK} 注入演示"))
        session.commit()
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    with client_for(stack) as client:
        for address in ("198.51.100.1", "198.51.100.2", "198.51.100.3"):
            assert search(client, ATTACK, address)["total"] > 0
        for _ in range(50):
            search(client, "边界测试", "198.51.100.9")
        hot = words(client)
    assert today(stack) == {"边界测试": 1}
    assert hot == stack.settings().default_hotwords[:10]
    assert ranked(stack, hotwords_min_clients=1) == []  # one client's 50 searches weigh 1, below MIN_SCORE


def test_three_distinct_clients_from_two_networks_make_a_word_hot(make_stack):
    stack = tiny_stack(make_stack, "hot-three")
    with client_for(stack) as client:
        search(client, "边界测试", "192.0.2.1")
        search(client, "边界测试", "192.0.2.2")
        for _ in range(5):
            search(client, "边界测试", "192.0.2.2")
        assert ranked(stack) == []  # two clients, however often
        search(client, "边界测试", "192.0.2.3")
        assert ranked(stack) == []  # three clients, but all in one /24 network
        search(client, "边界测试", "198.51.100.3")
        assert ranked(stack) == ["边界测试"]
        assert words(client)[0] == "边界测试"
    assert ranked(stack, hotwords_min_clients=5) == [] and ranked(stack, hotwords_min_networks=3) == []


def test_a_signed_in_user_counts_once_whatever_the_address(make_stack):
    stack = tiny_stack(make_stack, "hot-user")
    with client_for(stack) as client:
        with client.session_transaction() as session:
            session["user_id"] = 101
        for n in range(1, 6):
            search(client, "边界测试", f"203.0.113.{n}")
    with client_for(stack) as anonymous:
        search(anonymous, "边界测试", "203.0.113.1")  # the address the user used: another client
        assert today(stack) == {"边界测试": 2}
        assert ranked(stack) == []
        search(anonymous, "边界测试", "198.51.100.99")  # another network
    assert ranked(stack) == ["边界测试"]
    # Addresses are kept only as keyed hashes (inside HyperLogLogs): no key or value holds one.
    redis = stack.redis()
    for key in redis.scan_iter(f"hub:hotwords:{stack.alias}:*"):
        assert "203.0.113" not in key
        if redis.type(key) == "hash":
            assert not any("203.0.113" in v for v in redis.hvals(key))


def test_ipv6_counts_per_64_block(make_stack):
    stack = tiny_stack(make_stack, "hot-ipv6")
    with client_for(stack) as client:
        search(client, "边界测试", "2001:db8:1:2::1")
        search(client, "边界测试", "2001:db8:1:2:ffff:ffff:ffff:ffff")  # the same /64
        assert today(stack) == {"边界测试": 1}
        search(client, "边界测试", "2001:db8:1:3::1")
        search(client, "边界测试", "::ffff:192.0.2.1")  # IPv4-mapped: the IPv4 client
        search(client, "边界测试", "192.0.2.1")
    assert today(stack) == {"边界测试": 3}


def test_forwarded_for_is_trusted_only_when_configured(make_stack):
    stack = tiny_stack(make_stack, "hot-proxy")
    forwarded = ("192.0.2.10", "192.0.2.11", "192.0.2.12")
    with stack.app().test_client() as direct:  # HUB_PROXY_HOPS=0: the header is the caller's to forge
        for address in forwarded:
            search(direct, "边界测试", "10.1.1.1", headers={"X-Forwarded-For": address})
    assert today(stack) == {"边界测试": 1}
    with stack.app(proxy_hops=1).test_client() as proxied:  # behind one proxy: its last entry
        for address in forwarded:
            search(proxied, "Empty Series", "10.1.1.1", headers={"X-Forwarded-For": f"6.6.6.6, {address}"})
        search(proxied, "匿名", "10.1.1.1", headers={"X-Forwarded-For": "192.0.2.10, 10.1.1.1"})
        search(proxied, "匿名", "10.1.1.1", headers={"X-Forwarded-For": "192.0.2.11, 10.1.1.1"})
    assert today(stack) == {"边界测试": 1, "empty series": 3, "匿名": 1}


def test_recent_searches_weigh_more(make_stack):
    stack = tiny_stack(make_stack, "hot-decay")
    now = datetime.now(UTC)
    redis = stack.redis()

    def record(word: str, clients: range, days_ago: int) -> None:
        for n in clients:
            assert hotwords.record_search(redis, stack.alias, word, f"c{n}", now - timedelta(days=days_ago))

    record("三天前的热词", range(6), 3)
    record("今天的热词", range(3), 0)
    record("昨天的热词", range(3), 1)
    ranked = [w for w, _ in hotwords.ranked_words(redis, stack.alias, now)]
    assert ranked == ["今天的热词"]  # 6 clients 3 days ago weigh 0.75; 3 yesterday weigh 1.5
    record("昨天的热词", range(3, 6), 1)
    assert [w for w, _ in hotwords.ranked_words(redis, stack.alias, now)] == ["今天的热词", "昨天的热词"]


def test_clients_are_distinct_over_the_window(make_stack):
    """Two clients searching every day count as two, not fourteen."""
    stack = tiny_stack(make_stack, "hot-window")
    now = datetime.now(UTC)
    redis = stack.redis()
    for age in range(hotwords.WINDOW_DAYS):
        for who in ("a", "b"):
            assert hotwords.record_search(redis, stack.alias, "每天都搜", who, now - timedelta(days=age))
            assert not hotwords.record_search(redis, stack.alias, "每天都搜", who, now - timedelta(days=age))
    assert hotwords.ranked_words(redis, stack.alias, now) == []  # weighs 3.97, but only two clients
    hotwords.record_search(redis, stack.alias, "每天都搜", "c", now - timedelta(days=6))
    assert [w for w, _ in hotwords.ranked_words(redis, stack.alias, now)] == ["每天都搜"]


def test_junk_is_not_counted():
    junk = (
        "x",
        "大",
        "   ",
        "1234",
        "!!!",
        "哈哈哈哈",
        "https://example.com/x",
        "www.example.com",
        "a" * 31,
        ATTACK,
        "<b>大模型</b>",
        "&lt;script&gt;",
        '"大模型"',
        "大模型😀",
        "a=b",
        "大模型 \u0410\u0418",  # Cyrillic
        "\u200b\u200b",
        "\u3164\u3164大",  # Hangul fillers: invisible letters
    )
    for word in junk:
        assert hotwords.is_junk(hotwords.normalize(word)), word
    for word in ("AI", "大模型", "GPT-4 多模态", "RAG", "GPT-4", "C++", "C#", ".NET", "AI 编程", "马斯克·X", "R&D"):
        assert not hotwords.is_junk(hotwords.normalize(word)), word
    # Invisible and format characters are stripped before counting; widths are folded.
    assert hotwords.normalize("\ufeffG\u200bPT\u202e-4\u200d") == "gpt-4"
    assert hotwords.normalize("ＧＰＴ－４\u3000多模态") == "gpt-4 多模态"
    assert hotwords.clean("  大\u2060模型\ufe0f  ") == "大模型"


def test_blocked_words_are_never_counted_nor_shown(make_stack, tmp_path):
    stack = tiny_stack(make_stack, "hot-block")
    blocklist = tmp_path / "blocklist.txt"
    blocklist.write_text("# editors\n", encoding="utf-8")
    app = stack.app(hotwords_blocklist=blocklist)
    with app.test_client() as client:
        for address in ("10.21.0.1", "10.22.0.1", "10.23.0.1"):
            search(client, "Empty Series", address)
            search(client, "边界测试", address)
        assert ranked(stack, hotwords_blocklist=blocklist) == ["Empty Series", "边界测试"]

        # Edited while running: applies without a restart; a pattern blocks a substring.
        blocklist.write_text("# editors\n*测试*\nＥＭＰＴＹ   series\n", encoding="utf-8")
        assert ranked(stack, hotwords_blocklist=blocklist) == []
        for address in ("10.24.0.1", "10.25.0.1"):
            search(client, "边界测试", address)
            search(client, "Empty.Series", address)  # separators do not get past the list
            search(client, "边界 测试一天", address)
        hot = words(client)
    assert today(stack) == {"empty series": 3, "边界测试": 3}  # nothing more counted once blocked
    assert "Empty Series" not in hot and not any("测试" in w for w in hot)
    assert hot == stack.settings().default_hotwords[:10]
    # A missing list blocks nothing.
    assert ranked(stack, hotwords_blocklist=tmp_path / "missing.txt") == ["Empty Series", "边界测试"]


def test_the_shipped_block_list_loads():
    path = ROOT / "data" / "hotwords-blocklist.txt"
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    entries = [line for line in lines if line and not line.startswith("#")]
    assert entries
    for entry in entries:
        assert hotwords.is_blocked(entry.replace("*", "之"), path), entry
    assert not hotwords.is_blocked("大模型", path)


def test_the_stored_set_is_capped(make_stack):
    stack = tiny_stack(make_stack, "hot-cap")
    redis = stack.redis()
    with stack.app(hotwords_day_cap=2).test_client() as client:  # the setting reaches the API
        for q in ("边界测试一天", "边界测试三天", "边界测试一周"):
            search(client, q, "10.3.0.1")
    assert set(today(stack)) == {"边界测试三天", "边界测试一周"}  # among equals the newest stay

    cap = hotwords.Rules(day_cap=5)
    for k in range(4):  # word k is searched by k + 2 clients
        for n in range(k + 2):
            hotwords.record_search(redis, stack.alias, f"词语{k}", f"client-{n}", rules=cap)
    for i in range(20):  # then a flood of words searched once
        hotwords.record_search(redis, stack.alias, f"噪声{i}", "flooder", rules=cap)
    assert today(stack) == {"词语0": 2, "词语1": 3, "词语2": 4, "词语3": 5, "噪声19": 1}
    hotwords.record_search(redis, stack.alias, "噪声19", "another", rules=cap)
    hotwords.record_search(redis, stack.alias, "噪声20", "flooder", rules=cap)  # strictly the lowest: dropped
    assert today(stack) == {"词语0": 2, "词语1": 3, "词语2": 4, "词语3": 5, "噪声19": 2}

    day = f"hub:hotwords:{stack.alias}:{datetime.now(UTC):%Y%m%d}"
    kept = [*(f"词语{k}" for k in range(4)), "噪声19"]
    records = list(redis.scan_iter(f"{day}:c:*"))
    assert sorted(records) == sorted(f"{day}:c:{w}" for w in kept)  # trimmed with their words
    assert sorted(redis.hkeys(f"{day}:display")) == sorted(kept)
    for key in [day, f"{day}:display", *records]:  # every record expires
        assert 0 < redis.ttl(key) <= hotwords.KEEP_DAYS * 86400


def test_hot_words_are_cached(make_stack):
    stack = tiny_stack(make_stack, "hot-cache")
    with client_for(stack) as client:
        before = words(client)
        for address in ("10.41.0.1", "10.42.0.1", "10.43.0.1"):
            search(client, "边界测试", address)
        assert words(client) == before  # served from the cache for a minute
        assert "边界测试" in hotwords.hot_words(stack.redis(), stack.alias, [], 10)


def test_rising_words_beat_steady_ones_and_the_worker_publishes_them(make_stack):
    from worker.runtime import _build

    stack = tiny_stack(make_stack, "hot-rising")
    client, alias = stack.redis(), stack.alias
    now = datetime.now(UTC)
    config = stack.settings()
    # Steady: the same 3 clients every day of the week (as many a day recently as before).
    for age in range(7):
        for n in range(3):
            hotwords.record_search(client, alias, "大模型", f"steady-{n}", now - timedelta(days=age), rules(config))
    # Rising: 3 clients today, 1 of them also yesterday, nobody before.
    for n in range(3):
        hotwords.record_search(client, alias, "Sora", f"new-{n}", now, rules(config))
    hotwords.record_search(client, alias, "Sora", "new-0", now - timedelta(days=1), rules(config))
    # Many raw searches by two clients: not enough distinct clients to rise.
    for _ in range(20):
        hotwords.record_search(client, alias, "刷榜", "bot-1", now, rules(config))
        hotwords.record_search(client, alias, "刷榜", "bot-2", now, rules(config))
    rising = hotwords.rising_words(client, alias, now, rules(config))
    assert rising == [("Sora", 2.0)]  # (3 + 1) / 2 days - 0 before
    listed = hotwords.hot_words(client, alias, config.default_hotwords, 10, rules(config), now)
    assert listed[:2] == ["Sora", "大模型"] and "刷榜" not in listed
    # The worker's beat publishes the list; the endpoint serves the published one.
    hotwords.publish(client, alias, ["发布的词"], 60)
    with client_for(stack) as api:
        assert words(api) == ["发布的词"]
    assert _build(config).refresh_hot_words()[:2] == ["Sora", "大模型"]
    assert hotwords.published(client, alias)[:2] == ["Sora", "大模型"]
