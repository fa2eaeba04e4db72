#pragma once

#include "CountingBody.h"

#include <boost/beast/http/parser.hpp>

#include <cstddef>
#include <memory>
#include <memory_resource>
#include <optional>

namespace hostbench::bench {

/*
 * Reads one exchange's response from the bytes a connection receives: Beast's
 * response_parser with CountingBody (no body limit, eager, skip for HEAD),
 * and the interim responses of RFC 9110 §15.2 skipped. Beast takes a 1xx for
 * a whole message (it has no content); a client must read on to the final
 * response, so after each 1xx but 101 the reader starts a fresh parser on
 * the bytes that follow. 101 (Switching Protocols) is the final response: no
 * HTTP follows it on that connection.
 *
 * The parser's header fields live in an arena that is rewound for each
 * message: no malloc per field or per response (spills past kArenaSize go
 * to the heap). Used by BenchConnection and by the fuzz target
 * fuzz_response_parser.
 *
 * Thread: its connection's generator thread.
 */
class ResponseReader final
{
public:
    using Allocator = std::pmr::polymorphic_allocator<char>;
    using Parser = boost::beast::http::response_parser<CountingBody, Allocator>;
    static constexpr std::size_t kArenaSize = 4 * 1024; // typical response headers

    enum class State {
        NeedMore, // no final response yet: feed more, or call atEnd() when the peer closed
        Done, // the final response is complete: parser() holds it
        Error, // malformed: the connection is of no more use
    };

    ResponseReader();

    // Ready for the response to a new request; `head`: the request was HEAD,
    // so the final response has no body whatever its fields say.
    void reset(bool head);
    // Parses what it can of [data, data + size); `consumed` is how many bytes
    // it took (the rest is an incomplete head, or bytes after Done).
    State feed(const char *data, std::size_t size, std::size_t &consumed);
    // The peer closed: Done when that ends a body delimited by the close
    // (RFC 9112 §6.3 item 8), else Error.
    State atEnd();

    // Whether any byte of the current message (after the interim ones) arrived.
    bool gotSome() const { return m_parser->got_some(); }
    const Parser &parser() const { return *m_parser; }
    // Interim responses skipped since reset().
    unsigned interimResponses() const { return m_interim; }

private:
    void restart();

    std::unique_ptr<std::byte[]> m_arenaBuffer;
    std::pmr::monotonic_buffer_resource m_arena;
    std::optional<Parser> m_parser;
    bool m_head = false;
    unsigned m_interim = 0;
};

} // namespace hostbench::bench
