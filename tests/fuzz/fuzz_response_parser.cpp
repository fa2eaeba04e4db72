// Fuzz target: the load generator's response parsing (Beast's
// response_parser with CountingBody, set up as BenchConnection does: no body
// limit, eager, skip for HEAD), fed whole and a byte at a time, the end of
// the input standing for the server closing the connection. The first byte
// says whether the request was a HEAD.
// Properties:
//  - both feedings end the same way: the same status, body length and
//    keep-alive, or both an error; but a malformed field line may be refused
//    fed whole while the trickled feeding still waits for the end of the head;
//  - a complete response with Content-Length, and a body by RFC 9112 §6.3
//    (not HEAD, 1xx, 204 or 304), counts exactly that many body bytes.
#include "FuzzCheck.h"

#include "bench/CountingBody.h"

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace http = boost::beast::http;
using Parser = http::response_parser<hostbench::bench::CountingBody>;

namespace {

struct Outcome
{
    bool done = false;
    bool failed = false;
    unsigned status = 0;
    std::uint64_t body = 0;
    bool keepAlive = false;
    std::optional<std::uint64_t> contentLength;
};

void setUp(Parser &parser, bool head)
{
    parser.get().body() = 0;
    parser.body_limit(boost::none);
    parser.eager(true);
    if (head)
        parser.skip(true);
}

// BenchConnection::onReceive's loop over what is buffered; true when it ended.
bool step(Parser &parser, std::string &buffer, Outcome &out)
{
    std::size_t offset = 0;
    boost::beast::error_code ec;
    while (offset < buffer.size() && !parser.is_done()) {
        const std::size_t used
            = parser.put(boost::asio::buffer(buffer.data() + offset, buffer.size() - offset), ec);
        offset += used;
        if (ec == http::error::need_more) {
            ec = {};
            break;
        }
        if (ec || used == 0)
            break;
    }
    buffer.erase(0, offset);
    if (ec) {
        out.failed = true;
        return true;
    }
    return parser.is_done();
}

Outcome finish(Parser &parser, bool ended, Outcome out)
{
    if (!ended && !out.failed && parser.got_some() && !parser.is_done()) {
        boost::beast::error_code ec;
        parser.put_eof(ec); // the server closed: a body delimited by the close ends here
    }
    out.done = parser.is_done();
    if (out.done) {
        out.status = parser.get().result_int();
        out.body = parser.get().body();
        out.keepAlive = parser.keep_alive();
        if (const auto length = parser.content_length())
            out.contentLength = *length;
    }
    return out;
}

Outcome whole(std::string_view input, bool head)
{
    Parser parser;
    setUp(parser, head);
    Outcome out;
    std::string buffer(input);
    const bool ended = step(parser, buffer, out);
    return finish(parser, ended, out);
}

Outcome bytewise(std::string_view input, bool head)
{
    Parser parser;
    setUp(parser, head);
    Outcome out;
    std::string buffer;
    bool ended = false;
    for (const char c : input) {
        buffer.push_back(c);
        if ((ended = step(parser, buffer, out)))
            break;
    }
    return finish(parser, ended, out);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 1 || size > 8192)
        return 0;
    const bool head = (data[0] & 1) != 0;
    const std::string_view input(reinterpret_cast<const char *>(data + 1), size - 1);
    const Outcome a = whole(input, head);
    const Outcome b = bytewise(input, head);
    if (b.failed || b.done) {
        FUZZ_CHECK(a.failed == b.failed);
        FUZZ_CHECK(a.done == b.done);
    } else {
        // Trickled, Beast waits for the blank line after its first try at the
        // fields; fed whole it may already have refused a malformed one.
        FUZZ_CHECK(!a.done);
    }
    if (!a.done)
        return 0;
    FUZZ_CHECK(a.status == b.status && a.body == b.body && a.keepAlive == b.keepAlive);
    // RFC 9112 §6.3 as Beast applies it: every status but 1xx, 204 and 304 may
    // have a body (Beast takes any three digits, 000 to 999, as a status).
    const bool hasBody = !head && a.status / 100 != 1 && a.status != 204 && a.status != 304;
    if (a.contentLength)
        FUZZ_CHECK(a.body == (hasBody ? *a.contentLength : 0));
    if (!hasBody)
        FUZZ_CHECK(a.body == 0);
    return 0;
}
